"""The kernel hooks the site asks of Diamagique (is_public, describe_result), the screen's
catalogues (web/fr.json, web/en.json) and the card faces it draws (web/cards.json)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ludotheque.core import Result, Rng
from ludotheque.core.record import Move, Record, replay_steps
from ludotheque.games.diamagique import GAME
from ludotheque.games.diamagique.faces import FILE, card_faces, dumps
from ludotheque.games.diamagique.rules import DiamagiqueState

from .helpers import PLAIN_AUBE, PLAIN_MAREES, play, stacked

WEB = FILE.parent


def test_dg13_a_hidden_sort_is_cast_in_secret_and_an_open_one_in_public() -> None:
    """DG-13: a Caché Sort's name is its caster's secret until the reveal; an open cast, the
    Château chosen, the Magicien that gets the Diamagiques and a discard are public."""
    state = stacked(hands=(["Mirage doré", *PLAIN_AUBE[:4]], PLAIN_MAREES), active=0,
                    pot=["Jaune"])
    assert state.is_public(0, GAME.parse("M1 mirage-dore")) is False
    assert state.is_public(0, GAME.parse("M1 lueur-vive")) is True
    assert state.is_public(0, GAME.parse("pose M2")) is True
    assert state.is_public(0, GAME.parse("defausse tison")) is True
    official = stacked(official=True)
    for action in official.legal_actions(official.to_act()[0]):
        assert official.is_public(official.to_act()[0], action) is True  # DG-10


def test_is_public_answers_every_legal_action_of_random_games() -> None:
    for seed in range(4):
        state = GAME.new(seed, 2, {"official_match": seed % 2 == 1})
        assert isinstance(state, DiamagiqueState)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            for action in actions:
                public = state.is_public(seat, action)
                assert isinstance(public, bool)
                # A secret action is exactly a Caché Sort cast face down.
                text = action.text()
                assert public is not (text.startswith("M") and _is_hidden_sort(text))
            state.apply(seat, rng.choice(actions))


def _is_hidden_sort(text: str) -> bool:
    name = text.split(" ")[1]
    faces = card_faces()["sorts"]
    assert isinstance(faces, dict)
    return any(isinstance(f, dict) and f["slug"] == name and f["cache"] for f in faces.values())


def test_a_hidden_cast_s_text_reaches_the_log_of_its_caster_only() -> None:
    """DG-13 through a record: the step of a Caché cast is not public; its events tell the
    other seat which Magicien cast, not which Sort."""
    for seed in range(30):
        start = GAME.new(seed, 2, {})
        seat = start.to_act()[0]
        hidden = [a for a in start.legal_actions(seat) if not start.is_public(seat, a)]
        if hidden:
            rec = Record("diamagique", seed, 2, {}, moves=[Move(seat, hidden[0].text())])
            (_, step), = list(replay_steps(GAME, rec))
            assert step.public is False
            shown = [e for e in step.events if e.visible_to(1 - seat)]
            name = hidden[0].text().split(" ")[1]
            assert all(name not in json.dumps(e.data) for e in shown)
            return
    raise AssertionError("no seeded game starts with a Caché Sort in hand")


def test_dg19_dg20_describe_result_says_why_with_the_numbers() -> None:
    """DG-19 and DG-20 in one sentence each, French and English."""
    six = Result((1, 0), (3.0, 6.0), "six_diamagiques", "seat 1 holds 6 Diamagiques", "DG-19")
    assert GAME.describe_result(six) == (
        "Joueur 2 détient 6 Diamagiques et gagne aussitôt ; Joueur 1 en a 3.")
    assert GAME.describe_result(six, "en") == (
        "Player 2 holds 6 Diamagiques and wins at once; Player 1 has 3.")
    pot = Result((0, 0), (4.0, 4.0), "pot_vide", "", "DG-20")
    assert GAME.describe_result(pot) == (
        "Le pot est vide et aucun Diamagique n'est en jeu : "
        "égalité, 4 Diamagiques partout.")
    assert GAME.describe_result(pot, "en") == (
        "The pot is empty and no Diamagique is in play: a draw, 4 Diamagiques each.")
    out = Result((0, 1), (5.0, 2.0), "sorts_epuises", "", "DG-20")
    assert GAME.describe_result(out, "en") == (
        "Neither player has a Spell left in hand or deck: "
        "Player 1 wins with 5 Diamagiques to 2.")
    assert "Joueur 1 gagne avec 5 Diamagiques contre 2" in GAME.describe_result(out)


def test_describe_result_of_real_games_matches_their_scores() -> None:
    for seed in range(3):
        state = GAME.new(seed, 2, {})
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        result = state.result()
        assert result is not None
        for lang in ("fr", "en"):
            text = GAME.describe_result(result, lang)
            assert result.ruling in ("DG-19", "DG-20") and result.ruling not in text
            for score in result.scores:
                assert str(int(score)) in text


def test_dg14_a_modifier_line_says_its_category_rank_and_the_numbers() -> None:
    """DG-14: a modifier's log line gives its category's rank, so the order is readable."""
    state = stacked(hands=(PLAIN_AUBE, PLAIN_MAREES), active=0,
                    castles=(["Fonderie"] * 8, ["Manoir des lianes"] * 8))
    events = play(state, "M1 lueur-vive", "M1 bruine", "M2 tison", "M2 onde-claire",
                  "M3 rayon-d-aube", "M3 bruine")
    steps = [e for e in events if e.kind == "modificateur"]
    assert steps
    for e in steps:
        fr, en = GAME.describe(e), GAME.describe(e, "en")
        assert re.match(r"[1-8]/8 ", fr) and re.match(r"[1-8]/8 ", en)
        assert f"de {e.data['before']} à {e.data['after']}" in fr
        assert f"from {e.data['before']} to {e.data['after']}" in en
    totals = next(e for e in events if e.kind == "totaux")
    assert totals.ruling == "DG-16" and "Puissance Magique totale" in GAME.describe(totals)


def test_the_catalogues_label_every_option_and_setup_in_both_languages() -> None:
    fr = json.loads((WEB / "fr.json").read_text(encoding="utf-8"))
    en = json.loads((WEB / "en.json").read_text(encoding="utf-8"))
    for field in GAME.options_type.model_fields:
        for key in (f"option.{field}", f"option.{field}.help"):
            assert fr[key] and en[key] and fr[key] != en[key], key
    for config in GAME.configs():
        assert fr[f"setup.{config.label}"] and en[f"setup.{config.label}"]
    # The four ready-made decks, each named with its team.
    faces = card_faces()
    decks = faces["decks"]
    assert isinstance(decks, dict) and len(decks) == 4
    for deck, team in decks.items():
        assert isinstance(team, str)
        assert team in fr[f"option.decks.{deck}"] and team in en[f"option.decks.{deck}"]
        assert f"{deck} (" in fr["option.decks.help"] and team in en["option.decks.help"]


def test_the_card_faces_file_is_up_to_date_and_complete() -> None:
    """web/cards.json is what faces.py makes of the data (regenerate it after a change)."""
    assert FILE.read_text(encoding="utf-8") == dumps()
    faces = card_faces()
    sorts = faces["sorts"]
    assert isinstance(sorts, dict) and len(sorts) >= 60  # DG-8
    mirage = sorts["Mirage doré"]
    assert mirage == {"slug": "mirage-dore", "couleurs": ["Jaune"], "puissance": 3, "cache": True,
                      "effet": None}
    tour = faces["chateaux"]
    assert isinstance(tour, dict)
    assert tour["Tour d'Ivoire"]["effet"] == {
        "categorie": "positif", "rang": 6, "fr": "tous les Sorts : +1 si Jaune",
        "en": "every Spell: +1 if Yellow"}


def test_the_screen_ships_its_files() -> None:
    for name in ("screen.js", "style.js", "cards.json", "fr.json", "en.json"):
        assert (WEB / name).is_file(), name
    code = (WEB / "screen.js").read_text(encoding="utf-8")
    # The screen only ever sends a text of `legal`.
    assert "if (legal.includes(text)) context.act(text)" in code
    assert Path(WEB / "cards.json").stat().st_size > 1000
