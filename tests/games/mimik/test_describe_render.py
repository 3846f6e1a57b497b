"""Events said in French and English; the terminal table."""

from __future__ import annotations

from rich.console import Console

from ludotheque.core.game import Event
from ludotheque.core.rng import Rng
from ludotheque.games.mimik import GAME
from ludotheque.games.mimik.game import _EN, _FR

from .helpers import play, table

FILL = ["1", "1", "1", "1"]


def random_events(seed: int, players: int, options: dict[str, object]) -> list[Event]:
    state = GAME.new(seed, players, options)
    rng = Rng(seed)
    events: list[Event] = []
    while not state.is_over():
        seat = state.to_act()[0]
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    return events


def test_every_event_is_said_in_french_and_english() -> None:
    events: list[Event] = []
    for seed in range(6):
        events += random_events(seed, 2 + seed, {"team": seed in (2, 4)})
    assert set(_FR) == set(_EN)
    seen = {e.kind for e in events}
    assert seen <= set(_FR), seen - set(_FR)
    assert len(seen) >= 15
    for event in events:
        fr, en = GAME.describe(event), GAME.describe(event, "en")
        assert fr and en and fr != en
        assert not fr.startswith(f"{event.kind}(")


def test_a_sabotage_is_said_in_both_languages_with_its_ruling() -> None:
    state = table(2, hands=[["Sabotage", *FILL, "1"], ["1"] * 5], posed_cards=[[], [8]])
    event = play(state, "Sabotage 1.0")[0]
    # Seats are said from 1, as the room lists them (the notation counts from 0).
    assert GAME.describe(event) == ("Le siège 1 sabote le 8 posé devant le siège 2 : "
                                    "8 points en moins (MK-15)")
    assert GAME.describe(event, "en") == ("Seat 1 sabotages the 8 posed by seat 2: "
                                          "8 points fewer (MK-15)")


def test_the_terminal_table_shows_scores_posed_cards_discard_turn_and_hand() -> None:
    state = table(3, hands=[["Pickpocket", "2", "2", "2", "2", "2"], ["9", "Tsunami"], ["1"]],
                  posed_cards=[[(7, 4), "M6"], [10], []], discard=["Half"], mimik_posed=[0])
    play(state, "Pickpocket 1")
    console = Console(width=120, record=True, color_system=None)
    console.print(GAME.render(state.view(0), 0, "fr"))
    text = console.export_text()
    assert "objectif 50" in text and "défausse Pickpocket" in text
    assert "7→4" in text and "MIMIK=6" in text
    assert "Votre main (Siège 0): 2, 2, 2, 2, 2" in text
    assert "Main volée (Siège 1): 9, Tsunami" in text
    console = Console(width=120, record=True, color_system=None)
    console.print(GAME.render(state.view(None), None, "en"))
    text = console.export_text()
    assert "Robbed" not in text and "Your hand" not in text
    assert "Seat 0 picks a stolen card" in text


def test_the_rules_summaries_exist_in_both_languages_with_the_key_rulings() -> None:
    for lang, word in (("fr", "exactement"), ("en", "exactly")):
        text = GAME.rules(lang)
        assert word in text
        for ruling in ("MK-7", "MK-8", "MK-9", "MK-21", "MK-26", "MK-27"):
            assert ruling in text
