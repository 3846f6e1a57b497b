"""OpenSpiel's MCTS and IS-MCTS as arena seats (issue 24): seeded, repeatable, fair, knobs
checked, stopped by their clock, and playable from `ludo arena`."""

from __future__ import annotations

import json
from typing import cast

import pytest
from click.testing import CliRunner

from ludotheque import games
from ludotheque.adapters.openspiel import LudoState
from ludotheque.adapters.openspiel_bots import OpenSpielBot
from ludotheque.bots import UnknownBot, make_bot
from ludotheque.bots.base import seat_bots
from ludotheque.cli import main
from ludotheque.core import Rng, State
from ludotheque.sim.arena import Arena, play_game
from ludotheque.sim.runner import Match, play_one
from tests.bots.fairness import Scrambled, decision_points, scrambles

from .common import TOY, TOY_ID

KINDS = ("os-mcts", "os-ismcts")


@pytest.mark.parametrize("kind", KINDS)
def test_a_seed_gives_the_same_game_and_another_seed_may_not(kind: str) -> None:
    match = Match(TOY_ID, 2, {}, (f"{kind}:sims=30", "random"))
    records = [play_one(TOY, match, seed).record.to_json() for seed in (3, 3)]
    assert records[0] == records[1]
    # The record names the seats' bots as the arena does.
    assert records[0]["seats"][0] == {"bot": f"{kind}:sims=30"}


@pytest.mark.parametrize("kind", KINDS)
def test_the_bots_play_a_real_game_to_its_end_through_the_adapter(kind: str) -> None:
    arena = Arena("mimik", 2, {}, (f"{kind}:sims=8", "random"), 2)
    first = [play_game(arena, *task) for task in arena.schedule()]
    again = [play_game(arena, *task) for task in arena.schedule()]
    assert [p.ranks for p in first] == [p.ranks for p in again]
    assert [p.actions for p in first] == [p.actions for p in again]
    assert all(p.decisions[0] + p.decisions[1] == p.actions for p in first)


@pytest.mark.parametrize("kind", KINDS)
def test_the_bots_learn_hidden_cards_only_through_determinize(kind: str) -> None:
    """A scrambled truth that answers `determinize` from the original state never changes
    the seeded choice (tests/bots/fairness.py): the search never sees the true state."""
    for state, seat in decision_points(TOY, 5, 2, TOY.options(), 6):
        chosen = make_bot(f"{kind}:sims=25", 7).choose(cast(State, Scrambled(state, state)),
                                                        seat)
        for other in scrambles(state, seat, 3):
            again = make_bot(f"{kind}:sims=25", 7).choose(
                cast(State, Scrambled(other, state)), seat)
            assert again == chosen


def test_ismcts_draws_a_new_world_for_every_simulation() -> None:
    """pyspiel's default sampler starts from the same number on each call: our resampler
    draws from the bot's own generator, so the worlds differ (and repeat with the seed)."""
    bot = make_bot("os-ismcts:sims=5", 1)
    assert isinstance(bot, OpenSpielBot)
    state = TOY.new(4, 2, TOY.options())
    seat = state.to_act()[0]
    seen: list[str] = []
    original = bot._resample

    def spy(spiel_state: LudoState, player: int) -> LudoState:
        out = original(spiel_state, player)
        seen.append(json.dumps(out.table.state.to_json(), sort_keys=True))
        return out

    bot._resample = spy  # type: ignore[method-assign,assignment]
    bot.choose(state, seat)
    assert len(seen) == 5 and len(set(seen)) > 1


@pytest.mark.parametrize("kind", KINDS)
def test_the_clock_stops_the_search_between_simulations(kind: str) -> None:
    """A clock already run out lets exactly two simulations run (the first only evaluates
    the root): the clock, not the simulation count, stopped it, and the answer is legal."""
    bot = make_bot(f"{kind}:sims=0:time=0.000000001", 2)
    assert isinstance(bot, OpenSpielBot)
    state = TOY.new(9, 2, TOY.options())
    seat = state.to_act()[0]
    action = bot.choose(state, seat)
    assert action in state.legal_actions(seat)
    assert bot.clock.simulations == 2
    unclocked = make_bot(f"{kind}:sims=7", 2)
    assert isinstance(unclocked, OpenSpielBot)
    unclocked.choose(state, seat)
    assert unclocked.clock.simulations == 7


@pytest.mark.parametrize(("spec", "message"), [
    ("os-mcts:sims=-1", "sims must be a finite number >= 0"),
    ("os-mcts:sims=2.5", "sims is a whole number"),
    ("os-ismcts:rollouts=0", "rollouts >= 1"),
    ("os-mcts:sims=0", "sims=0 needs a clock"),
    ("os-mcts:time=nan", "time must be a finite number"),
    ("os-mcts:time=abc", "time must be a number"),
    ("os-mcts:sims=99999999999", "at most 10,000,000 sims"),
    ("os-ismcts:depth=3", "unknown knob(s) depth"),
])
def test_bad_knobs_are_refused_with_the_reason(spec: str, message: str) -> None:
    with pytest.raises(UnknownBot, match=message.replace("(", r"\(").replace(")", r"\)")):
        make_bot(spec)


def test_a_setup_the_adapter_cannot_open_is_refused_by_name() -> None:
    bot = make_bot("os-mcts:sims=3")
    mimik = games.get("mimik")
    # Told a setup the adapter cannot open, the bot says so instead of guessing ids.
    seat_bots([bot], 9, mimik.options())
    state = mimik.new(1, 2, mimik.options())
    with pytest.raises(UnknownBot, match="os-mcts:sims=3 cannot play this setup"):
        bot.choose(state, state.to_act()[0])


def test_ludo_arena_seats_openspiels_bots() -> None:
    out = CliRunner().invoke(main, ["arena", TOY_ID, "--bots", "os-mcts:sims=20,os-ismcts:sims=20",
                                    "-n", "4", "--json", "-"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["games"] == 4
    assert data["bots"] == ["os-mcts:sims=20", "os-ismcts:sims=20"]
    assert sum(r["score"] for r in data["results"]) == 4


def test_the_determinization_starts_from_the_bots_own_generator() -> None:
    """Two seeds, two generators: the bot's copies are drawn from its own Rng."""
    a, b = make_bot("os-mcts:sims=3", 1), make_bot("os-mcts:sims=3", 2)
    assert isinstance(a, OpenSpielBot) and isinstance(b, OpenSpielBot)
    assert a.rng.next64() != b.rng.next64()
    assert isinstance(a.rng, Rng)
