"""What the MiTiX screen relies on: which actions are public, the end sentence, the card
faces in the views, and the screen catalogue's labels for the new-game form."""

from __future__ import annotations

import json
from pathlib import Path

from ludotheque.core.game import Result
from ludotheque.core.rng import Rng
from ludotheque.games import mitix
from ludotheque.games.mitix import GAME
from ludotheque.games.mitix.notation import Down, Place, Reveal, Send
from ludotheque.games.mitix.rules import MitixState

from .helpers import famix_position, mitix_position

WEB = Path(mitix.__file__).parent / "web"


def test_d14_is_public_hides_the_secret_choices_and_shows_the_rest():
    """MX-17 / MX-22: a combatant and a face-down card are secret; a reveal (MX-6) and a
    resource put on a Dieu (MX-20) are done in the open. Never raises on a legal action."""
    seen: set[str] = set()
    for mode in ("mitix", "famix"):
        for seed in range(40 if mode == "famix" else 6):
            state = GAME.new(seed, options={"mode": mode})
            rng = Rng(seed)
            while not state.is_over():
                for seat in state.to_act():
                    for action in state.legal_actions(seat):
                        public = state.is_public(seat, action)
                        assert public == (not isinstance(action, Send | Down))
                        seen.add(type(action).__name__)
                seat = rng.choice(state.to_act())
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert seen == {"Reveal", "Send", "Down", "Place"}
    state = GAME.new(1)
    assert state.is_public(0, Reveal())
    famix = GAME.new(1, options={"mode": "famix"})
    assert famix.is_public(0, Place("Huile", "Zeus"))
    assert not famix.is_public(0, Send("Persée")) and not famix.is_public(1, Down("Méduse"))


def test_describe_result_says_why_in_both_languages():
    more = Result((0, 1), (9.0, 7.0), "plus_de_vivants", "9 Vivants contre 7", "MX-13")
    assert GAME.describe_result(more) == (
        "Les deux aréopages ont combattu : 9 Vivants contre 7 : le plus de Vivants "
        "l'emporte.")
    assert GAME.describe_result(more, "en") == (
        "Both areopagi have fought: 9 Living to 7: the most Living wins.")
    bios = Result((1, 0), (4.0, 4.0), "bios_des_vivants",
                  "4 Vivants chacun, Bios 2410 contre 2190", "MX-24")
    assert GAME.describe_result(bios) == (
        "Un aréopage est vide : 4 Vivants chacun, départagés par le Bios imprimé des "
        "Vivants, 2410 contre 2190.")
    assert "2410 to 2190" in GAME.describe_result(bios, "en")
    draw = Result((0, 0), (3.0, 3.0), "egalite", "3 Vivants et Bios 1500 de chaque côté",
                  "MX-13")
    assert GAME.describe_result(draw).endswith("3 Vivants et un Bios de 1500 de chaque côté : "
                                               "match nul.")
    assert "a draw" in GAME.describe_result(draw, "en")


def test_describe_result_of_real_games_uses_the_engine_numbers():
    for mode in ("mitix", "famix"):
        state = GAME.new(4, options={"mode": mode})
        rng = Rng(4)
        while not state.is_over():
            seat = rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        result = state.result()
        assert result is not None
        n0, n1 = (int(x) for x in result.scores)
        for lang in ("fr", "en"):
            text = GAME.describe_result(result, lang)
            assert str(max(n0, n1)) in text and str(result.ruling) not in text


def test_d15_views_describe_the_faces_of_the_cards_they_name_and_no_other():
    """MX-1: the screen draws every field of a card; MX-4: the hidden aréopage stays unnamed."""
    state = mitix_position([["Athéna", "Hadès"], ["Zeus", "Méduse"]],
                           [["Persée", "Cerbère"], ["Pégase", "Charon"]])
    view = state.view(0)
    assert set(view["faces"]) == {"Athéna", "Hadès", "Zeus", "Méduse"}
    athena = view["faces"]["Athéna"]
    assert athena["dieu"] and athena["genre"] == "Prodige" and "Persée" in athena["amis"]
    assert set(athena) == {"bios", "attaque", "genre", "dieu", "famille", "nature", "amis",
                           "ennemis"}
    state.apply(0, Reveal())
    assert {"Persée", "Pégase"} <= set(state.view(1)["faces"])
    assert "Cerbère" not in state.view(1)["faces"]


def test_famix_views_give_the_famix_bios_and_where_a_resource_goes():
    state = famix_position([["Persée", "Méduse", "Pégase", "Achille"], ["Hector", "Pâris"]],
                           olympe=[["Zeus"], ["Hadès"]], pile=["Huile", "Nectar", "Vin", "Pain"])
    assert isinstance(state, MitixState)
    view = state.view(0)
    geste = GAME.cards.card("Persée").famille
    famix = {f["famille"]: f for f in view["famix"][0]}
    bios = max(GAME.cards.card(n).bios for n in famix[geste]["cartes"])
    assert famix[geste]["bios"] == bios + 100 * len(famix[geste]["cartes"])  # MX-18
    if view["to_place"][0]:
        first = view["to_place"][0][0]
        assert view["place_on"][0] == (1 if first in view["offrandes"] else 0)  # MX-20


def test_the_catalogue_labels_the_new_game_form():
    for lang in ("fr", "en"):
        words = json.loads((WEB / f"{lang}.json").read_text(encoding="utf-8"))
        for name in GAME.options_type.model_fields:
            assert words[f"option.{name}"] and words[f"option.{name}.help"]
            if name == "mode":
                for choice in ("mitix", "famix"):
                    assert words[f"option.mode.{choice}"]
        for config in GAME.configs():
            assert words[f"setup.{config.label}"]


def test_the_log_lines_explain_the_moments_with_their_rulings():
    """The screen's banners quote these lines: the mark is in the words, the ruling in the
    event (the room's "?" opens it)."""
    state = mitix_position([["Athéna", "Hadès"], ["Zeus", "Poséidon"]],
                           [["Persée"], ["Cerbère"]])
    lines = {e.kind: (GAME.describe(e), GAME.describe(e, "en")) for e in state.apply(0, Reveal())}
    fr, en = lines["soutien"]
    assert "Persée (Joueur 1) est soutenu par Athéna" in fr and fr.endswith("marque +1")
    assert "is supported by Athéna" in en and en.endswith("mark +1")
    fr, en = lines["olympe_decides"]
    assert fr.startswith("Joueur 1 gagne la manche par la volonté des dieux")
    assert "(marques +1 contre 0)" in fr and "(marks +1 against 0)" in en
    assert "MX-9" not in lines["round_won"][0]
