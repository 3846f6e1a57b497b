"""Tag Team: "the opponent" of a card is ONE opponent, named by the player who resolves the
effect (shared/rules/mindbug-cards.md: "In Tag Team, "the opponent" of an effect means an
opponent chosen by the player who resolves it"). One test per card of the sheet whose effect
says "the opponent" (docs/rules/mindbug.md, decision 12, lists them); "enemy" creatures stay
those of both opponents. Seats: 0 = A1, 1 = B1, 2 = A2, 3 = B2 (MB-20).
"""

from __future__ import annotations

import pytest
from rich.console import Console

from ludotheque.core import Event
from ludotheque.games.mindbug import GAME

from .scenario import act, acts, board, discard, find, hand, kinds, legal, pending, play, setup
from .test_tag_team import FILLER, tag

NO_MINDBUG = {"mindbugs": [0, 0, 0, 0], "mindfrogs": [0, 0, 0, 0]}


def foe_events(events: list[Event]) -> list[dict[str, object]]:
    return [dict(e.data) for e in events if e.kind == "foe"]


# -- permanent effects: the controller names the opponent as the creature enters play -------

def test_cards_deathweaver_silences_only_the_opponent_named() -> None:
    # mindbug-cards.md, Deathweaver: "the opponent's Play effects do not resolve".
    s = tag(hands=[["veuve-noire"], ["abeille-tueuse"], FILLER, ["abeille-tueuse"]],
            **NO_MINDBUG)
    act(s, "play veuve-noire")
    assert pending(s) == "foe" and s.to_act() == (0,)
    assert legal(s) == ["foe 1", "foe 3"]  # the left opponent first (MB-20)
    events = act(s, "foe 3")
    assert foe_events(events) == [{"seat": 0, "card": find(s, "veuve-noire"),
                                   "key": "veuve-noire", "foe": 3}]
    assert s.view(None)["boards"][0][0]["aim"] == 3
    events = play(s, "abeille-tueuse")  # B1 is not the one named: its Play effect resolves
    assert "silenced" not in kinds(events) and s.life == [2, 3]
    play(s, "gorillion")
    events = play(s, "abeille-tueuse")  # B2 is: silenced
    assert "silenced" in kinds(events) and s.life == [2, 3]


def test_cards_elephantopus_stops_only_the_named_opponents_small_blockers() -> None:
    # mindbug-cards.md, Elephantopus: "the opponent cannot block with creatures of power 4 or
    # less".
    s = tag(hands=[["pachypoulpe"], ["gorillion"], [], FILLER],
            boards=[[], ["arachnhibou"], ["gorillion"], ["tigrecureuil"]], **NO_MINDBUG)
    acts(s, "play pachypoulpe", "foe 1")
    rows = s.view(0)["boards"]
    assert rows[1][0]["cannot_block"] is True
    assert rows[3][0]["cannot_block"] is False
    play(s, "gorillion")  # B1 (its Gorillion may block: power 10)
    act(s, "attack gorillion")  # A2 attacks; B2, on A2's left, decides first (MB-25)
    assert s.to_act() == (3,) and [t.split("#")[0] for t in legal(s)] == [
        "block tigrecureuil", "noblock"]
    act(s, "noblock")
    assert s.to_act() == (1,) and [t.split("#")[0] for t in legal(s)] == [
        "block gorillion", "noblock"]  # the Arachnhibou (3) cannot block


def test_cards_elephantopus_stolen_by_a_mindbug_is_aimed_by_the_thief() -> None:
    # mindbug-cards.md: the player who resolves it names the opponent; MB-7: it enters play
    # under the thief's control.
    s = tag(hands=[["pachypoulpe", "gorillion"], FILLER, FILLER, FILLER],
            mindbugs=[0, 1, 0, 0], mindfrogs=[0, 0, 0, 0])
    acts(s, "play pachypoulpe", "mindbug")
    assert pending(s) == "foe" and s.to_act() == (1,)
    assert legal(s) == ["foe 2", "foe 0"]
    act(s, "foe 0")
    assert s.aim[find(s, "pachypoulpe")] == 0 and s.to_act() == (0,)  # then A1 acts again


