"""Mindbug's encoding for the AI adapters: action ids and what a seat's view shows, as numbers."""

from __future__ import annotations

import pytest

from ludotheque.core import Config, Encoding, EncodingError, Rng
from ludotheque.games.mindbug import GAME, MindbugOptions
from ludotheque.games.mindbug.cards import catalogue
from ludotheque.games.mindbug.encoding import action_texts, mindbug_encoding
from ludotheque.games.mindbug.notation import CardAction
from ludotheque.games.mindbug.rules import MindbugState
from tests.games.encoding_checks import check_encoded_playouts

from .scenario import acts, setup

CONFIGS = list(GAME.configs())
IDS = [c.label for c in CONFIGS]


def encoding_of(config: Config) -> Encoding:
    encoding = GAME.encoding(config.players, config.options)
    assert encoding is not None
    return encoding


def number(encoding: Encoding, seen: list[float], name: str) -> float:
    return seen[encoding.observation_names.index(name)]


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_playouts_have_an_id_for_every_legal_action_and_hide_what_they_must(
        config: Config) -> None:
    # The hidden cards re-dealt (hands, draw piles): the seat sees the same numbers.
    check_encoded_playouts(GAME, config, range(6), lambda seed: Rng(1000 + seed))


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_ids_are_stable_and_every_text_is_an_action_of_the_notation(config: Config) -> None:
    assert isinstance(config.options, MindbugOptions)
    first = encoding_of(config)
    again = GAME.encoding(config.players, MindbugOptions.model_validate(
        config.options.model_dump()))
    assert again is first  # cached per setup
    rebuilt = mindbug_encoding.__wrapped__(config.players, config.options.new_servants)
    assert rebuilt.actions == first.actions
    assert rebuilt.observation_names == first.observation_names
    for i, text in enumerate(first.actions):
        assert GAME.parse(text).text() == text
        assert first.action_id(text) == i
        action = GAME.parse(text)
        if isinstance(action, CardAction):
            # MB-3 / MB-21: only the cards of the draw piles ever come into play.
            assert action.card < 10 * config.players
            assert catalogue(config.options.new_servants).get(action.key) is not None


def test_a_position_shares_the_ids_of_the_ordinary_game() -> None:
    position = MindbugOptions(position="gorillion,tigrecureuil/arachnhibou//rhino-tortue! "
                                       "0 3,2 2,0")
    assert GAME.encoding(2, position) is GAME.encoding(2, MindbugOptions())
    state = GAME.new(5, 2, position)
    encoding = encoding_of(CONFIGS[0])
    assert sum(encoding.mask(state.legal_actions(0))) == len(state.legal_actions(0))


def test_the_ids_follow_the_documented_order() -> None:
    cat = catalogue()
    texts = action_texts(cat, 2)
    words = texts[:texts.index(f"play {cat.creatures[0].key}#0")]
    assert words == ("mindbug", "decline", "noblock", "nohunt", "again", "stop", "done")
    # By verb, then card number, then creature in the catalogue's order.
    start = len(words)
    assert texts[start + 1] == f"play {cat.creatures[1].key}#0"
    assert texts[start + len(cat.creatures)] == f"play {cat.creatures[0].key}#1"
    # MB-15: only creatures with a Détruit effect are ever ordered.
    ordered = [GAME.parse(t) for t in texts if t.startswith("first ")]
    first = {a.key for a in ordered if isinstance(a, CardAction)}
    assert first == {cr.key for cr in cat.creatures if cr.defeated}
    tag_team = action_texts(cat, 4)
    assert "mindfrog" in tag_team and "foe 3" in tag_team and "mindfrog" not in texts
    assert "keep" in action_texts(catalogue(True), 2) and "keep" not in texts


def test_the_numbers_at_the_start_of_a_game() -> None:
    encoding = encoding_of(CONFIGS[0])
    state = GAME.new(3, 2)
    assert isinstance(state, MindbugState)
    for seat in (0, 1):
        seen = encoding.observe(state.view(seat), seat)
        # MB-3: 3 life and 2 Mindbugs each, scaled by 5 and by 2.
        assert number(encoding, seen, "life.mine") == pytest.approx(0.6)
        assert number(encoding, seen, "life.opponent") == pytest.approx(0.6)
        assert number(encoding, seen, "mindbugs.mine") == 1.0
        assert number(encoding, seen, "hand_count.opponent") == 1.0
        assert number(encoding, seen, "pile.mine") == 0.5
        assert number(encoding, seen, "active.mine") == float(state.active == seat)
        for card in state.hands[seat]:
            key = state.key(card)
            copies = catalogue().by_key[key].copies
            held = sum(1 for c in state.hands[seat] if state.key(c) == key)
            assert number(encoding, seen, f"hand.{key}") == pytest.approx(held / copies)
            assert number(encoding, seen, f"card.{card}.hand.mine") == 1.0
            assert number(encoding, seen, f"card.{card}.kind.{key}") == 1.0
        for card in state.hands[1 - seat]:  # the opponent's hand: its size, never its cards
            assert number(encoding, seen, f"card.{card}.hand.opponent") == 0.0
            assert number(encoding, seen, f"hand.opponent.{state.key(card)}") == 0.0


