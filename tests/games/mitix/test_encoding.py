"""MiTiX's encoding for the AI adapters: every action text of a setup has an id, observations
come from a seat's view only (hidden aréopages, the resource pile, the other seat's secret
choice stay out) and name what they say."""

from __future__ import annotations

import pytest

from ludotheque.core.encoding import Encoding
from ludotheque.core.game import Config, State
from ludotheque.core.rng import Rng
from ludotheque.games.mitix import GAME
from ludotheque.games.mitix.encoding import encoding_for
from ludotheque.games.mitix.game import MitixOptions
from ludotheque.games.mitix.notation import RESOURCES
from tests.games.encoding_checks import check_encoded_playouts

CONFIGS = list(GAME.configs())
# The tutorial's FaMiX positions are setups too: the encoding covers their cards.
LESSON = Config(2, MitixOptions(mode="famix", position=next(
    lesson.options["position"] for lesson in GAME.lessons() if "position" in lesson.options)),
    "lesson")
BY_LABEL = {c.label: c for c in CONFIGS}


def _encoding(config: Config) -> Encoding:
    encoding = GAME.encoding(config.players, config.options)
    assert encoding is not None
    return encoding


def _named(encoding: Encoding, state: State, seat: int, prefix: str) -> dict[str, float]:
    numbers = encoding.observe(state.view(seat), seat)
    return {n: x for n, x in zip(encoding.observation_names, numbers, strict=True)
            if n.startswith(prefix) and x}


@pytest.mark.parametrize("config", [*CONFIGS, LESSON], ids=lambda c: c.label)
def test_random_playouts_every_legal_action_has_an_id_and_observations_come_from_views(
        config: Config) -> None:
    # Re-dealt aréopages (MiTiX), pile and secret choices: nothing seen changes; a reveal, a
    # choice made, a resource placed: the seat sees what it did.
    rng = Rng(5)
    redeals_seen = check_encoded_playouts(GAME, config, range(12), lambda seed: rng, bound=1.0)
    assert redeals_seen  # the invariance was checked where something hidden moved


def test_mitix_vs_mitix_has_one_action_and_shows_the_olympes_not_the_areopages() -> None:
    encoding = _encoding(BY_LABEL["mitix"])
    assert encoding.actions == ("reveal",)
    state = GAME.new(2, 2, {"mode": "mitix"})
    view = state.view(0)
    mine, theirs = view["olympe"]
    # MX-5: the two Olympe cards are face up; MX-4: the aréopages face down, owners included.
    assert _named(encoding, state, 0, "olympe.") == {
        **{f"olympe.mine.{c}": 1.0 for c in mine}, **{f"olympe.theirs.{c}": 1.0 for c in theirs}}
    assert _named(encoding, state, 0, "areopage.") == {}
    assert _named(encoding, state, 0, "areopage_size.") == {"areopage_size.mine": 18 / 20,
                                                             "areopage_size.theirs": 18 / 20}
    assert not any(n.startswith("resources.") for n in encoding.observation_names)
    state.play("reveal")
    last = _named(encoding, state, 1, "last.")
    cards = state.view(1)["last"][0]["cards"]
    assert last == {f"last.mine.{cards[1]}": 1.0, f"last.theirs.{cards[0]}": 1.0}


def test_famix_areopages_are_counted_by_card_from_each_side() -> None:
    encoding = _encoding(BY_LABEL["famix-doubles"])
    state = GAME.new(9, 2, BY_LABEL["famix-doubles"].options)
    areopage = state.view(1)["areopage"]
    seen = _named(encoding, state, 1, "areopage.")
    for side, seat in (("mine", 1), ("theirs", 0)):
        for card in set(areopage[seat]):
            # Doubled paquets: counts are halves of the most copies of one card (2).
            assert seen[f"areopage.{side}.{card}"] == areopage[seat].count(card) / 2


def test_a_secret_choice_is_seen_by_its_seat_only() -> None:
    encoding = _encoding(LESSON)
    state = GAME.new(0, 2, LESSON.options)
    while state.to_act() and state.view(0)["phase"] == "placement":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    send = state.legal_actions(0)[0]
    state.apply(0, send)  # MX-17: in secret
    card = send.text().removeprefix("send ")
    assert _named(encoding, state, 0, "choice.") == {f"choice.{card}": 1.0}
    assert _named(encoding, state, 1, "choice.") == {}
    assert _named(encoding, state, 1, "chosen.") == {"chosen.theirs": 1.0}


def test_resources_are_read_per_dieu_and_copy() -> None:
    encoding = _encoding(BY_LABEL["famix-doubles"])
    # MX-20: a position with two Zeus on one Olympe, Huile on the second one.
    position = ("olympe: Zeus, Zeus [Huile, Nectar] / Hadès; "
                "areopage: Persée, Andromède / Achille")
    state = GAME.new(0, 2, MitixOptions(mode="famix", position=position))
    assert _named(encoding, state, 0, "resources.") == {
        "resources.mine.Zeus #2.Huile": 0.25, "resources.mine.Zeus #2.Nectar": 0.25}
    assert _named(encoding, state, 1, "resources.") == {
        "resources.theirs.Zeus #2.Huile": 0.25, "resources.theirs.Zeus #2.Nectar": 0.25}


def test_the_numbering_is_exhaustive_stable_and_parses_back() -> None:
    famix = _encoding(BY_LABEL["famix"])
    doubles = _encoding(BY_LABEL["famix-doubles"])
    assert GAME.encoding(2, BY_LABEL["famix"].options) is famix
    options = BY_LABEL["famix"].options
    assert isinstance(options, MitixOptions)
    again = encoding_for.__wrapped__(GAME.cards, True, GAME.paquets(options), None)
    assert again.actions == famix.actions
    assert again.observation_names == famix.observation_names
    for encoding in (famix, doubles):
        for text in encoding.actions:
            assert GAME.parse(text).text() == text
    first, second = GAME.paquets(options)
    cards = GAME.cards
    fighters = {n for n in (*first, *second) if not cards.card(n).dieu}
    dieux = {n for n in (*first, *second) if cards.card(n).dieu}
    # MX-15, MX-17: a combatant is any non-Dieu of either paquet; MX-20: every resource on
    # every Dieu of either Olympe, and the second copies only where paquets are doubled.
    assert {t.removeprefix("send ") for t in famix.actions if t.startswith("send ")} == fighters
    assert {t.removeprefix("down ") for t in famix.actions if t.startswith("down ")} == fighters
    assert len(famix.actions) == 2 * len(fighters) + len(RESOURCES) * len(dieux)
    assert len(doubles.actions) == 2 * len(fighters) + 2 * len(RESOURCES) * len(dieux)
    assert "Huile > Zeus #2" in doubles.actions and "Huile > Zeus #2" not in famix.actions