def test_cards_elephantopus_taken_by_an_effect_is_aimed_anew() -> None:
    # mindbug-cards.md, Brain Fly takes control of it: its new controller names one of its
    # own opponents.
    s = tag(hands=[["pachypoulpe"], ["neuromouche"], FILLER, FILLER], **NO_MINDBUG)
    acts(s, "play pachypoulpe", "foe 3")
    events = play(s, "neuromouche")  # the only enemy of power 6 or more: taken at once
    assert "control" in kinds(events) and board(s, 1) == ["neuromouche", "pachypoulpe"]
    assert pending(s) == "foe" and s.to_act() == (1,) and legal(s) == ["foe 2", "foe 0"]
    act(s, "foe 2")
    assert s.aim[find(s, "pachypoulpe")] == 2


def test_cards_two_players_never_name_the_opponent() -> None:
    # With 2 players there is one opponent: nothing to ask (the 2-player game is unchanged).
    s = GAME.new(0, 2)
    assert "foe" not in " ".join(s.legal_texts(s.to_act()[0]))
    s2 = setup(hands=[["pachypoulpe", "gorillion"], ["abeille-tueuse", "gorillion"]],
               boards=[[], ["arachnhibou"]], mindbugs=[0, 0])
    play(s2, "pachypoulpe")
    assert pending(s2) == "act" and s2.to_act() == (1,)
    assert s2.view(None)["boards"][1][0]["cannot_block"] is True
    assert "aim" not in s2.view(None)["boards"][0][0]


# -- effects on a hand or a discard pile: only an opponent who holds a card can be named -----

def test_cards_ferret_bomber_names_an_opponent_with_cards() -> None:
    # mindbug-cards.md, Ferret Bomber: "the opponent discards 2 cards of their choice".
    s = tag(hands=[["furet-saboteur"], [], FILLER, ["arachnhibou", "reptireur"]],
            **NO_MINDBUG)
    events = play(s, "furet-saboteur")  # B1's hand is empty: B2 is named at once
    assert foe_events(events)[0]["foe"] == 3
    assert pending(s) == "pick" and s.to_act() == (3,)


def test_cards_ferret_bomber_with_no_card_in_either_hand_asks_nothing() -> None:
    # mindbug-cards.md, Ferret Bomber; MB-15: as much as possible, here nothing.
    s = tag(hands=[["furet-saboteur"], [], FILLER, []], **NO_MINDBUG)
    events = play(s, "furet-saboteur")
    assert "foe" not in kinds(events) and pending(s) == "act"
    assert [e.data["cards"] for e in events if e.kind == "discard"] == [[]]


def test_cards_grave_robber_plays_from_the_named_opponents_discard_pile() -> None:
    # mindbug-cards.md, Grave Robber: "play a card from the opponent's discard pile".
    s = tag(hands=[["pilleur-de-tombes"], FILLER, FILLER, FILLER],
            discards=[[], ["gorillion"], [], ["arachnhibou"]], **NO_MINDBUG)
    play(s, "pilleur-de-tombes")
    assert pending(s) == "foe" and legal(s) == ["foe 1", "foe 3"]
    act(s, "foe 3")  # the Arachnhibou is B2's only card: taken at once
    assert board(s, 0) == ["pilleur-de-tombes", "arachnhibou"] and discard(s, 3) == []
    assert discard(s, 1) == ["gorillion"]


def test_cards_grave_robber_with_one_discard_pile_takes_it() -> None:
    # mindbug-cards.md, Grave Robber: B1's discard pile is empty, so B2 is "the opponent".
    s = tag(hands=[["pilleur-de-tombes"], FILLER, FILLER, FILLER],
            discards=[[], [], [], ["arachnhibou"]], **NO_MINDBUG)
    events = play(s, "pilleur-de-tombes")
    assert foe_events(events)[0]["foe"] == 3 and "arachnhibou" in board(s, 0)


