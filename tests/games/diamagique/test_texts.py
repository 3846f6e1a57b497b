"""describe() says every event in French and English; render() draws the terminal table."""

from __future__ import annotations

from rich.console import Console

from ludotheque.core import Event, Result, Rng
from ludotheque.games.diamagique import GAME
from ludotheque.games.diamagique.catalog import CARDS
from ludotheque.games.diamagique.texts import effet_text

from .helpers import PLAIN_AUBE, PLAIN_MAREES, play, stacked


def _events_of_random_games(count: int) -> list[Event]:
    events: list[Event] = []
    for seed in range(count):
        state = GAME.new(seed, 2, {"official_match": seed % 2 == 0})
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    return events


def test_every_event_is_said_in_french_and_english() -> None:
    events = _events_of_random_games(6)
    big = [*PLAIN_AUBE, "Tison", "Tison"]
    state = stacked(hands=(big, PLAIN_MAREES), decks=(PLAIN_AUBE, PLAIN_MAREES),
                    castles=(["Fonderie"], ["Manoir des lianes"]), active=0, pot=["Jaune"])
    events += play(state, "M1 lueur-vive", "M1 bruine", "M2 tison", "M2 onde-claire",
                   "M3 rayon-d-aube", "M3 bruine", "defausse tison", "defausse tison")
    kinds = {e.kind for e in events}
    assert {"tour", "chateau", "diamagique_vu", "lance", "lance_cache", "revele", "modificateur",
            "totaux", "defi_gagne", "diamagiques_poses", "pioche", "pioche_cartes", "fin",
            "egalite", "defausse", "pot_vide"} <= kinds
    for event in events:
        fr, en = GAME.describe(event), GAME.describe(event, "en")
        assert fr and en and fr != en
        assert not fr.startswith(event.kind + "(")


def test_a_modifier_step_is_said_with_before_and_after() -> None:
    event = Event("modificateur", {"source": "Ondine la Calme", "category": "negatif",
                                   "seat": 0, "position": 1, "sort": "Tison", "before": 3,
                                   "after": 2}, ruling="DG-14")
    assert GAME.describe(event) == (
        "7/8 négatif : Ondine la Calme fait passer J1 M1 Tison de 3 à 2.")
    assert GAME.describe(event, "en") == (
        "7/8 negative: Ondine la Calme takes P1 M1 Tison from 3 to 2.")


def test_events_and_result_name_the_players_when_the_names_are_given() -> None:
    names = ["Alice", "Bob"]
    event = Event("modificateur", {"source": "Ondine la Calme", "category": "negatif",
                                   "seat": 0, "position": 1, "sort": "Tison", "before": 3,
                                   "after": 2}, ruling="DG-14")
    assert GAME.describe(event, "fr", names) == (
        "7/8 négatif : Ondine la Calme fait passer Tison (Alice, M1) de 3 à 2.")
    assert GAME.describe(event, "en", names) == (
        "7/8 negative: Ondine la Calme takes Tison (Alice, M1) from 3 to 2.")
    totals = Event("totaux", {"totaux": [7, 9], "vainqueur": 1})
    assert GAME.describe(totals) == (
        "Puissance Magique totale : Joueur 1 7, Joueur 2 9, Joueur 2 l'emporte.")
    assert GAME.describe(totals, "fr", names) == (
        "Puissance Magique totale : Alice 7, Bob 9, Bob l'emporte.")
    assert GAME.describe(totals, "en", names) == (
        "Total Magic Power: Alice 7, Bob 9, Bob wins.")
    six = Result((1, 0), (3.0, 6.0), "six_diamagiques", "", "DG-19")
    assert GAME.describe_result(six, "fr", names) == (
        "Bob détient 6 Diamagiques et gagne aussitôt ; Alice en a 3.")
    assert GAME.describe_result(six, "en", names) == (
        "Bob holds 6 Diamagiques and wins at once; Alice has 3.")
    assert GAME.describe_result(six) == (
        "Joueur 2 détient 6 Diamagiques et gagne aussitôt ; Joueur 1 en a 3.")


def test_every_effect_of_the_set_is_said_in_both_languages() -> None:
    effects = [m.effet for m in CARDS.magiciens] + [c.effet for c in CARDS.chateaux]
    effects += [s.effet for s in CARDS.sorts if s.effet is not None]
    for effet in effects:
        assert effet_text(effet, "fr") != effet_text(effet, "en")
    tour = next(c for c in CARDS.chateaux if c.name == "Tour d'Ivoire")
    assert effet_text(tour.effet) == "tous les Sorts : +1 si Jaune"
    assert effet_text(tour.effet, "en") == "every Spell: +1 if Yellow"


def _text(renderable: object) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_terminal_table_shows_the_chateau_the_teams_and_the_computation() -> None:
    state = stacked(hands=(["Mirage doré", *PLAIN_AUBE[:4]], PLAIN_MAREES), active=0,
                    castles=(["Fonderie"] * 8, ["Manoir des lianes"] * 8))
    play(state, "M2 mirage-dore")
    opponent = _text(GAME.render(state.view(1), 1))
    assert "Fonderie" in opponent and "tous les Sorts : ÷2" in opponent
    assert "Cercle de l'Aube" in opponent and "Solenne l'Oracle" in opponent
    assert "Sort Caché" in opponent and "Mirage doré" not in opponent
    assert "Mirage doré" in _text(GAME.render(state.view(0), 0))
    play(state, "M1 bruine", "M1 lueur-vive", "M2 bruine", "M3 tison", "M3 onde-claire")
    after = _text(GAME.render(state.view(None), None, "en"))
    assert "Challenge of turn 1" in after
    # Mirage doré: 3, then Ignace des Forges +2 for a Caché Sort.
    assert "3 → 5 (Ignace des Forges, positive)" in after


def test_the_table_shows_diamagiques_to_place_and_castles_to_choose() -> None:
    state = stacked(hands=(PLAIN_AUBE, PLAIN_MAREES), active=0, pot=["Vert"],
                    castles=(["Fonderie"] * 8, ["Manoir des lianes"] * 8))
    play(state, "M1 lueur-vive", "M1 bruine", "M2 tison", "M2 onde-claire", "M3 rayon-d-aube",
         "M3 raz-de-maree")
    assert "à poser" in _text(GAME.render(state.view(1), 1))
    official = GAME.new(3, 2, {"official_match": True})
    seat = official.to_act()[0]
    assert "Châteaux : " in _text(GAME.render(official.view(seat), seat))


def test_a_finished_game_renders_its_result() -> None:
    state = GAME.new(4)
    rng = Rng(4)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert "Fin" in _text(GAME.render(state.view(None), None))


def test_heuristic_is_in_range_and_favours_the_leader() -> None:
    state = stacked(held=([["Rouge"], ["Bleu"], []], [[], [], []]), active=0)
    assert GAME.heuristic(state, 0) > 0 > GAME.heuristic(state, 1)  # type: ignore[operator]
    rng = Rng(1)
    game = GAME.new(1)
    while not game.is_over():
        for seat in (0, 1):
            value = GAME.heuristic(game, seat)
            assert value is not None and -1 <= value <= 1
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def test_the_rules_summary_ships_in_both_languages() -> None:
    assert "Phase" not in GAME.rules("en")[:20]
    assert "DG-14" in GAME.rules() and "Deux équipes" in GAME.rules()
    assert "Two teams" in GAME.rules("en")
