"""The New Servants set (optional): twelve creatures that are data only (MB-30)."""

from __future__ import annotations

from ludotheque.games.mindbug import GAME
from ludotheque.games.mindbug.cards import FURTIF, catalogue
from ludotheque.games.mindbug.rules import MindbugState

from .scenario import act, acts, board, discard, find, hand, legal, pending, play, setup

FILLER = ["gorillion"]


def ns(**kw: object) -> MindbugState:
    return setup(new_servants=True, **kw)  # type: ignore[arg-type]


def test_mb30_the_set_is_an_option_of_12_creatures_in_2_copies() -> None:
    # Pins MB-30.
    cat = catalogue(True)
    extra = [c for c in cat.creatures if c.set == "new_servants"]
    assert len(extra) == 12 and all(c.copies == 2 for c in extra)
    s = GAME.new(1, 2, {"new_servants": True})
    assert isinstance(s, MindbugState)
    assert len(s.unused) == 72 - 20
    plain = GAME.new(1, 2)
    assert isinstance(plain, MindbugState) and len(plain.unused) == 28


def test_bugserker_has_plus_8_at_exactly_1_life() -> None:
    s = ns(boards=[["bugserker"], []], life=[1, 3])
    assert s.power_of(find(s, "bugserker")) == 11
    t = ns(boards=[["bugserker"], []], life=[2, 3])
    assert t.power_of(find(t, "bugserker")) == 3


def test_comte_draculeech_costs_1_life_then_defeats_a_creature() -> None:
    s = ns(boards=[["comte-draculeech"], ["gorillion", "arachnhibou"]], hands=[[], FILLER])
    act(s, "attack comte-draculeech")
    assert s.life == [2, 3]
    act(s, "pick gorillion")
    assert discard(s, 1) == ["gorillion"]


def test_creep_des_abysses_hunts_and_poisons() -> None:
    s = ns(boards=[["creep-des-abysses"], ["gorillion", "arachnhibou"]], hands=[[], FILLER])
    acts(s, "attack creep-des-abysses", "hunt gorillion")
    assert discard(s, 1) == ["gorillion"]


def test_furet_pacificateur_stops_the_strongest_enemies_from_blocking() -> None:
    s = ns(boards=[["furet-pacificateur", "gladiataure"], ["gorillion", "rhino-tortue"]],
           hands=[[], FILLER])
    act(s, "attack gladiataure")
    assert [t.split("#")[0] for t in legal(s)] == ["block rhino-tortue", "noblock"]


def test_froblin_agitateur_has_plus_2_for_each_other_ally() -> None:
    s = ns(boards=[["froblin-agitateur", "arachnhibou", "reptireur"], []])
    assert s.power_of(find(s, "froblin-agitateur")) == 5


def test_goraigle_alpha_costs_1_life_when_played() -> None:
    s = ns(hands=[["goraigle-alpha"], FILLER])
    play(s, "goraigle-alpha")
    assert s.life == [2, 3]


def test_hamster_lion_stops_the_weakest_enemies_from_attacking() -> None:
    s = ns(boards=[["hamster-lion"], ["arachnhibou", "gorillion"]], hands=[["reptireur"],
                                                                          ["dr-axolotl"]])
    play(s, "reptireur")
    assert [t.split("#")[0] for t in legal(s)] == ["play dr-axolotl", "attack gorillion"]


def test_hamster_affame_gets_a_card_to_play_or_keep() -> None:
    s = ns(hands=[["hamster-affame"], ["gorillion", "abeille-tueuse"]])
    play(s, "hamster-affame")
    assert s.to_act() == (1,) and pending(s) == "pick"  # the opponent chooses the card
    act(s, "pick abeille-tueuse")
    assert s.to_act() == (0,) and pending(s) == "keep"
    act(s, "play abeille-tueuse")
    assert board(s, 0) == ["hamster-affame", "abeille-tueuse"]
    assert s.life == [3, 2]
    assert s.mindbugs == [2, 2]  # put into play by an effect: no Mindbug (MB-7)


def test_hamster_affame_may_keep_the_card() -> None:
    s = ns(hands=[["hamster-affame"], ["gorillion"]])
    acts(s, "play hamster-affame", "decline", "keep")
    assert hand(s, 0) == ["gorillion"] and s.owner[s.hands[0][0]] == 1


def test_hyenix_may_be_played_from_the_discard_pile_when_you_lose_life() -> None:
    s = ns(boards=[["gorillion"], ["arachnhibou"]], discards=[[], ["hyenix"]],
           hands=[[], FILLER])
    acts(s, "attack gorillion", "noblock")
    assert pending(s) == "revive" and s.to_act() == (1,)
    act(s, "play hyenix")
    assert board(s, 1) == ["arachnhibou", "hyenix"]
    assert discard(s, 1) == []


def test_manticore_majestueuse_defeats_the_weakest_creatures() -> None:
    s = ns(boards=[["manticore-majestueuse", "gorillion"], ["reptireur", "arachnhibou"]],
           hands=[[], FILLER])
    act(s, "attack manticore-majestueuse")
    assert discard(s, 1) == ["reptireur"]


def test_le_rodeur_is_sneaky_when_you_have_more_creatures() -> None:
    s = ns(boards=[["le-rodeur", "arachnhibou"], ["gorillion"]], hands=[[], FILLER])
    events = act(s, "attack le-rodeur")
    assert "cannot_block" in [e.kind for e in events]  # FURTIF this turn: Gorillion cannot
    assert s.life == [3, 2]
    assert not s.keywords_of(find(s, "le-rodeur")) & FURTIF  # only for that turn


def test_turf_le_surfeur_forbids_a_chosen_enemy_to_block() -> None:
    s = ns(boards=[["turf-le-surfeur"], ["gorillion", "rhino-tortue"]], hands=[[], FILLER])
    act(s, "attack turf-le-surfeur")
    act(s, "pick gorillion")
    assert [t.split("#")[0] for t in legal(s)] == ["block rhino-tortue", "noblock"]
