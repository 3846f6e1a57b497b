"""Hidden information, views, determinize, event descriptions, the terminal table, heuristic."""

from __future__ import annotations

from rich.console import Console

from ludotheque.core import Event, Rng
from ludotheque.games.mindbug import GAME
from ludotheque.games.mindbug.rules import MindbugState

from .scenario import acts, setup


def random_game(seed: int, players: int = 2, steps: int = 10_000) -> tuple[MindbugState,
                                                                           list[Event]]:
    s = GAME.new(seed, players)
    assert isinstance(s, MindbugState)
    rng = Rng(seed)
    events: list[Event] = []
    for _ in range(steps):
        if s.is_over():
            break
        seat = s.to_act()[0]
        events += s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s, events


def test_hands_and_piles_are_private() -> None:
    s = GAME.new(4, 2)
    assert isinstance(s, MindbugState)
    mine = s.view(0)["hands"]
    assert len(mine[0]["cards"]) == 5 and mine[1] == {"count": 5, "cards": []}
    spectator = s.view(None)["hands"]
    assert all(h["cards"] == [] for h in spectator)
    assert "kind" not in s.view(0) and "piles" in s.view(0)


def test_cards_taken_at_random_are_known_to_both_players() -> None:
    s = setup(boards=[["baril-etrange"], ["gorillion"]],
              hands=[[], ["arachnhibou", "dr-axolotl"]])
    acts(s, "attack baril-etrange", "block gorillion")
    seen_by_victim = s.view(1)["hands"][0]["cards"]
    assert sorted(c["key"] for c in seen_by_victim) == ["arachnhibou", "dr-axolotl"]
    assert s.view(None)["hands"][0]["cards"] == seen_by_victim


def test_determinize_keeps_what_the_seat_sees_and_redeals_the_rest() -> None:
    s, _ = random_game(11, steps=6)
    changed = 0
    for k in range(5):
        d = s.determinize(0, Rng(k))
        assert d.view(0) == s.view(0)
        assert d.legal_actions(0) == s.legal_actions(0)
        assert [d.key(c) for c in d.hands[0]] == [s.key(c) for c in s.hands[0]]
        changed += [d.key(c) for c in d.hands[1]] != [s.key(c) for c in s.hands[1]]
    assert changed


def test_every_event_is_described_in_french_and_english() -> None:
    kinds: dict[str, Event] = {}
    for seed in range(60):
        for players in (2, 4):
            _, events = random_game(seed, players)
            for e in events:
                kinds.setdefault(e.kind, e)
    assert {"play", "mindbug", "attack", "block", "fight", "defeated", "life",
            "game_over"} <= set(kinds)
    for kind, e in kinds.items():
        fr, en = GAME.describe(e, "fr"), GAME.describe(e, "en")
        assert fr and en and not fr.startswith(f"{kind}(") and not en.startswith(f"{kind}(")
    assert GAME.describe(kinds["play"]) == GAME.describe(kinds["play"], "fr")
    assert GAME.describe(kinds["play"], "fr") != GAME.describe(kinds["play"], "en")


def test_the_terminal_table_shows_life_boards_hand_and_events() -> None:
    s = setup(hands=[["gorillion", "arachnhibou"], ["dr-axolotl"]],
              boards=[["rhino-tortue*"], ["goblin-garou"]])
    acts(s, "play arachnhibou", "decline")
    console = Console(record=True, width=120)
    console.print(GAME.render(s.view(1), 1, "fr"))
    text = console.export_text()
    assert "PV : 3 / 3" in text and "Rhino Tortue" in text and "inclinée" in text
    assert "Dr Axolotl" in text  # seat 1's own hand
    assert "Gorillion" not in text  # seat 0's hand is hidden
    assert "Goblin-Garou" in text and " 8 (2)" in text  # power as it is now (its turn)
    assert "joue Arachnhibou" in text
    console = Console(record=True, width=120)
    console.print(GAME.render(s.view(None), None, "en"))
    assert "Rhino Turtle" in console.export_text()


def test_heuristic_prefers_more_life() -> None:
    ahead = setup(boards=[["gorillion"], ["arachnhibou"]], life=[3, 1], hands=[["reptireur"],
                                                                             ["reptireur"]])
    behind = setup(boards=[["gorillion"], ["arachnhibou"]], life=[1, 3],
                   hands=[["reptireur"], ["reptireur"]])
    a, b = GAME.heuristic(ahead, 0), GAME.heuristic(behind, 0)
    assert a is not None and b is not None and -1 <= b < a <= 1
    s, _ = random_game(3)
    value = GAME.heuristic(s, 0)
    result = s.result()
    assert result is not None and value == (1.0 if 0 in result.winners else -1.0)


def test_state_json_round_trip_mid_decision() -> None:
    s = setup(hands=[["furet-saboteur"], ["gorillion", "arachnhibou", "dr-axolotl"]])
    acts(s, "play furet-saboteur", "decline")
    loaded = MindbugState.from_json(s.to_json())
    assert loaded.to_json() == s.to_json()
    assert loaded.legal_texts(1) == s.legal_texts(1)
