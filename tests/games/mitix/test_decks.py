"""Paquets players build (MX-3): the text format, the engine's messages, a seat's options."""

from __future__ import annotations

import pytest

from ludotheque.core import OptionsError
from ludotheque.games.mitix import GAME
from ludotheque.games.mitix.game import MitixOptions

RULES = GAME.decks


def test_every_ready_made_paquet_reads_back_from_its_text_and_is_legal() -> None:
    for made in RULES.ready_made():
        names, problems = RULES.names(made.text)
        assert problems == []
        assert names == list(GAME.paquet(made.name))
        assert RULES.check(made.text, "mitix").legal


def test_counts_comments_accents_and_case_are_read() -> None:
    names, problems = RULES.names("# mon paquet\n3x heracles\n2 ZEUS  # deux\nAthéna\n\n")
    assert problems == []
    assert names == ["Héraclès"] * 3 + ["Zeus"] * 2 + ["Athéna"]


def test_mx3_a_paquet_too_short_for_the_mode_names_the_rule_and_the_minimum() -> None:
    text = "10 Zeus\n5 Héra\n"
    mitix = RULES.check(text, "mitix")
    assert [p.rule for p in mitix.problems] == ["MX-3"]
    assert mitix.problems[0].text("fr") == (
        "le paquet compte 15 cartes ; MiTiX vs MiTiX en demande au moins 20 (MX-3)")
    assert "needs at least 20" in mitix.problems[0].text("en")
    assert RULES.check(text, "famix").legal  # MX-3: 10 are enough for FaMiX vs FaMiX


def test_an_unknown_card_names_its_line_and_the_closest_card() -> None:
    check = RULES.check("20 Zeus\nHeraklès\n", "mitix")
    assert [(p.rule, p.line) for p in check.problems] == [(None, 2)]
    assert 'vouliez-vous dire "Héraclès"' in check.problems[0].text("fr")


def test_a_text_past_the_sites_limits_is_refused_without_reading_it() -> None:
    check = RULES.check("Zeus\n" * 2000)
    assert not check.legal and "trop" in check.problems[0].text("fr")
    assert not RULES.check("200 Zeus\n").legal  # past MAX_COUNT copies on a line


def test_seat_deck_puts_the_paquet_in_that_seat_only_and_the_game_starts_from_it() -> None:
    options = RULES.seat_deck(MitixOptions(), 1, "25 Cerbère\n")
    assert isinstance(options, MitixOptions) and options.paquets is not None
    assert options.paquets[1] == ("Cerbère",) * 25
    assert options.paquets[0] == GAME.paquet(RULES.ready_made()[0].name)
    state = GAME.new(7, 2, options)
    assert set(state.view(1)["olympe"][1]) == {"Cerbère"}  # MX-5: drawn from the seat's paquet
    assert RULES.deck_text(options, 1) == "25 Cerbère\n"


def test_the_engine_refuses_a_short_paquet_in_the_options_mx3() -> None:
    with pytest.raises(OptionsError, match="MX-3"):
        GAME.options({"paquets": [["Zeus"] * 5, ["Zeus"] * 20]}, 2)


def test_the_collection_has_every_card_with_its_filters() -> None:
    cards = RULES.collection("fr")
    assert len(cards) == len(GAME.cards)
    zeus = next(c for c in cards if c["name"] == "Zeus")
    assert zeus["dieu"] == "Dieu" and zeus["genre"] == "Prodige" and zeus["bios"] > 0
    assert {f.key for f in RULES.facets()} <= set(zeus)
