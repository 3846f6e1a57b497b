"""Mindbug's decisions: what a player's action does (`decide`), and what happens when a
decision offers nothing to choose (`no_choice`). The state (rules.py) lists the actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludotheque.core.game import Action, Event

from .effects import execute, foe_event, pick_candidates, start_effect
from .marks import NONE, Task
from .notation import CardAction, Foe, Word

if TYPE_CHECKING:
    from .rules import MindbugState


def no_choice(state: MindbugState, task: Task, ev: list[Event]) -> None:
    """The decision on top offers nothing to choose."""
    tag: str = task[0]
    att: int
    s: int
    k: int
    if tag == "act":
        s = state.active
        if state.n == 2:
            # MB-6: a player who can neither play nor attack loses at once.
            ev.append(Event("no_action", {"seat": s}, ruling="MB-6"))
            state._win(1 - state.team(s), "no_action", ev, "MB-6")
            return
        # MB-26: in Tag Team the player passes; two passes in a row lose for the team.
        ev.append(Event("pass", {"seat": s}, ruling="MB-26"))
        mate = state.teammate(s)
        if mate is not None and state.passed[mate]:
            state._win(1 - state.team(s), "team_stuck", ev, "MB-26")
            return
        state.passed[s] = 1
    elif tag == "hunt":
        state.stack.append(("block", task[1], task[2], 0))
    elif tag == "block":
        _, att, s, k = task
        ev.append(Event("cannot_block", {"seat": state.opponents(s)[k], "attacker": att,
                                         "key": state.key(att)}))
        next_blocker(state, att, s, k, ev)
    elif tag == "pick":
        execute(state, task, ev)
    # keep / revive without their card, a permanent effect's aim without its creature:
    # nothing happens


def next_blocker(state: MindbugState, att: int, s: int, k: int, ev: list[Event]) -> None:
    # MB-25: the left opponent may block first, then the right one.
    if k + 1 < len(state.opponents(s)):
        state.stack.append(("block", att, s, k + 1))
    else:
        state._run_now(("unblocked", att, s), ev)


def decide(state: MindbugState, task: Task, seat: int, action: Action,
           ev: list[Event]) -> None:
    """What `seat`'s action does to the decision `task` it answers."""
    # The task's fields, typed: compiled, the engine reads them as machine integers.
    tag: str = task[0]
    card: int
    player: int
    att: int
    s: int
    k: int
    if tag == "act":
        assert isinstance(action, CardAction)
        state.passed[seat] = 0
        if action.verb == "play":
            play_from_hand(state, seat, action.card, ev)
        else:
            state._run_now(("attack", action.card, seat, 1), ev)
    elif tag == "mindbug":
        _, card, player, k = task  # k: the seat deciding
        assert isinstance(action, Word)
        if action.word == "mindbug":
            # MB-7: the opponent takes it; it resolves for them; the player acts again.
            state.mindbugs[seat] -= 1
            ev.append(Event("mindbug", {"seat": seat, "card": card, "key": state.key(card),
                                        "from": player}, ruling="MB-7"))
            state.stack.append(("act",))
            state._run_now(("enter", card, seat, 1), ev)
        else:
            ev.append(Event("mindbug_declined", {"seat": seat}))
            next_mindbug(state, card, player, state.opponents(player).index(k) + 1, ev)
    elif tag == "mindfrog":
        _, card, player, _mate = task
        assert isinstance(action, Word)
        if action.word == "mindfrog":
            # MB-24: the teammate takes it; the player's action is spent.
            state.mindfrogs[seat] -= 1
            ev.append(Event("mindfrog", {"seat": seat, "card": card, "key": state.key(card),
                                         "from": player}, ruling="MB-24"))
            state.stack.append(("enter", card, seat, 2))
        else:
            state._run_now(("enter", card, player, 0), ev)
    elif tag == "hunt":
        _, att, s = task
        if isinstance(action, CardAction):
            # MB-10: the chosen creature must block, whatever could stop it otherwise.
            ev.append(Event("hunt", {"seat": s, "attacker": att, "key": state.key(att),
                                     "blocker": action.card, "blocker_key": action.key},
                            ruling="MB-10"))
            state._run_now(("fight", att, action.card), ev)
        else:
            state.stack.append(("block", att, s, 0))
    elif tag == "block":
        _, att, s, k = task
        if isinstance(action, CardAction):
            ev.append(Event("block", {"seat": seat, "attacker": att, "key": state.key(att),
                                      "blocker": action.card, "blocker_key": action.key},
                            ruling="MB-8"))
            state._run_now(("fight", att, action.card), ev)
        else:
            ev.append(Event("no_block", {"seat": seat}))
            next_blocker(state, att, s, k, ev)
    elif tag == "frenzy":
        _, att, s = task
        if isinstance(action, Word) and action.word == "again":
            ev.append(Event("frenzy", {"seat": s, "card": att, "key": state.key(att)},
                            ruling="MB-12"))
            state.stack.append(("attack", att, s, 2))
    elif tag == "rapid":
        _, card, s = task
        if isinstance(action, CardAction):
            ev.append(Event("rapid", {"seat": s, "card": card, "key": state.key(card)},
                            ruling="MB-2"))
            state.stack.append(("attack", card, s, 1))
    elif tag == "order":
        assert isinstance(action, CardAction)
        triggers = task[1]
        chosen = next(t for t in triggers if t[0] == action.card)
        rest = tuple(t for t in triggers if t is not chosen)
        # MB-15: the active player orders simultaneous effects.
        ev.append(Event("order", {"seat": seat, "card": chosen[0],
                                  "key": state.key(chosen[0])}, ruling="MB-15"))
        state._push_triggers(rest)
        state.stack.append(("fx", chosen[0], chosen[1], chosen[2], 0, NONE))
    elif tag == "pick":
        if isinstance(action, CardAction):
            picked = (*task[6], action.card)
            nxt = (*task[:6], picked)
            e = state.creature(task[1]).triggered(task[3])[task[4]]
            if len(picked) < e.count and pick_candidates(state, nxt):
                state.stack.append(nxt)
            else:
                execute(state, nxt, ev)
        else:
            execute(state, task, ev)
    elif tag == "foe":
        assert isinstance(action, Foe)
        _, source, ctrl, trig, idx = task
        ev.append(foe_event(state, source, ctrl, action.seat))
        if trig == "passive":
            state.aim[source] = action.seat
            state._stale = True
        else:
            start_effect(state, source, ctrl, trig, idx, action.seat, ev)
    elif tag == "keep":
        _, card, s = task
        if isinstance(action, CardAction):
            state.hands[s].remove(card)
            state._short = True
            state._public(card)
            state.stack.append(("enter", card, s, 3))
        else:
            ev.append(Event("kept", {"seat": s}))
    elif tag == "revive":
        _, card, s = task
        if isinstance(action, CardAction):
            state.discards[s].remove(card)
            ev.append(Event("revived", {"seat": s, "card": card, "key": state.key(card)}))
            state.stack.append(("enter", card, s, 3))


def play_from_hand(state: MindbugState, seat: int, card: int, ev: list[Event]) -> None:
    state.hands[seat].remove(card)
    state._short = True
    state._public(card)
    ev.append(Event("play", {"seat": seat, "card": card, "key": state.key(card)},
                    ruling="MB-6"))
    # MB-5: the hand is refilled (by the step loop) before anyone decides on a Mindbug.
    next_mindbug(state, card, seat, 0, ev)


def next_mindbug(state: MindbugState, card: int, player: int, k: int,
                 ev: list[Event]) -> None:
    opps = state.opponents(player)
    # MB-23: the opponent on the player's left may use a Mindbug first, then the right.
    while k < len(opps) and state.mindbugs[opps[k]] <= 0:
        k += 1
    if k < len(opps):
        state.stack.append(("mindbug", card, player, opps[k]))
        return
    mate = state.teammate(player)
    if mate is not None and state.mindfrogs[mate] > 0:
        state.stack.append(("mindfrog", card, player, mate))
        return
    state._run_now(("enter", card, player, 0), ev)
