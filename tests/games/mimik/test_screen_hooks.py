"""The kernel hooks of the game screens (issue 9): which actions every seat may read
(`is_public`), why a game ended (`describe_result`), the events the screen shows as moments,
and the screen's catalogue for the new-game form."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ludotheque.core.game import Event, Result
from ludotheque.core.rng import Rng
from ludotheque.games import mimik
from ludotheque.games.mimik import GAME
from ludotheque.games.mimik.rules import MimikState

from .helpers import play, table

WEB = Path(mimik.__file__).parent / "web"


def test_every_play_is_public_but_keeping_a_stolen_card_is_secret_mk21() -> None:
    state = table(3, hands=[["Pickpocket", "2", "3", "4", "5", "6"], ["9", "Tsunami"], ["1"]],
                  posed_cards=[[], [7], []])
    # Cards are played and discarded face up (MK-11, MK-12, MK-13), a victim is named.
    for text in ("pose 2", "discard 6", "Pickpocket 1"):
        assert state.is_public(0, GAME.parse(text)), text
    play(state, "Pickpocket 1")
    keep = GAME.parse("keep 9 discard 2")
    take = GAME.parse("take pose 9")
    assert keep in state.legal_actions(0) and take in state.legal_actions(0)
    # MK-21: which card was kept is known to the pickpocket and the victim only...
    assert not state.is_public(0, keep)
    # ... while a stolen card played at once is played face up.
    assert state.is_public(0, take)
    events = play(state, "keep 9 discard 2")
    stole = next(e for e in events if e.kind == "stole")
    assert stole.to == (0, 1)
    kept = next(e for e in events if e.kind == "kept")
    assert kept.to is None and kept.data["discarded"] == "2"


def test_a_tsunami_drop_is_public_mk23() -> None:
    state = table(2, hands=[["Tsunami", "1", "1", "1", "1", "1"], ["1"] * 5],
                  posed_cards=[[], [9, (10, 9)]])  # a 9, and a 10 now worth 9
    play(state, "Tsunami")
    assert state.to_act() == (1,) and len(state.legal_actions(1)) == 2
    for action in state.legal_actions(1):
        assert state.is_public(1, action)


def test_is_public_answers_on_every_legal_action_of_random_games() -> None:
    secret = 0
    for seed in range(4):
        state = GAME.new(seed, 2 + seed, {"team": seed == 2})
        assert isinstance(state, MimikState)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            flags = [state.is_public(seat, a) for a in actions]
            secret += flags.count(False)
            assert flags == [not a.text().startswith("keep ") for a in actions]
            state.apply(seat, rng.choice(actions))
    assert secret > 0  # some Pickpocket did come up in these games


def test_a_copy_says_from_whom_it_copied_mk26() -> None:
    state = table(3, hands=[["MIMIK", "1", "1", "1", "1", "1"], ["1"], ["1"]],
                  posed_cards=[[], [7, 3], [(9, 7)]], discard=["7"])
    events = play(state, "MIMIK = 7")
    copied = next(e for e in events if e.kind == "copied")
    assert copied.data["from"] == [1, 2] and copied.data["discard"] is True
    assert GAME.describe(copied) == ("Joueur 1 pose son MIMIK et copie le 7 posé devant "
                                     "Joueur 2 ou 3 ou du dessus de la défausse : il vaut 7")
    assert GAME.describe(copied, "en") == ("Player 1 poses their MIMIK copying the 7 posed by "
                                           "Player 2 or 3 or on top of the discard pile: it is "
                                           "worth 7")


def test_a_copied_action_says_it_came_from_the_discard_pile() -> None:
    state = table(2, hands=[["MIMIK", "1", "1", "1", "1", "1"], ["1"] * 5],
                  posed_cards=[[], [8]], discard=["Sabotage"])
    events = play(state, "MIMIK Sabotage 1.0")
    copied = next(e for e in events if e.kind == "copied")
    assert "du dessus de la défausse" in GAME.describe(copied)
    assert "on top of the discard pile" in GAME.describe(copied, "en")


def test_the_win_and_an_overshoot_name_both_team_members() -> None:
    state = table(4, hands=[["5", "1", "1", "1", "1", "1"], ["1"], ["1"], ["1"]],
                  posed_cards=[[10, 10], [], [10, 10, 5], []], team=True)
    events = play(state, "pose 5")
    won = next(e for e in events if e.kind == "won")
    assert won.data["seats"] == [0, 2]
    # The end's line in the log names no winner: the end panel says who won (issue 20).
    assert GAME.describe(won) == "Fin de la partie : la cible de 50 points est atteinte"
    assert GAME.describe(won, "en") == "Game over: the target of 50 points is reached"
    result = state.result()
    assert result is not None
    assert "Joueurs 1 et 3" in GAME.describe_result(result)


def test_describe_result_says_who_reached_the_target_with_the_scores_mk9() -> None:
    result = Result((1, 0, 1), (41.0, 30.0, 12.0), "target_reached", "", ruling="MK-9")
    assert GAME.describe_result(result, "fr") == (
        "Joueur 2 atteint exactement 30 points, la cible ; les autres : "
        "Joueur 1 : 41, Joueur 3 : 12.")
    assert GAME.describe_result(result, "en") == (
        "Player 2 reaches exactly 30 points, the target; the others: Player 1: 41, "
        "Player 3: 12.")


def test_describe_result_in_team_mode_speaks_of_teams() -> None:
    result = Result((1, 0, 1, 0), (44.0, 50.0, 44.0, 50.0), "target_reached", "",
                    teams=(0, 1, 0, 1))
    assert GAME.describe_result(result) == (
        "Joueurs 2 et 4 atteignent exactement 50 points, la cible ; l’autre : "
        "Joueurs 1 et 3 : 44.")
    assert GAME.describe_result(result, "en") == (
        "Players 2 and 4 reach exactly 50 points, the target; the other: "
        "Players 1 and 3: 44.")


def test_describe_result_of_a_game_stopped_at_the_turn_limit_mk29() -> None:
    state = table(2, hands=[["1"] * 6, ["1"] * 5])
    state.turns = 1999
    state.play("discard 1")
    result = state.result()
    assert result is not None and result.reason == "turn_limit"
    assert GAME.describe_result(result) == (
        "Partie nulle : personne n'a atteint exactement la cible en 2 000 tours ; "
        "scores : Joueur 1 : 0, Joueur 2 : 0.")
    assert GAME.describe_result(result, "en").startswith("A draw: no one reached exactly")


def test_the_screen_catalogue_names_every_option_choice_and_setup() -> None:
    for lang in ("fr", "en"):
        words = json.loads((WEB / f"{lang}.json").read_text(encoding="utf-8"))
        for field in ("target", "team", "beginner"):
            assert words[f"option.{field}"] and words[f"option.{field}.help"]
        for choice in (50, 30, 75):
            assert f"option.target.{choice}" in words
        assert "Express" in words["option.target.30"]
        assert "Hardcore" in words["option.target.75"]
        for config in GAME.configs():
            assert words[f"setup.{config.label}"], config.label
        # Every card's name and effect is there for the card faces.
        for key in ("sabotage", "swap", "reverse", "pause", "half", "discard2", "pickpocket",
                    "swapscore", "tsunami", "mimik"):
            assert words[f"mimik.card.{key}"] and words[f"mimik.effect.{key}"]


def test_every_key_the_screen_builds_from_parts_is_in_the_catalogue() -> None:
    """Keys made with a template (`mimik.prompt.target_${key}`) escape the generic check of
    tests/server: list them here from the script's own tables."""
    words = json.loads((WEB / "fr.json").read_text(encoding="utf-8"))
    code = (WEB / "screen.js").read_text(encoding="utf-8")
    assert re.findall(r"t\(`mimik\.prompt\.target_\$\{key\}`\)", code)
    for key in ("sabotage", "reverse", "half"):
        assert f"mimik.prompt.target_{key}" in words
    for key in ("pickpocket", "swapscore"):
        assert f"mimik.prompt.player_{key}" in words
    for kind in ("reversed", "halved"):
        assert f"mimik.moment.{kind}" in words
    for pick in ("pose", "play", "keep", "discard"):
        assert f"mimik.do.{pick}_short" in words