def test_cards_strange_barrel_takes_from_the_named_opponents_hand() -> None:
    # mindbug-cards.md, Strange Barrel: "Defeated: take 2 cards at random from the opponent's
    # hand".
    s = tag(hands=[[], ["reptireur"], FILLER, ["arachnhibou", "tigrecureuil"]],
            boards=[["baril-etrange"], ["gorillion"], [], []], **NO_MINDBUG)
    acts(s, "attack baril-etrange", "block gorillion")
    assert pending(s) == "foe" and s.to_act() == (0,) and legal(s) == ["foe 1", "foe 3"]
    act(s, "foe 3")
    assert sorted(hand(s, 0)) == ["arachnhibou", "tigrecureuil"] and hand(s, 1) == ["reptireur"]


def test_cards_tusked_extorter_makes_the_named_opponent_discard() -> None:
    # mindbug-cards.md, Tusked Extorter: "Attack: the opponent discards a card".
    s = tag(hands=[[], ["reptireur"], FILLER, ["arachnhibou"]],
            boards=[["huissielephant"], [], [], []], **NO_MINDBUG)
    act(s, "attack huissielephant")
    assert pending(s) == "foe" and legal(s) == ["foe 1", "foe 3"]
    act(s, "foe 1")  # B1's only card goes at once
    assert hand(s, 1) == [] and discard(s, 1) == ["reptireur"] and hand(s, 3) == ["arachnhibou"]


def test_cards_hungry_hungry_hamster_is_given_a_card_by_the_named_opponent() -> None:
    # mindbug-cards.md (New Servants), Hungry Hungry Hamster: "the opponent gives you a card
    # from their hand".
    s = tag(hands=[["hamster-affame"], ["reptireur"], FILLER, ["arachnhibou"]],
            new_servants=True, **NO_MINDBUG)
    play(s, "hamster-affame")
    assert pending(s) == "foe" and legal(s) == ["foe 1", "foe 3"]
    act(s, "foe 3")  # B2 gives their only card
    assert pending(s) == "keep" and hand(s, 3) == []


# -- a comparison with the opponent: asked when the two opponents give different answers -----

def test_cards_snail_hydra_compares_with_the_opponent_named() -> None:
    # mindbug-cards.md, Snail Hydra: "if you control fewer creatures than the opponent".
    s = tag(boards=[["hydrescargot"], ["reptireur"], [], ["reptireur", "arachnhibou"]],
            hands=[[], FILLER, FILLER, FILLER], **NO_MINDBUG)
    act(s, "attack hydrescargot")
    assert pending(s) == "foe" and legal(s) == ["foe 1", "foe 3"]
    first = s.clone()
    act(s, "foe 3")  # 1 creature against B2's 2: it happens
    assert pending(s) == "pick"
    events = first.play("foe 1")  # 1 against B1's 1: it does not
    assert "condition_unmet" in kinds(events)


@pytest.mark.parametrize(("b1", "b2", "happens"), [
    (["reptireur", "gorillion"], ["reptireur", "arachnhibou"], True),
    (["reptireur"], [], False),
])
def test_cards_snail_hydra_asks_nothing_when_both_opponents_agree(
        b1: list[str], b2: list[str], happens: bool) -> None:
    # mindbug-cards.md, Snail Hydra: naming either opponent gives the same answer.
    s = tag(boards=[["hydrescargot"], b1, [], b2], hands=[[], FILLER, FILLER, FILLER],
            **NO_MINDBUG)
    events = act(s, "attack hydrescargot")
    assert "foe" not in kinds(events) and pending(s) != "foe"
    assert ("condition_unmet" not in kinds(events)) == happens


