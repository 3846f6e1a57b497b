"""What the browser screen relies on: the card data file, which actions others may read
(State.is_public), the sentence under the end banner (describe_result), the card shown in a
pending decision, and the screen's catalogues for the new-game form."""

from __future__ import annotations

import json
from pathlib import Path

from ludotheque.core.game import Event, Result
from ludotheque.core.rng import Rng
from ludotheque.games.mindbug import GAME, MindbugOptions
from ludotheque.games.mindbug.rules import MindbugState
from ludotheque.games.mindbug.screen_data import CARDS_FILE, cards_json

from .scenario import act, legal, pending, setup

WEB = Path(CARDS_FILE).parent
FILLER = ["gorillion", "arachnhibou", "dr-axolotl", "reptireur", "oursabeille"]


def test_the_screen_card_file_is_up_to_date_with_the_set_files() -> None:
    # Regenerate with: python -m ludotheque.games.mindbug.screen_data
    assert CARDS_FILE.read_text(encoding="utf-8") == cards_json()
    data = json.loads(cards_json())
    assert data["creatures"]["dr-axolotl"]["text_fr"].startswith("Jouer")
    assert data["keywords"]["VENIMEUX"] == {"fr": "VENIMEUX", "en": "POISONOUS"}
    assert len(data["creatures"]) == 32 + 12  # MB-1: First Contact, and New Servants


def test_plays_attacks_blocks_and_mindbugs_are_public() -> None:
    s = setup(hands=[["gorillion"], FILLER], boards=[["arachnhibou"], ["dr-axolotl"]])
    for text in legal(s):  # play and attack
        assert s.is_public(0, GAME.parse(text)), text
    act(s, "play gorillion")
    assert pending(s) == "mindbug"
    assert all(s.is_public(1, GAME.parse(t)) for t in ("mindbug", "decline"))
    act(s, "decline")
    act(s, "play arachnhibou") if "play arachnhibou" in legal(s) else None


def test_the_card_an_opponent_gives_from_their_hand_is_secret_in_tag_team() -> None:
    # Hamster affamé: the opponent gives a card of their choice; only the two players learn
    # which. In Tag Team the two others (and spectators) must not read the choice.
    s = setup(players=4, new_servants=True, mindbugs=[0, 0, 0, 0], mindfrogs=[0, 0, 0, 0],
              hands=[["hamster-affame"], ["gorillion", "abeille-tueuse"], ["reptireur"],
                     ["dr-axolotl"]])
    act(s, "play hamster-affame")
    assert pending(s) == "foe"
    act(s, "foe 1")
    assert pending(s) == "pick" and s.to_act() == (1,)
    for text in legal(s):
        assert not s.is_public(1, GAME.parse(text)), text
    act(s, legal(s)[0])
    assert pending(s) == "keep"
    assert all(s.is_public(0, GAME.parse(t)) for t in legal(s))  # playing it shows it


def test_the_card_given_in_a_two_player_game_is_known_to_all_so_public() -> None:
    # Decision 8 (docs/rules/mindbug.md): a card known to every player is public.
    s = setup(hands=[["hamster-affame"], ["gorillion", "abeille-tueuse"]], new_servants=True)
    act(s, "play hamster-affame")
    act(s, "decline") if pending(s) == "mindbug" else None
    assert pending(s) == "pick" and s.to_act() == (1,)
    assert all(s.is_public(1, GAME.parse(t)) for t in legal(s))


def test_a_discarded_card_is_chosen_in_the_open() -> None:
    # Huissiéléphant: the opponent discards a card of their choice; it is shown (MB-15).
    s = setup(boards=[["huissielephant"], []], hands=[[], ["gorillion", "dr-axolotl"]])
    act(s, "attack huissielephant")
    assert pending(s) == "pick" and s.to_act() == (1,)
    assert all(s.is_public(1, GAME.parse(t)) for t in legal(s))


def test_is_public_answers_for_every_legal_action_of_random_games() -> None:
    for seed, players in ((1, 2), (2, 4), (3, 2)):
        opts = MindbugOptions(new_servants=seed == 3)
        s = GAME.new(seed, players, opts)
        rng = Rng(seed)
        while not s.is_over():
            seat = s.to_act()[0]
            actions = s.legal_actions(seat)
            for a in actions:
                assert isinstance(s.is_public(seat, a), bool)
            s.apply(seat, actions[rng.randrange(len(actions))])


def test_a_pending_decision_names_its_card_to_those_who_may_know_it() -> None:
    s = setup(hands=[["gorillion"], FILLER])
    act(s, "play gorillion")
    pend = s.view(1)["pending"]
    assert isinstance(pend, dict) and pend["kind"] == "mindbug" and pend["key"] == "gorillion"
    spectator = s.view(None)["pending"]
    assert isinstance(spectator, dict) and spectator["key"] == "gorillion"
    # A card given from a hand: named exactly to those whose view shows it in that hand.
    g = setup(hands=[["hamster-affame"], ["gorillion"]], new_servants=True)
    act(g, "play hamster-affame")
    act(g, "decline") if pending(g) == "mindbug" else None
    assert pending(g) == "keep"
    for seat in (0, 1, None):
        view = g.view(seat)
        pend, hands = view["pending"], view["hands"]
        assert isinstance(pend, dict) and isinstance(hands, list)
        shown = [c["key"] for c in hands[0]["cards"]]
        assert ("key" in pend) == ("gorillion" in shown), seat
    mine = g.view(0)["pending"]
    assert isinstance(mine, dict) and mine["key"] == "gorillion"