def test_texts_name_the_players_when_the_names_are_given() -> None:
    names = ["Alice", "Bob", "Carole", "Denis"]
    state = table(3, hands=[["MIMIK", "1", "1", "1", "1", "1"], ["1"], ["1"]],
                  posed_cards=[[], [7, 3], [(9, 7)]], discard=["7"])
    copied = next(e for e in play(state, "MIMIK = 7") if e.kind == "copied")
    assert GAME.describe(copied, "fr", names) == (
        "Alice pose son MIMIK et copie le 7 posé devant Bob ou Carole ou du dessus de la "
        "défausse : il vaut 7")
    assert GAME.describe(copied, "en", names) == (
        "Alice poses their MIMIK copying the 7 posed by Bob or Carole or on top of the "
        "discard pile: it is worth 7")
    looked = Event("looked", {"seat": 1, "victim": 0, "hand": ["7"]}, to=(1,), ruling="MK-21")
    assert GAME.describe(looked) == "Main de Joueur 1 : 7"
    assert GAME.describe(looked, "fr", names) == "Main d'Alice : 7"
    assert GAME.describe(looked, "en", names) == "Hand of Alice: 7"
    # "il regarde" would give the name a gender: said without a pronoun.
    pocket = Event("pickpocket", {"seat": 0, "victim": 1})
    assert GAME.describe(pocket) == ("Joueur 1 fait les poches de Joueur 2 : il regarde sa "
                                     "main et y prend une carte")
    assert GAME.describe(pocket, "fr", names) == ("Alice fait les poches de Bob, regarde sa "
                                                  "main et y prend une carte")
    won = Event("won", {"seats": [0, 2], "score": 50})
    assert GAME.describe(won, "fr", names) == GAME.describe(won)
    result = Result((1, 0, 1, 0), (44.0, 50.0, 44.0, 50.0), "target_reached", "",
                    teams=(0, 1, 0, 1))
    assert GAME.describe_result(result, "fr", names) == (
        "Bob et Denis atteignent exactement 50 points, la cible ; l’autre : "
        "Alice et Carole : 44.")
    assert GAME.describe_result(result, "en", names) == (
        "Bob and Denis reach exactly 50 points, the target; the other: "
        "Alice and Carole: 44.")
