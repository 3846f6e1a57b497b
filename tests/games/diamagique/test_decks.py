"""Decks players build (DG-1, DG-7): the text format, the engine's messages, a seat's options."""

from __future__ import annotations

from ludotheque import games
from ludotheque.games.diamagique.catalog import CARDS
from ludotheque.games.diamagique.game import DeckSpec, Diamagique, DiamagiqueOptions

GAME = games.get("diamagique")
assert isinstance(GAME, Diamagique)
RULES = GAME.deck_rules()
AUBE = RULES.ready_made()[0].text


def test_every_ready_made_deck_is_legal_from_its_text() -> None:
    for made in RULES.ready_made():
        assert RULES.check(made.text).legal, made.name


def test_dg7_an_off_colour_sort_names_its_line_its_colour_and_the_rule() -> None:
    text = AUBE.replace("Équipe: Cercle de l'Aube", "Équipe: Conclave des Marées")
    check = RULES.check(text)
    first = check.problems[0]
    assert first.rule == "DG-7" and first.line == 4
    assert first.text("fr").startswith("ligne 4 : « Rayon d'aube » est Jaune : aucun Magicien")
    assert "no Wizard of the team has that colour" in first.text("en")


def test_dg7_at_most_three_copies_and_dg1_forty_sorts_eight_chateaux() -> None:
    text = AUBE.replace("3 Rayon d'aube", "4 Rayon d'aube").replace("1 Fonderie\n", "")
    rules = sorted((p.rule, p.text("en")) for p in RULES.check(text).problems)
    assert rules == [("DG-1", "41 Spells: a Spell deck has 40 (DG-1)"),
                     ("DG-1", "7 Castles: a Castle deck has 8 (DG-1)"),
                     ("DG-7", 'line 4: 4 copies of "Rayon d\'aube": at most 3 (DG-7)')]


def test_a_deck_without_team_or_with_unknown_cards_is_refused_clearly() -> None:
    check = RULES.check("Sorts:\n3 Rayon daube\nChâteaux:\nTour d'Ivoir\n")
    texts = [p.text("fr") for p in check.problems]
    assert texts[0] == "aucune équipe : écrivez « Équipe: ... » (DG-1)"
    assert any(t.startswith("ligne 2 : Sort inconnu « Rayon daube »") for t in texts)
    assert any(t.startswith("ligne 4 : Château inconnu") for t in texts)


def test_names_are_read_without_accents_or_case_and_a_team_by_its_deck_name() -> None:
    text = AUBE.lower().replace("équipe: cercle de l'aube", "Equipe: Aube")
    assert RULES.check(text).legal


def test_seat_deck_plays_the_deck_under_a_neutral_name() -> None:
    options = RULES.seat_deck(DiamagiqueOptions(), 1, AUBE)
    assert isinstance(options, DiamagiqueOptions)
    custom = options.decks[1]
    assert isinstance(custom, DeckSpec) and custom.name == "perso"
    state = GAME.new(3, 2, options.model_dump(mode="json"))
    assert state.view(0)["teams"][1]["deck_name"] == "perso"
    assert RULES.deck_text(options, 1) == RULES.deck_text(DiamagiqueOptions(decks=("Aube",
                                                                                   "Aube")), 1)


def test_the_collection_says_which_teams_may_play_each_sort_dg7() -> None:
    cards = {c["name"]: c for c in RULES.collection("fr")}
    aube = CARDS.equipes[0].name
    assert aube in cards["Rayon d'aube"]["equipes"]
    for sort in CARDS.sorts:
        playable = [e.name for i, e in enumerate(CARDS.equipes)
                    if CARDS.team_colours(i).intersection(sort.couleurs)]
        assert cards[sort.name]["equipes"] == playable
    kinds = {c["kind"] for c in cards.values()}
    assert kinds == {"Équipe", "Sort", "Château"}