def _ended(players: int, reason: str) -> Result:
    if reason == "turn_limit":
        return Result((0,) * players, (2.0,) * players, reason)
    ranks = tuple(1 if s % 2 == 0 else 0 for s in range(players))
    scores = tuple(0.0 if s % 2 == 0 else 2.0 for s in range(players))
    return Result(ranks, scores, reason, teams=tuple(s % 2 for s in range(players))
                  if players == 4 else None)


def test_describe_result_says_why_with_the_life_left_in_both_languages() -> None:
    fr = GAME.describe_result(_ended(2, "life"), "fr")
    en = GAME.describe_result(_ended(2, "life"), "en")
    assert fr == ("Joueur 1 n'a plus de points de vie ; Joueur 2 gagne avec 2 "
                  "points de vie.")
    assert en == "Player 1 has no life left; Player 2 wins with 2 life."
    assert "ni jouer ni attaquer" in GAME.describe_result(_ended(2, "no_action"), "fr")
    assert "could neither play nor attack" in GAME.describe_result(_ended(2, "no_action"), "en")
    team = GAME.describe_result(_ended(4, "team_stuck"), "fr")
    assert "l'équipe A (1 & 3)" in team and "l'équipe B (2 & 4)" in team
    assert "team B (2 & 4) wins" in GAME.describe_result(_ended(4, "life"), "en")
    assert "égalité" in GAME.describe_result(_ended(2, "turn_limit"), "fr")
    assert "draw" in GAME.describe_result(_ended(2, "turn_limit"), "en")


def test_describe_result_of_a_real_game_matches_its_result() -> None:
    s = GAME.new(5, 2, MindbugOptions())
    assert isinstance(s, MindbugState)
    rng = Rng(5)
    while not s.is_over():
        seat = s.to_act()[0]
        actions = s.legal_actions(seat)
        s.apply(seat, actions[rng.randrange(len(actions))])
    result = s.result()
    assert result is not None
    winner = result.winners[0]
    text = GAME.describe_result(result, "en")
    assert f"Player {winner + 1} wins" in text
    assert str(s.life[s.team(winner)]) in text


def test_the_screen_catalogues_label_the_options_and_setups_in_both_languages() -> None:
    fr = json.loads((WEB / "fr.json").read_text(encoding="utf-8"))
    en = json.loads((WEB / "en.json").read_text(encoding="utf-8"))
    for words in (fr, en):
        for field in MindbugOptions.model_fields:
            assert words[f"option.{field}"] and words[f"option.{field}.help"]
        for config in GAME.configs():
            assert words[f"setup.{config.label}"]
    assert fr["setup.tag-team"] != en["setup.tag-team"]


def test_events_are_described_with_seats_counted_from_one() -> None:
    s = setup(hands=[["gorillion"], FILLER])
    events = act(s, "play gorillion")
    texts = [GAME.describe(e, "fr") for e in events if e.kind == "play"]
    assert texts == ["Joueur 1 joue Gorillion."]


def test_events_and_result_name_the_players_when_the_names_are_given() -> None:
    names = ["Alice", "Bob"]
    given = Event("given", {"seat": 1, "foe": 0})
    assert GAME.describe(given, "fr") == "Joueur 1 donne une carte à Joueur 2."
    assert GAME.describe(given, "fr", names) == "Alice donne une carte à Bob."
    assert GAME.describe(given, "en", names) == "Alice gives a card to Bob."
    defeated = Event("defeated", {"key": "gorillion", "owner": 0})
    assert GAME.describe(defeated, "fr") == (
        "Gorillion est détruite et va dans la défausse de Joueur 1.")
    assert GAME.describe(defeated, "fr", names) == (
        "Gorillion est détruite et va dans la défausse d'Alice.")
    assert GAME.describe(defeated, "en", names) == (
        "Gorillion is defeated and goes to Alice's discard pile.")
    # "il perd" would give the name a gender: the sentence is said without a pronoun.
    lost = Event("no_action", {"seat": 1})
    assert GAME.describe(lost, "fr") == "Joueur 2 ne peut ni jouer ni attaquer : il perd."
    assert GAME.describe(lost, "fr", names) == "Bob ne peut ni jouer ni attaquer et perd."
    assert GAME.describe_result(_ended(2, "life"), "fr", names) == (
        "Alice n'a plus de points de vie ; Bob gagne avec 2 points de vie.")
    assert GAME.describe_result(_ended(2, "life"), "en", names) == (
        "Alice has no life left; Bob wins with 2 life.")
    team = GAME.describe_result(_ended(4, "team_stuck"), "fr", [*names, "Carole", "Denis"])
    assert team == ("Les deux joueurs de l'équipe A (Alice & Carole) n'ont pas pu agir l'un "
                    "après l'autre ; l'équipe B (Bob & Denis) gagne avec 2 points "
                    "de vie.")