def test_tag_team_starts_with_one_mindbug_and_one_mindfrog_each() -> None:
    encoding = encoding_of(CONFIGS[2])
    state = GAME.new(3, 4)
    seen = encoding.observe(state.view(2), 2)
    # MB-22: one Mindbug (scaled by 2) and one Mindfrog per player; MB-21: team life.
    assert [number(encoding, seen, f"mindbugs.{r}") for r in ("mine", "left", "mate", "right")] \
        == [0.5] * 4
    assert number(encoding, seen, "mindfrogs.mate") == 1.0
    assert number(encoding, seen, "life.mine") == pytest.approx(0.6)


def test_tag_team_shows_the_opponent_a_creature_aims_at() -> None:
    # mindbug-cards.md (Tag Team: "the opponent" is one opponent, named): A1's Pachypoulpe
    # aims at B2, the right of A1, the left of A2.
    s = setup(players=4, hands=[["pachypoulpe"], ["gorillion"], ["gorillion"], ["gorillion"]],
              mindbugs=[0, 0, 0, 0], mindfrogs=[0, 0, 0, 0])
    encoding = encoding_of(CONFIGS[2])
    acts(s, "play pachypoulpe", "foe 3")
    card = s.boards[0][0]
    for seat, where in ((0, "right"), (2, "left"), (3, "mine")):
        seen = encoding.observe(s.view(seat), seat)
        aims = [r for r in ("mine", "left", "mate", "right")
                if number(encoding, seen, f"card.{card}.aim.{r}") == 1.0]
        assert aims == [where]
    assert not any(name.startswith("card.0.aim") for name in encoding_of(CONFIGS[0])
                   .observation_names)  # 2 players: one opponent, nothing to show


def test_a_stolen_creature_and_a_spent_mindbug_are_seen_by_both_players() -> None:
    s = setup(hands=[["gorillion"], ["arachnhibou"]], piles=[["oursabeille"], []],
              mindbugs=[2, 2])
    encoding = encoding_of(CONFIGS[0])
    acts(s, "play gorillion")
    for seat in (0, 1):
        seen = encoding.observe(s.view(seat), seat)
        # MB-7: the opponent decides whether to use a Mindbug on the played creature.
        assert number(encoding, seen, "pending.mindbug") == 1.0
        assert number(encoding, seen, "pending.card.gorillion") == 1.0
        assert number(encoding, seen, f"pending.seat.{'mine' if seat == 1 else 'opponent'}") == 1
    acts(s, "mindbug")
    thief = encoding.observe(s.view(1), 1)
    victim = encoding.observe(s.view(0), 0)
    gorillion = s.boards[1][0]
    assert number(encoding, thief, "mindbugs.mine") == 0.5
    assert number(encoding, victim, "mindbugs.opponent") == 0.5
    assert number(encoding, thief, f"card.{gorillion}.board.mine") == 1.0
    assert number(encoding, victim, f"card.{gorillion}.board.opponent") == 1.0
    assert number(encoding, victim, "board.opponent.gorillion") == 1.0
    power = s.power_of(gorillion)
    assert number(encoding, victim, f"card.{gorillion}.power") == pytest.approx(power / 10)
    # MB-9: played this turn, it cannot attack yet.
    assert number(encoding, victim, f"card.{gorillion}.fresh") == 1.0


def test_a_fight_shows_in_life_and_discard_piles() -> None:
    s = setup(boards=[["gorillion"], []], hands=[["arachnhibou"], ["oursabeille"]])
    encoding = encoding_of(CONFIGS[0])
    acts(s, "attack gorillion")
    seen = encoding.observe(s.view(1), 1)
    # MB-8: an attack nobody can block costs 1 life: 2 left, scaled by 5.
    assert number(encoding, seen, "life.mine") == pytest.approx(0.4)
    assert number(encoding, seen, "life.opponent") == pytest.approx(0.6)


def test_a_card_outside_the_setups_numbers_is_refused() -> None:
    # Twenty-one cards, numbered 0 to 20: a 2-player game only ever deals 0 to 19 (MB-3).
    s = setup(hands=[["tigrecureuil"] * 5, ["requin-toutou"] * 5],
              discards=[["dr-axolotl"] * 5, ["veuve-noire"] * 6])
    encoding = encoding_of(CONFIGS[0])
    with pytest.raises(EncodingError, match="outside the setup's numbers"):
        encoding.observe(s.view(1), 1)
