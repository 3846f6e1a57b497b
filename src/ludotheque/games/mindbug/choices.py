"""What each of Mindbug's decisions offers: who decides the task on top of the stack, and
their legal actions (`choices`; the state, rules.py, keeps the answer until it changes).
What an action does is in decisions.py."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

from ludotheque.core.game import Action

from .cards import FURTIF, RAPIDE, Catalogue
from .effects import foe_options, pick_candidates, pick_decider
from .marks import FRESH, NO_BLOCK, Task
from .notation import WORD, CardAction, Foe, card_action
from .passives import Stats

if TYPE_CHECKING:
    from .rules import MindbugState

# The options of the decisions that always offer the same words, made once (the options'
# lists are never changed: legal_actions() hands out copies).
_MINDBUG: Final[list[Action]] = [WORD["mindbug"], WORD["decline"]]
_MINDFROG: Final[list[Action]] = [WORD["mindfrog"], WORD["decline"]]
_FRENZY: Final[list[Action]] = [WORD["again"], WORD["stop"]]
# The words listed after cards, read once (module constants, not a dict read each listing).
_NOHUNT: Final[Action] = WORD["nohunt"]
_NOBLOCK: Final[Action] = WORD["noblock"]
_STOP: Final[Action] = WORD["stop"]
_DONE: Final[Action] = WORD["done"]
_KEEP: Final[Action] = WORD["keep"]
_DECLINE: Final[Action] = WORD["decline"]


@functools.cache
def card_actions(cat: Catalogue, verb: str, count: int) -> tuple[tuple[CardAction, ...], ...]:
    """`verb` for each card number below `count` as each creature: [card][creature index].
    Made once a catalogue: the actions of a game's cards are read from it, not made."""
    return tuple(tuple(card_action(verb, c, cr.key) for cr in cat.creatures)
                 for c in range(count))


def _card(state: MindbugState, verb: str, card: int) -> CardAction:
    return card_action(verb, card, state.key(card))


def blockers(state: MindbugState, attacker: int, seat: int, st: Stats) -> list[int]:
    """The creatures of `seat` that may block `attacker` (MB-8, MB-13, evasion)."""
    sneaky = st.kw[attacker] & FURTIF
    evade = st.evade.get(attacker, -1)
    flags = state.flags
    out = []
    for b in state.boards[seat]:
        if flags[b] & NO_BLOCK or b in st.no_block:
            continue
        if sneaky and not st.kw[b] & FURTIF:  # MB-13
            continue
        if st.power[b] <= evade:
            continue
        out.append(b)
    return out


def attackers(state: MindbugState, seat: int) -> list[int]:
    """The creatures of `seat` that may attack now."""
    flags = state.flags
    # MB-9: a creature played this turn cannot attack this turn.
    if not state.cat.forbids_attacks:  # nothing else can stop it: no stats needed
        return [c for c in state.boards[seat] if not flags[c] & FRESH]
    no_attack = state.stats().no_attack
    return [c for c in state.boards[seat] if not flags[c] & FRESH and c not in no_attack]


def choices(state: MindbugState, task: Task) -> tuple[int, list[Action]]:
    """Who decides the task on top, and their legal actions ([] means: nothing to decide)."""
    tag: str = task[0]
    if tag == "act":
        s = state.active
        plays, kind = state._plays, state.kind
        acts: list[Action] = [plays[c][kind[c]] for c in state.hands[s]]
        attacks = state._attacks
        for c in attackers(state, s):
            acts.append(attacks[c][kind[c]])
        return s, acts
    if tag == "mindbug":
        return task[3], _MINDBUG
    if tag == "mindfrog":
        return task[3], _MINDFROG
    if tag == "hunt":
        s = task[2]
        targets = state.enemies(s)
        if not targets:
            return s, []
        acts = [_card(state, "hunt", c) for c in targets]
        acts.append(_NOHUNT)
        return s, acts
    if tag == "block":
        att: int = task[1]
        d = state.opponents(task[2])[task[3]]
        found = blockers(state, att, d, state.stats())
        if not found:
            return d, []
        blocks, kind = state._blocks, state.kind
        acts = [blocks[c][kind[c]] for c in found]
        acts.append(_NOBLOCK)
        return d, acts
    if tag == "frenzy":
        return task[2], _FRENZY
    if tag == "rapid":
        card: int = task[1]
        s = task[2]
        # MB-2: RAPIDE may attack in the action it was played in (never when stolen).
        if state.ctrl[card] != s or not state.has_keyword(card, RAPIDE):
            return s, []
        return s, [state._attacks[card][state.kind[card]], _STOP]
    if tag == "order":
        return state.active, [_card(state, "first", t[0]) for t in task[1]]
    if tag == "pick":
        e = state.creature(task[1]).triggered(task[3])[task[4]]
        acts = [_card(state, "pick", c) for c in pick_candidates(state, task)]
        if acts and (e.up_to or e.optional):
            acts.append(_DONE)
        return pick_decider(state, task), acts
    if tag == "foe":
        _, source, ctrl, trig, idx = task
        if trig == "passive":  # a permanent effect: its controller aims it (Tag Team)
            if state.ctrl[source] != ctrl:
                return ctrl, []
            return ctrl, [Foe(o) for o in state.opponents(ctrl)]
        e = state.creature(source).triggered(trig)[idx]
        return ctrl, [Foe(o) for o in foe_options(state, e, ctrl)]
    if tag == "keep":
        card = task[1]
        s = task[2]
        if card not in state.hands[s]:
            return s, []
        return s, [_card(state, "play", card), _KEEP]
    if tag == "revive":
        card = task[1]
        s = task[2]
        if card not in state.discards[s]:
            return s, []
        return s, [_card(state, "play", card), _DECLINE]
    raise AssertionError(f"not a decision: {tag}")
