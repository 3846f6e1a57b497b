"""Mindbug's tasks that run at once, with no decision: a creature enters play, an effect
starts, an attack and its block step, a fight, an unblocked attack, a second attack offered."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludotheque.core.game import Event

from .cards import CHASSEUR, FURIE, RAPIDE, VENIMEUX
from .effects import aim_anew, start_effect
from .marks import FRESH, NONE, Task
from .passives import silenced

if TYPE_CHECKING:
    from .rules import MindbugState


def run_task(state: MindbugState, task: Task, ev: list[Event]) -> None:
    """Run a task that needs no decision."""
    # The task's fields, typed: compiled, the engine reads them as machine integers.
    tag: str = task[0]
    card: int
    seat: int
    att: int
    s: int
    n: int
    how: int
    if tag == "enter":
        _, card, seat, how = task
        state.boards[seat].append(card)
        state.ctrl[card] = seat
        state.flags[card] = FRESH
        state._stale = True
        state._public(card)
        ev.append(Event("enter", {"seat": seat, "card": card, "key": state.key(card),
                                  "how": ("played", "stolen", "mindfrog", "effect")[how]}))
        # Tasks that could do nothing are not pushed: RAPIDE's attack for a creature that
        # cannot have RAPIDE, the Play effects of a creature without any.
        if how == 0 and state.may_have(card, RAPIDE):
            state.stack.append(("rapid", card, seat))
        if state.creature(card).play:
            state.stack.append(("fx", card, seat, "play", 0, NONE))
        aim_anew(state, card, seat)
    elif tag == "fx":
        card = task[1]
        ctrl: int = task[2]
        trig: str = task[3]
        idx: int = task[4]
        effects = state.creature(card).triggered(trig)
        if idx >= len(effects):
            return
        if trig == "play" and idx == 0 and silenced(state, ctrl):
            ev.append(Event("silenced", {"seat": ctrl, "card": card,
                                         "key": state.key(card)}))
            return
        if idx + 1 < len(effects):
            state.stack.append(("fx", card, ctrl, trig, idx + 1, NONE))
        start_effect(state, card, ctrl, trig, idx, task[5], ev)
    elif tag == "attack":
        _, att, s, n = task
        if state.ctrl[att] != s:
            return
        ev.append(Event("attack", {"seat": s, "card": att, "key": state.key(att),
                                   "number": n}, ruling="MB-8"))
        if n == 1 and state.may_have(att, FURIE):  # MB-12: else no second attack to offer
            state.stack.append(("after_attack", att, s, n))
        # MB-8: the attacker's Attack effects resolve first, then the block.
        if state.creature(att).attack:
            state.stack.append(("blockstep", att, s))
            state.stack.append(("fx", att, s, "attack", 0, NONE))
        else:
            state._run_now(("blockstep", att, s), ev)
    elif tag == "blockstep":
        _, att, s = task
        if state.ctrl[att] != s:
            ev.append(Event("attack_ends", {"seat": s, "card": att, "key": state.key(att)}))
            return
        if state.stats().kw[att] & CHASSEUR:
            state.stack.append(("hunt", att, s))
        else:
            state.stack.append(("block", att, s, 0))
    elif tag == "fight":
        fight(state, task[1], task[2], ev)
    elif tag == "unblocked":
        _, att, s = task
        if state.ctrl[att] != s:
            return
        foe_team = 1 - state.team(s)
        ev.append(Event("unblocked", {"seat": s, "card": att, "key": state.key(att)},
                        ruling="MB-8"))
        state._lose_life(foe_team, 1, ev, "MB-8")
    elif tag == "after_attack":
        _, att, s, n = task
        if n == 1 and state.ctrl[att] == s:
            st = state.stats()
            # MB-12: FURIE may attack a second time (never a third).
            if st.kw[att] & FURIE and att not in st.no_attack:
                state.stack.append(("frenzy", att, s))
    else:
        raise AssertionError(f"unknown task {tag}")


def fight(state: MindbugState, att: int, blk: int, ev: list[Event]) -> None:
    if state.ctrl[att] == NONE or state.ctrl[blk] == NONE:
        return
    st = state.stats()
    pa, pb = st.power[att], st.power[blk]
    # MB-8: the lower power is defeated, both on equal power; MB-14: VENIMEUX always kills.
    att_falls = pb >= pa or bool(st.kw[blk] & VENIMEUX)
    blk_falls = pa >= pb or bool(st.kw[att] & VENIMEUX)
    ev.append(Event("fight", {"attacker": att, "key": state.key(att), "power": pa,
                              "blocker": blk, "blocker_key": state.key(blk),
                              "blocker_power": pb}, ruling="MB-8"))
    falls = [c for c, f in ((att, att_falls), (blk, blk_falls)) if f]
    poisoned = (att_falls and pb < pa) or (blk_falls and pa < pb)
    state._defeat(falls, ev, st, "MB-14" if poisoned else "MB-8")
