"""Mindbug's effect interpreter (MB-30): an effect starts (its condition, in Tag Team the
opponent it names), waits for its picks, then happens. No creature name appears here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludotheque.core.game import Event

from .cards import Effect
from .marks import FOE_CONDITIONS, FOE_VERBS, KW_SHIFT, NO_BLOCK, NONE, Task
from .passives import filter_power, holds, select

if TYPE_CHECKING:
    from .rules import MindbugState


# -- Tag Team: "the opponent" of an effect is one opponent, named (mindbug-cards.md) -------

def foe_options(state: MindbugState, e: Effect, ctrl: int) -> list[int]:
    """The opponents `ctrl` may name as "the opponent" of the triggered effect `e`, when
    naming one matters (docs/rules/mindbug.md, decision 12): a hand or a discard pile is
    one opponent's, so those that hold a card (none: the effect does nothing); a
    comparison with the opponent both when it comes out differently for the two. Life
    is the team's (MB-21): the choice changes nothing, nobody is asked."""
    opps = state.opponents(ctrl)
    if len(opps) == 1:
        return opps
    if e.condition in FOE_CONDITIONS and len({holds(state, e, ctrl, o) for o in opps}) > 1:
        return opps
    if e.verb in FOE_VERBS and e.target == "opponent":
        piles = state.discards if e.verb == "play_from_discard" else state.hands
        return [o for o in opps if piles[o]]
    return []


def aim_anew(state: MindbugState, card: int, seat: int) -> None:
    """A creature with a permanent "the opponent" effect comes under `seat`'s control:
    in Tag Team its controller names that opponent before anything else happens."""
    state.aim[card] = NONE
    state._stale = True
    if state.n == 4 and any(e.target == "opponent" for e in state.creature(card).passive):
        state.stack.append(("foe", card, seat, "passive", 0))


def foe_event(state: MindbugState, source: int, ctrl: int, foe: int) -> Event:
    return Event("foe", {"seat": ctrl, "card": source, "key": state.key(source),
                         "foe": foe})


# -- the effect interpreter (MB-30) ------------------------------------------------------------

def start_effect(state: MindbugState, source: int, ctrl: int, trig: str, idx: int, foe: int,
                 ev: list[Event]) -> None:
    """Start effect `idx` of `source`'s `trig` effects for its controller `ctrl`: its
    condition, then its picks (a decision) or at once what it does."""
    e = state.creature(source).triggered(trig)[idx]
    if foe == NONE and state.n == 4:
        # Tag Team: "the opponent" of an effect is the one its resolver names
        # (mindbug-cards.md); asked only when the choice can change what happens.
        options = foe_options(state, e, ctrl)
        if len(options) > 1:
            state.stack.append(("foe", source, ctrl, trig, idx))
            return
        if options:
            foe = options[0]
            ev.append(foe_event(state, source, ctrl, foe))
    if not holds(state, e, ctrl, foe):
        ev.append(Event("condition_unmet", {"seat": ctrl, "card": source,
                                            "key": state.key(source)}, ruling="MB-30"))
        return
    if foe == NONE:
        foe = state.opponents(ctrl)[0]
    task: Task = ("pick", source, ctrl, trig, idx, foe, ())
    v = e.verb
    if v in ("defeat", "take_control", "forbid_block", "grant_keywords"):
        if e.count < 0 or e.extreme is not None or e.target == "self":
            execute(state, (*task[:6], tuple(pick_candidates(state, task))), ev)
        else:
            state.stack.append(task)
    elif v in ("discard", "give_card", "play_from_discard"):
        state.stack.append(task)
    else:
        execute(state, task, ev)


