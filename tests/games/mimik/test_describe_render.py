"""Events said in French and English; the terminal table."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

from ludotheque.core.game import Event
from ludotheque.core.rng import Rng
from ludotheque.games import mimik
from ludotheque.games.mimik import GAME
from ludotheque.games.mimik.cards import ACTION_NAMES
from ludotheque.games.mimik.game import _EN, _FR

from .helpers import play, table

FILL = ["1", "1", "1", "1"]
WEB = Path(mimik.__file__).parent / "web"


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
    # Seats are said from 1, "Joueur N" as in every game (the notation counts from 0).
    assert GAME.describe(event) == ("Joueur 1 sabote le 8 posé devant Joueur 2 : "
                                    "8 points en moins")
    assert GAME.describe(event, "en") == ("Player 1 sabotages the 8 posed by Player 2: "
                                          "8 points fewer")


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


def french_card_names() -> dict[str, str]:
    """The names the screen prints on the card faces (web/fr.json), by printed name."""
    words = json.loads((WEB / "fr.json").read_text("utf-8"))
    keys = dict(zip(ACTION_NAMES, ("sabotage", "swap", "reverse", "pause", "half", "discard2",
                                   "pickpocket", "swapscore", "tsunami"), strict=True))
    return {name: words[f"mimik.card.{key}"] for name, key in keys.items()}


def test_every_action_card_has_its_french_name_in_french_texts() -> None:
    names = french_card_names()
    assert names["Discard x2"] == "Défausse x2" and names["Half"] == "Moitié"
    for card, french in names.items():
        state = table(2, hands=[[card, *FILL, "1"], ["1"] * 5], deck=[card, "1"])
        events = play(state, f"discard {card}")
        said = [GAME.describe(e) for e in events]
        assert f"Joueur 1 défausse {french} face visible" in said, said
        assert f"Joueur 2 pioche : {french}" in said, said  # seat 2 draws it, named
        english = [GAME.describe(e, "en") for e in events]
        assert f"Player 1 discards {card} face up" in english, english
        if french != card:
            assert not any(card in line for line in said), said


def test_a_pickpocket_names_the_cards_in_french() -> None:
    state = table(2, hands=[["Pickpocket", "2", "2", "2", "2", "3"],
                            ["Half", "Reverse", "Swap"]], posed_cards=[[5], [4]])
    events = play(state, "Pickpocket 1")
    said = [GAME.describe(e) for e in events]
    assert "Main de Joueur 2 : Échange, Inversion, Moitié" in said, said
    events = play(state, "keep Half discard 3")
    said = [GAME.describe(e) for e in events]
    assert any(line.startswith("Joueur 1 vole Moitié à Joueur 2") for line in said), said
    assert not any("Half" in line for line in said), said


def test_discard_x2_names_its_cards_in_french() -> None:
    state = table(2, hands=[["Discard x2", "3", "Swap Score", "Tsunami", "Pause", "1"],
                            ["1"] * 5])
    said = [GAME.describe(e) for e in play(state, "Discard x2 Swap Score Tsunami")]
    assert any(line.startswith("Joueur 1 défausse Échange de score et Tsunami")
               for line in said), said
