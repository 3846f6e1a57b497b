"""MIMIK's encoding for the AI adapters: every action text of a setup has an id, observations
come from a seat's view only (other hands and the draw pile stay out), seats said from the
observing seat."""

from __future__ import annotations

import pytest

from ludotheque.core.encoding import Encoding
from ludotheque.core.game import Config, State
from ludotheque.core.rng import Rng
from ludotheque.games.mimik import GAME
from ludotheque.games.mimik.encoding import encoding_for
from tests.games.encoding_checks import check_encoded_playouts

from .helpers import play, table

CONFIGS = list(GAME.configs())
BY_LABEL = {c.label: c for c in CONFIGS}
# A lesson's position is a setup too (MIMIK's tutorial).
LESSON = Config(2, GAME.options(GAME.lessons()[0].options), "lesson")


def _encoding(players: int, team: bool = False, beginner: bool = False) -> Encoding:
    encoding = GAME.encoding(players, GAME.options({"team": team, "beginner": beginner}))
    assert encoding is not None
    return encoding


def _named(state: State, seat: int, prefix: str) -> dict[str, float]:
    view = state.view(seat)
    encoding = _encoding(view["players"], view["team"], view["beginner"])
    numbers = encoding.observe(view, seat)
    return {n: x for n, x in zip(encoding.observation_names, numbers, strict=True)
            if n.startswith(prefix) and x}


@pytest.mark.parametrize("config", [*CONFIGS, LESSON], ids=lambda c: c.label)
def test_random_playouts_every_legal_action_has_an_id_and_observations_come_from_views(
        config: Config) -> None:
    # Other hands and the draw pile re-dealt: nothing the seat sees changes. Roughly [0, 1]:
    # a count by card or by value may pass 1 in a crowded hand.
    rng = Rng(3)
    check_encoded_playouts(GAME, config, range(2), lambda seed: rng, bound=2.0)


def test_hand_posed_cards_and_scores_are_read_from_the_observing_seat() -> None:
    state = table(3, hands=[[7, 7, "Pause", "Sabotage", "MIMIK"], [1], [2]],
                  posed_cards=[[5], [(9, 4)], ["M:Sabotage"]], discard=[3])
    assert _named(state, 0, "seat.") == {"seat.0": 1.0}
    assert _named(state, 0, "hand.") == {"hand.7": 0.4, "hand.Pause": 0.2,
                                         "hand.Sabotage": 0.2, "hand.MIMIK": 0.2}
    assert _named(state, 0, "discard_top.") == {"discard_top.3": 1.0}
    # MK-6: the printed 9 is worth 4 now; MK-26: a MIMIK that copied an Action has no value
    # and MK-27 protects it.
    assert _named(state, 0, "posed.seat+1.") == {"posed.seat+1.0.present": 1.0,
                                                 "posed.seat+1.0.value": 4 / 11}
    assert _named(state, 0, "posed.seat+2.") == {"posed.seat+2.0.present": 1.0,
                                                 "posed.seat+2.0.copy": 1.0}
    assert _named(state, 0, "posed_value.seat+2.") == {"posed_value.seat+2.none": 0.25}
    assert _named(state, 0, "score.") == {"score.seat+0": 5 / 50, "score.seat+1": 4 / 50}
    # Seat 1 reads its own card as seat+0 and seat 0's as seat+2.
    assert _named(state, 1, "score.") == {"score.seat+0": 4 / 50, "score.seat+2": 5 / 50}
    assert _named(state, 1, "hand.") == {"hand.1": 0.2}
    assert _named(state, 1, "active.") == {"active.seat+2": 1.0}


def test_partners_are_marked_in_team_mode() -> None:
    state = table(4, hands=[[1], [2], [3], [4]], team=True)
    # MK-4: seat s plays with seat s + n/2.
    assert _named(state, 1, "partner.") == {"partner.seat+0": 1.0, "partner.seat+2": 1.0}


def test_the_robbed_hand_is_seen_by_the_pickpocket_only() -> None:
    state = table(3, hands=[[4, "Pickpocket"], [1, 9], [2]])
    play(state, "Pickpocket 1")  # MK-21: seat 0 looks at seat 1's hand
    assert _named(state, 0, "robbed_hand.") == {"robbed_hand.1": 0.2, "robbed_hand.9": 0.2}
    assert _named(state, 0, "victim.") == {"victim.seat+1": 1.0}
    assert _named(state, 2, "robbed_hand.") == {}
    assert _named(state, 1, "robbed_hand.") == {}
    assert _named(state, 1, "victim.") == {"victim.seat+0": 1.0}


def test_the_numbering_reaches_every_posed_card_the_deck_allows() -> None:
    two = _encoding(2)
    texts = set(two.actions)
    # MK-1: 80 Value cards and 8 MIMIKs can be posed, so indices run from 0 to 87, and the
    # two piles of a Swap hold 88 cards at most together.
    assert {"Sabotage 1.87", "Half 0.87", "drop 87", "Swap 0 1.86", "Swap 86 1.0",
            "MIMIK Reverse 1.87", "take MIMIK Swap 3 0.83"} <= texts
    assert not {"Sabotage 1.88", "drop 88", "Swap 0 1.87", "Swap 87 1.0",
                "Pickpocket 2", "take MIMIK Swap 3 0.84"} & texts
    assert {"MIMIK = 0", "MIMIK = 11", "pose MIMIK", "keep MIMIK discard MIMIK",
            "Discard x2 MIMIK MIMIK", "take Discard x2 1 Discard x2"} <= texts
    # MK-4: Beginner mode has no Swap, Swap Score, Reverse nor MIMIK, and 80 cards to pose.
    beginner = set(_encoding(3, beginner=True).actions)
    assert not any(w in t for t in beginner for w in ("Swap", "Reverse", "MIMIK"))
    assert "Sabotage 2.79" in beginner and "Sabotage 2.80" not in beginner
    # MK-22: in Team mode a team is named by its first seat.
    team = set(_encoding(4, team=True).actions)
    assert {t for t in team if t.startswith("Swap Score")} == {"Swap Score 0", "Swap Score 1"}


@pytest.mark.parametrize(("players", "team", "beginner"),
                         [(2, False, False), (4, True, False), (3, False, True)])
def test_the_numbering_is_stable_and_parses_back(players: int, team: bool,
                                                 beginner: bool) -> None:
    encoding = _encoding(players, team, beginner)
    assert _encoding(players, team, beginner) is encoding
    # The target does not change the numbering (MK-4).
    assert GAME.encoding(players, GAME.options(
        {"team": team, "beginner": beginner, "target": 75})) is encoding
    again = encoding_for.__wrapped__(players, team, beginner)
    assert again.actions == encoding.actions
    assert again.observation_names == encoding.observation_names
    for text in encoding.actions:
        assert GAME.parse(text).text() == text
