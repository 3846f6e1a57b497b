"""Write MIMIK's golden records by playing real games through the engine.

    .venv/bin/python -m tests.games.mimik.make_records

Seeded random games for the wins, a scripted game (everyone discards) for the MK-29 draw.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ludotheque.core.game import Action, State
from ludotheque.core.record import Move, record_of
from ludotheque.core.rng import Rng
from ludotheque.games.mimik import GAME
from ludotheque.games.mimik.notation import Discard

OUT = Path(__file__).resolve().parents[2] / "records" / "mimik"

Chooser = Callable[[State, int, list[Action]], Action]


def play_game(seed: int, players: int, options: dict[str, object],
              choose: Chooser) -> tuple[State, list[Move]]:
    state = GAME.new(seed, players, options)
    moves: list[Move] = []
    while not state.is_over():
        seat = state.to_act()[0]
        action = choose(state, seat, state.legal_actions(seat))
        state.apply(seat, action)
        moves.append(Move(seat, action.text()))
    return state, moves


def random_chooser(seed: int) -> Chooser:
    rng = Rng(seed)
    return lambda state, seat, legal: rng.choice(legal)


def always_discard(state: State, seat: int, legal: list[Action]) -> Action:
    return next((a for a in legal if isinstance(a, Discard)), legal[0])


def save(name: str, seed: int, players: int, options: dict[str, object], state: State,
         moves: list[Move], note: str) -> None:
    record = record_of(GAME, seed, players, options, moves, state)
    record.meta = {"note": note}
    record.save(OUT / f"{name}.json")
    result = state.result()
    assert result is not None
    print(f"{name}: {len(moves)} actions, {result.reason}, {result.detail}")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    # A win by the player's own play, 2 players.
    state, moves = play_game(11, 2, {}, random_chooser(11))
    save("target_reached_2p", 11, 2, {}, state, moves,
         "seeded random play; the winner reaches 50 with their own card (MK-9)")
    # A win in someone else's turn: find a seeded game where the last mover is not the winner.
    for seed in range(200):
        state, moves = play_game(seed, 3, {}, random_chooser(seed))
        result = state.result()
        assert result is not None
        if result.reason == "target_reached" and moves[-1].seat not in result.winners:
            save("target_reached_in_another_turn_3p", seed, 3, {}, state, moves,
                 "seeded random play; another player's action brings the winner to exactly "
                 "50, in that player's turn (MK-9)")
            break
    # Team mode, and the variants combined.
    state, moves = play_game(5, 4, {"team": True}, random_chooser(5))
    save("team_target_reached_4p", 5, 4, {"team": True}, state, moves,
         "seeded random play in Team mode: the two partners win together (MK-5, MK-9)")
    options: dict[str, object] = {"target": 30, "beginner": True}
    state, moves = play_game(7, 3, options, random_chooser(7))
    save("express_beginner_3p", 7, 3, options, state, moves, "Express and Beginner (MK-4)")
    options = {"target": 75, "team": True}
    state, moves = play_game(3, 6, options, random_chooser(3))
    save("hardcore_team_6p", 3, 6, options, state, moves, "Hardcore and Team (MK-4)")
    # The turn limit: everyone discards, nobody scores; a draw at 2,000 turns (MK-29).
    state, moves = play_game(1, 2, {}, always_discard)
    save("turn_limit_2p", 1, 2, {}, state, moves,
         "scripted: every player always discards; the game is drawn at 2,000 turns (MK-29)")


if __name__ == "__main__":
    main()