def execute(state: MindbugState, task: Task, ev: list[Event]) -> None:
    source: int
    ctrl: int
    trig: str
    idx: int
    foe: int
    picks: tuple[int, ...]
    _, source, ctrl, trig, idx, foe, picks = task
    e = state.creature(source).triggered(trig)[idx]
    v = e.verb
    key = state.key(source)
    base = {"seat": ctrl, "card": source, "key": key, "verb": v}
    mine = state.team(ctrl)
    theirs = 1 - mine
    # The passive stats (MB-17) read life, boards and flags; a hand may shrink (MB-5): the
    # next step recomputes the one and refills the other only when it must.
    if v in ("gain_life", "set_life"):
        state._life_changed()
    elif v in ("take_control", "grant_keywords"):
        state._stale = True
    elif v in ("discard", "steal_hand", "give_card"):
        state._short = True
    if v == "gain_life":
        team = mine if e.target == "you" else theirs
        state.life[team] += e.amount  # MB-18: no maximum
        ev.append(state._life_event(team, state.life[team] - e.amount, "MB-18"))
    elif v == "lose_life":
        state._lose_life(mine if e.target == "you" else theirs, e.amount, ev, "MB-30")
    elif v == "set_life":
        team = mine if e.target == "you" else theirs
        before = state.life[team]
        value = state.life[1 - team] if e.life_to == "opponent" else int(e.life_to or 0)
        state.life[team] = value
        ev.append(state._life_event(team, before, "MB-30"))
        state._after_life_change(team, before, ev)
    elif v == "defeat":
        ev.append(Event("effect", base, ruling="MB-30"))
        state._defeat(picks, ev)
    elif v == "take_control":
        for c in picks:
            old = state.ctrl[c]
            if old in (NONE, ctrl):
                continue
            state.boards[old].remove(c)
            state.boards[ctrl].append(c)
            state.ctrl[c] = ctrl
            ev.append(Event("control", {"seat": ctrl, "card": c, "key": state.key(c),
                                        "from": old, "by": source, "by_key": key},
                            ruling="MB-30"))
            aim_anew(state, c, ctrl)  # its new controller has other opponents
    elif v == "forbid_block":
        for c in picks:
            state.flags[c] |= NO_BLOCK
            ev.append(Event("forbid_block", {**base, "target": c,
                                             "target_key": state.key(c)}, ruling="MB-30"))
    elif v == "grant_keywords":
        for c in picks:
            state.flags[c] |= e.keywords << KW_SHIFT
        ev.append(Event("effect", base, ruling="MB-30"))
    elif v == "discard":
        # MB-15: as much as possible; the discarded cards go to their owners' piles.
        for c in picks:
            state.hands[foe].remove(c)
            state._public(c)
            state.discards[state.owner[c]].append(c)
        ev.append(Event("discard", {**base, "foe": foe, "cards": list(picks),
                                    "keys": [state.key(c) for c in picks]},
                        ruling="MB-15"))
    elif v == "recover_discard":
        pile = state.discards[ctrl]
        cards = list(pile)
        pile.clear()
        state.hands[ctrl].extend(cards)
        for c in cards:
            state._public(c)
        ev.append(Event("recover", {**base, "cards": cards,
                                    "keys": [state.key(c) for c in cards]},
                        ruling="MB-5"))
    elif v == "steal_hand":
        hand = state.hands[foe]
        taken = []
        for _ in range(min(e.count, len(hand))):
            c = hand.pop(state.rng.randrange(len(hand)))
            taken.append(c)
            state.hands[ctrl].append(c)
            state.known[c] |= (1 << ctrl) | (1 << foe)
        ev.append(Event("steal_hand", {**base, "foe": foe, "count": len(taken)},
                        ruling="MB-15"))
        ev.append(Event("stolen_cards", {"cards": taken,
                                         "keys": [state.key(c) for c in taken]},
                        to=tuple(sorted({ctrl, foe}))))
    elif v == "give_card":
        for c in picks:
            state.hands[foe].remove(c)
            state.hands[ctrl].append(c)
            state.known[c] |= (1 << ctrl) | (1 << foe)
            ev.append(Event("given", {**base, "foe": foe}, ruling="MB-30"))
            ev.append(Event("given_card", {"card": c, "key": state.key(c)},
                            to=tuple(sorted({ctrl, foe}))))
            state.stack.append(("keep", c, ctrl))
    elif v == "play_from_discard":
        for c in picks:
            pile = state.discards[ctrl if e.target == "you" else foe]
            pile.remove(c)
            ev.append(Event("from_discard", {**base, "target": c,
                                             "target_key": state.key(c)}, ruling="MB-7"))
            # MB-7: put into play by an effect, it cannot be taken by a Mindbug.
            state.stack.append(("enter", c, ctrl, 3))
    else:
        raise AssertionError(f"verb {v} is not triggered")


def pick_candidates(state: MindbugState, task: Task) -> list[int]:
    _, source, ctrl, trig, idx, foe, picks = task
    e = state.creature(source).triggered(trig)[idx]
    v = e.verb
    if v in ("defeat", "take_control", "forbid_block", "grant_keywords"):
        st = state.stats()
        pool = filter_power(e, select(state, e.target, ctrl, source), st.power)
    elif v in ("discard", "give_card"):
        pool = list(state.hands[foe])
    elif v == "play_from_discard":
        pool = list(state.discards[ctrl if e.target == "you" else foe])
    else:
        pool = []
    return [c for c in pool if c not in picks]


def pick_decider(state: MindbugState, task: Task) -> int:
    _, source, ctrl, trig, idx, foe, _ = task
    e = state.creature(source).triggered(trig)[idx]
    return int(foe if e.chooser == "target" else ctrl)