def test_cards_the_lurker_compares_with_the_opponent_named() -> None:
    # mindbug-cards.md (New Servants), The Lurker: "if you control more creatures than the
    # opponent, it is Sneaky this turn".
    s = tag(boards=[["le-rodeur", "gorillion"], [], [], ["reptireur", "arachnhibou"]],
            hands=[[], FILLER, FILLER, FILLER], new_servants=True, **NO_MINDBUG)
    act(s, "attack le-rodeur")
    assert pending(s) == "foe" and legal(s) == ["foe 1", "foe 3"]
    act(s, "foe 1")  # 2 creatures against B1's none: FURTIF this turn
    assert "FURTIF" in s.view(None)["boards"][0][0]["keywords"]


# -- life: one life total per team (MB-21), so naming an opponent changes nothing -------------

@pytest.mark.parametrize(("boards", "hands", "action", "start", "end"), [
    # Chameleon Sniper: "Attack: the opponent loses 1 life" (then unblocked: 1 more)
    ([["reptireur"], [], [], []], [[], FILLER, FILLER, FILLER], "attack reptireur", [3, 3],
     [3, 1]),
    # Killer Bee: "Play: the opponent loses 1 life"
    ([[], [], [], []], [["abeille-tueuse"], FILLER, FILLER, FILLER], "play abeille-tueuse",
     [3, 3], [3, 2]),
    # Turbo Bug: "Attack: the opponent's life drops to 1" (then blocked by the Gorillion)
    ([["turboustique"], ["gorillion"], [], []], [[], FILLER, FILLER, FILLER],
     "attack turboustique", [3, 3], [3, 1]),
    # Mysterious Mermaid: "Play: your life becomes equal to the opponent's"
    ([[], [], [], []], [["sirene-mysterieuse"], FILLER, FILLER, FILLER],
     "play sirene-mysterieuse", [1, 4], [4, 4]),
])
def test_cards_life_effects_hit_the_opposing_team_without_a_choice(
        boards: list[list[str]], hands: list[list[str]], action: str, start: list[int],
        end: list[int]) -> None:
    # mindbug-cards.md (Chameleon Sniper, Killer Bee, Turbo Bug, Mysterious Mermaid) with
    # MB-21: the two opponents share one life total, so either is "the opponent": nobody is
    # asked (docs/rules/mindbug.md, decision 12).
    s = tag(boards=boards, hands=hands, life=start, **NO_MINDBUG)
    events = act(s, action)
    while pending(s) == "block":
        blocks = [t for t in legal(s) if t.startswith("block ")]
        events += act(s, blocks[0] if blocks else "noblock")
    assert "foe" not in kinds(events) and s.life == end


def test_cards_the_named_opponent_is_asked_shown_and_told_in_words() -> None:
    # mindbug-cards.md (Tag Team): the decision is a `foe S` action (notation round trip), the
    # view tells every seat whose decision it is and about which card (the screen's prompt
    # and its "Viser ..." buttons), the board then shows the aim, and the event names both.
    s = tag(hands=[["pachypoulpe"], FILLER, FILLER, FILLER], **NO_MINDBUG)
    act(s, "play pachypoulpe")
    card = find(s, "pachypoulpe")
    for seat in (None, 0, 1, 2, 3):
        assert s.view(seat)["pending"] == {"kind": "foe", "seat": 0, "card": card,
                                           "key": "pachypoulpe"}
    actions = s.legal_actions(0)
    assert [GAME.parse(a.text()) for a in actions] == actions
    events = act(s, "foe 3")
    assert s.view(1)["boards"][0][0]["aim"] == 3
    told = next(e for e in events if e.kind == "foe")
    assert GAME.describe(told, "fr") == \
        "Joueur 1 choisit Joueur 4 comme adversaire visé par Pachypoulpe."
    assert GAME.describe(told, "en") == \
        "Player 1 chooses Player 4 as the opponent Elephantopus targets."
    assert GAME.describe(told, "fr", ["Ana", "Bo", "Cy", "Di"]) == \
        "Ana choisit Di comme adversaire visé par Pachypoulpe."
    console = Console(record=True, width=140)
    console.print(GAME.render(s.view(2), 2, "fr"))  # the terminal table says it too
    assert "vise Joueur 3" in console.export_text()  # the terminal counts seats from 0
