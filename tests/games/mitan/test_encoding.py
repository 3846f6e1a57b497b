"""Mitan's encoding for the AI adapters: every action text has an id, observations come from
a seat's view only (MT-16 hides the other army's placement) and name what they say."""

from __future__ import annotations

import pytest

from ludotheque.core.encoding import Encoding
from ludotheque.core.game import Config, State, canonical
from ludotheque.core.rng import Rng
from ludotheque.games.mitan import GAME, MitanOptions, MitanState
from ludotheque.games.mitan.board import KIND_OF_CODE, SQUARES
from ludotheque.games.mitan.encoding import encoding_for
from ludotheque.games.mitan.pieces import piece
from tests.games.encoding_checks import check_encoded_playouts

from .helpers import position

CONFIGS = list(GAME.configs())
# A lesson's position is a setup too (MT-27): the encoding must cover it.
LESSON = Config(2, MitanOptions(position=GAME.lessons()[0].options["position"]), "lesson")


def _encoding(config: Config) -> Encoding:
    encoding = GAME.encoding(config.players, config.options)
    assert encoding is not None
    return encoding


def _observe(state: State, seat: int) -> list[float]:
    return _encoding(CONFIGS[0]).observe(state.view(seat), seat)


def _named(numbers: list[float], prefix: str) -> dict[str, float]:
    names = _encoding(CONFIGS[0]).observation_names
    return {n: x for n, x in zip(names, numbers, strict=True) if n.startswith(prefix) and x}


@pytest.mark.parametrize("config", [*CONFIGS, LESSON], ids=lambda c: c.label)
def test_random_playouts_every_legal_action_has_an_id_and_observations_come_from_views(
        config: Config) -> None:
    # MT-16: re-dealing the other army's secret placement changes nothing seen; whatever a
    # seat does, it sees it done (a piece, the market, the half-moves).
    rng = Rng(11)
    check_encoded_playouts(GAME, config, range(3), lambda seed: rng, bound=1.0)


def test_the_hidden_placement_is_not_in_the_other_seats_observation() -> None:
    state = GAME.new(4, 2, {"placement": "hidden"})
    assert isinstance(state, MitanState)
    while state.phase == 0:  # the draft
        state.apply(state.to_act()[0], state.legal_actions(state.to_act()[0])[0])
    state.play("C@e9", seat=1)  # MT-16: in secret
    assert _named(_observe(state, 1), "board.") == {"board.e9.chef.mine": 1.0}
    assert _named(_observe(state, 0), "board.") == {}
    assert _named(_observe(state, 0), "placed.") == {"placed.theirs": 1 / 8}
    assert not _named(_observe(state, 0), "reserve.").get("reserve.chef.theirs")


def test_a_chef_on_its_square_sets_exactly_its_own_plane_for_each_side() -> None:
    state = position({"e1": "C", "e9": "c", "c5": "L"}, "b", "12 0,1 3,7")
    mine = _named(_observe(state, 0), "board.")
    assert mine == {"board.e1.chef.mine": 1.0, "board.e9.chef.theirs": 1.0,
                    "board.c5.lancier.mine": 1.0}
    theirs = _named(_observe(state, 1), "board.")
    assert theirs == {"board.e1.chef.theirs": 1.0, "board.e9.chef.mine": 1.0,
                      "board.c5.lancier.theirs": 1.0}
    # MT-1 the Mitans, MT-21 the streak, MT-23 centre points and half-moves, whose turn.
    black = _observe(state, 1)
    assert _named(black, "mitan.") == {"mitan.c5.theirs": 1.0}
    assert _named(black, "streak.") == {"streak.mine": 0.5}
    assert _named(black, "points.") == {"points.theirs": 3 / 150, "points.mine": 7 / 150}
    assert _named(black, "turn.") == {"turn.mine": 1.0}
    assert _named(black, "ply") == {"ply": 12 / 150}
    assert _named(black, "side.") == {}
    assert _named(_observe(state, 0), "side.") == {"side.white": 1.0}


def test_paralysed_and_shielded_pieces_are_marked() -> None:
    # MT-10: the Lancier next to the enemy Envoûteur is paralysed; MT-9: the Fantassin next
    # to its Porte-bouclier is shielded.
    state = position({"d4": "L", "d5": "e", "f6": "f", "f7": "p"})
    seen = _observe(state, 0)
    assert _named(seen, "paralysed.") == {"paralysed.d4": 1.0}
    assert _named(seen, "shielded.") == {"shielded.f6": 1.0}


def test_the_market_and_the_draft_are_counted_by_piece() -> None:
    state = GAME.new(3, 2, {})
    market = state.view(0)["market"]
    first = state.legal_actions(0)[0]
    assert _named(_observe(state, 0), "market.") == {
        f"market.{name}": 1.0 for name in _names_of(market)}
    state.apply(0, first)  # MT-14: seat 0 picks
    assert _named(_observe(state, 1), "drafted.") == {
        f"drafted.{_names_of({first.text()[-1]: 1})[0]}.theirs": 1 / 3}


def _names_of(codes: dict[str, int]) -> list[str]:
    return [piece(KIND_OF_CODE[c]).name.lower() for c in codes]


def test_the_numbering_is_exhaustive_stable_and_parses_back() -> None:
    encoding = _encoding(CONFIGS[0])
    # One numbering for every setup, the same on every call and when built again.
    assert all(_encoding(c) is encoding for c in CONFIGS)
    again = encoding_for.__wrapped__(2, canonical(CONFIGS[1].options.model_dump(mode="json")))
    assert again.actions == encoding.actions
    assert again.observation_names == encoding.observation_names
    for text in encoding.actions:
        assert GAME.parse(text).text() == text
    texts = set(encoding.actions)
    # MT-11: a Passeur swaps with any square but its own; MT-12: an Espion within 2.
    assert sum(t[0] == "X" and "<>" in t for t in texts) == SQUARES * (SQUARES - 1)
    assert "Xe5<>e5" not in texts and "Ye5<>e8" not in texts and "Ye5<>g7" in texts
    # MT-7: only the Archer shoots, MT-8: only the Bélier pushes.
    assert {t[0] for t in texts if "*" in t} == {"A"}
    assert {t[0] for t in texts if ">" in t and "<>" not in t} == {"B"}
    # MT-15: places only in the two camps (ranks 1-2 and 8-9).
    assert "C@e1" in texts and "C@e9" in texts and "C@e5" not in texts
    assert encoding.action_id("pass") == 0 and encoding.actions[1] == "pick F"
