"""Mindbug knowledge for the bots: win chances learnt from play, a rollout policy, the levels.

Everything here reads only the state it is given (the search's `determinize` copies), through
the engine's public fields: boards, hands, piles, life, Mindbugs and the recomputed stats
(MB-17). The policy's values are in "power points": a creature is worth its power plus what
its keywords and effects add.

- Win chances (`win_chances`): a logistic of the features `value_features`, each team's
  measure less the other's: life (the last points apart, MB-18), the creatures in play (power,
  how many, the strongest, the keywords that matter: CORIACE MB-11, VENIMEUX MB-14, FURIE
  MB-12, FURTIF MB-13, CHASSEUR MB-10, their lasting effects), the Mindbugs (MB-7) and
  Mindfrogs (MB-24) left, the cards in hand and pile (MB-5, MB-6), whose turn it is, and the
  attacks the best block cannot punish. The weights are learnt from games played by the
  rollout policy (`ludo learn mindbug`, bots/learn.py), per player count, in
  `data/value.json`: the cut playouts end on what playing them out would have given.
- Rollout policy (`rollout_policy`): attacks that the best block cannot punish, blocks that
  win the fight or save the last life, the hunted creature it kills (MB-10), a Mindbug on a
  strong creature (MB-7), in Tag Team the opponent an effect hurts most (mindbug-cards.md:
  "the opponent" is one opponent, named), and otherwise the most valuable creature in hand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from ludotheque.bots.common import ROLLOUT_POLICIES, WIN_CHANCES
from ludotheque.bots.learn import register_value
from ludotheque.bots.levels import register_game_settings
from ludotheque.bots.mcts import MCTSSettings
from ludotheque.core import Action, Rng, Seat, State

from .cards import (
    CHASSEUR,
    CORIACE,
    FURIE,
    FURTIF,
    VENIMEUX,
    Catalogue,
    Creature,
)
from .notation import CardAction, Foe
from .rules import (
    EXHAUSTED,
    FOE_CONDITIONS,
    NO_BLOCK,
    MindbugState,
    Stats,
)

GAME_ID = "mindbug"

# -- values, in power points ----------------------------------------------------------------
W_VENIMEUX = 3.0  # MB-14: kills whatever it fights, so a wall no attacker walks into
W_FURTIF = 2.0  # MB-13: hard to block, so its attacks reach the life points
W_CHASSEUR = 1.5  # MB-10: picks the fight it wins
W_FURIE = 0.3  # MB-12: times its power (two attacks a turn)
W_CORIACE = 0.5  # MB-11: times its power, while not exhausted (survives one defeat)
LIFE = (0.0, 9.0, 16.0, 21.0)  # what 0..3 life points are worth; each further one adds 4


def _effects_bonus(cr: Creature) -> float:
    """What a creature's effects add to its power (a rough, hand-set table by verb)."""
    bonus = 0.0
    for e in cr.play:
        bonus += {"gain_life": 1.5 * e.amount, "lose_life": 3.0 * e.amount, "defeat": 4.0,
                  "take_control": 5.0, "play_from_discard": 3.0, "discard": 1.5 * e.count,
                  "recover_discard": 3.0, "set_life": 2.0, "steal_hand": 2.0,
                  "give_card": 1.5}.get(e.verb, 1.0)
    return bonus


def _lasting_bonus(cr: Creature) -> float:
    """What a creature in play keeps: its Attack, Défaite and permanent effects."""
    bonus = 0.0
    for e in cr.attack:
        bonus += {"lose_life": 3.0, "set_life": 3.0, "defeat": 3.0, "discard": 1.5}.get(
            e.verb, 1.0)
    bonus += 2.0 * len(cr.defeated)
    for e in cr.passive:
        bonus += {"evade": 3.0, "cannot_block": 2.0, "silence_play": 1.5,
                  "copy_keywords": 2.0, "keywords": 1.5}.get(e.verb, 0.5)
    return bonus


@cache
def _card_values(cat: Catalogue) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Per creature kind: its worth as a card in hand, and its lasting worth in play."""
    in_hand: list[float] = []
    lasting: list[float] = []
    for cr in cat.creatures:
        kw = _keyword_worth(cr.keywords, cr.power, tough=True)
        keep = _lasting_bonus(cr)
        in_hand.append(cr.power + kw + keep + _effects_bonus(cr))
        lasting.append(keep)
    return tuple(in_hand), tuple(lasting)


def _keyword_worth(kw: int, power: int, tough: bool) -> float:
    worth = 0.0
    if kw & VENIMEUX:
        worth += W_VENIMEUX
    if kw & FURTIF:
        worth += W_FURTIF
    if kw & CHASSEUR:
        worth += W_CHASSEUR
    if kw & FURIE:
        worth += W_FURIE * power
    if kw & CORIACE and tough:
        worth += W_CORIACE * power + 1.0
    return worth


def creature_value(state: MindbugState, card: int, st: Stats) -> float:
    """A creature in play: its power now (MB-17), its keywords, its lasting effects."""
    power = st.power[card]
    tough = not state.flags[card] & EXHAUSTED
    lasting = _card_values(state.cat)[1][state.kind[card]]
    return power + _keyword_worth(st.kw[card], power, tough) + lasting


def hand_value(state: MindbugState, card: int) -> float:
    """A creature card in hand: what it is worth once played."""
    return _card_values(state.cat)[0][state.kind[card]]


def life_worth(life: int) -> float:
    """Life counts more as it runs low: the last point is the game (MB-18)."""
    if life < len(LIFE):
        return LIFE[life]
    return LIFE[-1] + 4.0 * (life - len(LIFE) + 1)


# -- win chances, learnt from play (bots/learn.py, data/value.json) -------------------------
VALUE_FEATURES = (
    "life>=2", "life>=3", "life>3",  # MB-18: each side's life points, the last ones apart
    "power", "creatures", "max_power",  # in play, stats now (MB-17)
    "venimeux", "furtif", "chasseur",  # MB-14, MB-13, MB-10: how many
    "furie_power", "coriace_fresh_power",  # MB-12, and MB-11 while not exhausted
    "lasting", "mindbugs", "mindfrogs",  # lasting effects; MB-7, MB-24
    "hand", "hand_value", "pile", "exhausted",  # MB-5, MB-6
    "tempo",  # +1 on side 0's turn, -1 on side 1's
    "threat_at_last_life",  # the foe's power in play while the last life point stands
    "safe_attacks",  # attacks the best block cannot punish, side 0's less side 1's
)


def _team_measures(state: MindbugState, team: int, st: Stats) -> list[float]:
    life = state.life[team]
    power = count = top = 0.0
    venimeux = furtif = chasseur = furie = coriace = lasting = exhausted = 0.0
    mindbugs = mindfrogs = hand = hand_worth = pile = 0.0
    keeps = _card_values(state.cat)[1]
    for s in state.seats_of_team(team):
        for c in state.boards[s]:
            p, kw = st.power[c], st.kw[c]
            power += p
            count += 1
            top = max(top, p)
            venimeux += bool(kw & VENIMEUX)
            furtif += bool(kw & FURTIF)
            chasseur += bool(kw & CHASSEUR)
            if kw & FURIE:
                furie += p
            tired = state.flags[c] & EXHAUSTED
            if kw & CORIACE and not tired:
                coriace += p
            exhausted += bool(tired)
            lasting += keeps[state.kind[c]]
        mindbugs += state.mindbugs[s]
        mindfrogs += state.mindfrogs[s]
        hand += len(state.hands[s])
        hand_worth += sum(hand_value(state, c) for c in state.hands[s])
        pile += len(state.piles[s])
    return [float(life >= 2), float(life >= 3), float(max(0, life - 3)), power, count, top,
            venimeux, furtif, chasseur, furie, coriace, lasting, mindbugs, mindfrogs, hand,
            hand_worth, pile, exhausted]


def value_features(state: State) -> list[float]:
    """Team 0's measures less team 1's (a player is a team of one with 2 players)."""
    assert isinstance(state, MindbugState)
    st = state.stats()
    mine, theirs = _team_measures(state, 0, st), _team_measures(state, 1, st)
    out = [a - b for a, b in zip(mine, theirs, strict=True)]
    out.append(1.0 if state.team(state.active) == 0 else -1.0)
    threat = ((theirs[3] if state.life[0] == 1 else 0.0)
              - (mine[3] if state.life[1] == 1 else 0.0))
    safe = 0.0
    for team, sign in ((0, 1.0), (1, -1.0)):
        for s in state.seats_of_team(team):
            safe += sign * sum(attack_worth(state, c, s, st) > 0 for c in state.boards[s])
    return [*out, threat, safe]


VALUE = register_value(GAME_ID, VALUE_FEATURES, value_features, __package__ or "")


def win_chances(state: State) -> Sequence[float]:
    """Each seat's chance of winning: team 0's learnt chance from the features above."""
    assert isinstance(state, MindbugState)
    result = state.result()
    if result is not None:
        return [result.utility(s) for s in range(state.n)]
    p0 = VALUE.chance(state.n, state)
    return [p0 if state.team(s) == 0 else 1.0 - p0 for s in range(state.n)]


# -- the rollout policy ---------------------------------------------------------------------
EPSILON = 0.1  # share of random moves, so that playouts still explore
MINDBUG_AT = 9.0  # a Mindbug is spent on a creature worth at least this


def _life_cost(life: int) -> float:
    """What letting an attack through costs the defenders (MB-8), in power points."""
    if life <= 1:
        return 1000.0  # the game (MB-18)
    return life_worth(life) - life_worth(life - 1)


def _can_block(state: MindbugState, att: int, blocker: int, st: Stats) -> bool:
    # MB-13 (FURTIF), the "cannot block" effects and evasion, as the engine decides blocks.
    if state.flags[blocker] & NO_BLOCK or blocker in st.no_block:
        return False
    if st.kw[att] & FURTIF and not st.kw[blocker] & FURTIF:
        return False
    return st.power[blocker] > st.evade.get(att, -1)


def _fight(state: MindbugState, att: int, blk: int, st: Stats) -> float:
    """The fight's worth to the attacker: the blocker's loss less the attacker's (MB-8,
    MB-14; a fresh CORIACE creature is only exhausted, MB-11)."""
    pa, pb = st.power[att], st.power[blk]
    att_falls = pb >= pa or bool(st.kw[blk] & VENIMEUX)
    blk_falls = pa >= pb or bool(st.kw[att] & VENIMEUX)
    gain = 0.0
    if blk_falls:
        gain += _loss(state, blk, st)
    if att_falls:
        gain -= _loss(state, att, st)
    return gain


def _loss(state: MindbugState, card: int, st: Stats) -> float:
    value = creature_value(state, card, st)
    if st.kw[card] & CORIACE and not state.flags[card] & EXHAUSTED:
        # MB-11: exhausted instead: it loses only its toughness.
        return value - creature_value_exhausted(state, card, st)
    return value


def creature_value_exhausted(state: MindbugState, card: int, st: Stats) -> float:
    power = st.power[card]
    lasting = _card_values(state.cat)[1][state.kind[card]]
    return power + _keyword_worth(st.kw[card], power, tough=False) + lasting


def attack_worth(state: MindbugState, att: int, seat: Seat, st: Stats) -> float:
    """An attack's worth to the attacker, the defenders answering with their best block."""
    foe_team = 1 - state.team(seat)
    through = _life_cost(state.life[foe_team])
    best_hunt = -math.inf
    if st.kw[att] & CHASSEUR:
        # MB-10: the attacker picks the blocker; not hunting leaves the usual block.
        for c in state.enemies(seat):
            best_hunt = max(best_hunt, _fight(state, att, c, st))
    answer = through
    for o in state.opponents(seat):
        for b in state.boards[o]:
            if _can_block(state, att, b, st):
                answer = min(answer, _fight(state, att, b, st))
    return max(answer, best_hunt)


def _pick(state: MindbugState, seat: Seat, legal: list[Action], st: Stats) -> Action:
    """An effect's choice: the best enemy creature to defeat or take, the least valuable card
    of one's own to lose, the best card to bring back."""
    task = state.stack[-1]
    effect = state.creature(task[1]).triggered(task[3])[task[4]]
    verb = effect.verb
    best: Action = legal[0]
    best_score = -math.inf
    mine = state.team(seat)
    for a in legal:
        if not isinstance(a, CardAction):
            score = 0.0  # "done": stop an optional choice
        else:
            c = a.card
            ctrl = state.ctrl[c]
            if ctrl >= 0:
                value = creature_value(state, c, st)
                ours = state.team(ctrl) == mine
                if verb in ("defeat", "forbid_block"):
                    score = -value if ours else value
                elif verb == "take_control":
                    score = value
                else:  # grant_keywords and the like help one's own creatures
                    score = value if ours else -value
            else:
                value = hand_value(state, c)
                # A card from a hand or a discard pile: lose the least (discard, give) or
                # bring back the best (play_from_discard).
                score = value if verb == "play_from_discard" else -value
        if score > best_score:
            best, best_score = a, score
    return best


def _foe_worth(state: MindbugState, foe: int, st: Stats) -> float:
    """Tag Team: what naming `foe` as "the opponent" of the pending effect is worth to the
    one who names it (mindbug-cards.md), in power points."""
    _, source, ctrl, trig, idx = state.stack[-1]
    creature = state.creature(source)
    if trig == "passive":
        worth = 0.0
        for e in creature.passive:
            if e.target != "opponent":
                continue
            if e.verb == "cannot_block":  # the blockers it stops
                worth += sum(creature_value(state, c, st) for c in state.boards[foe]
                             if e.power_max is None or st.power[c] <= e.power_max)
            elif e.verb == "silence_play":  # the Play effects in hand it stops
                worth += sum(_effects_bonus(state.creature(c)) + 0.1
                             for c in state.hands[foe])
        return worth
    e = creature.triggered(trig)[idx]
    if e.condition in FOE_CONDITIONS:  # the comparison that lets the effect happen
        mine, theirs = len(state.boards[ctrl]), len(state.boards[foe])
        return 1.0 if (mine < theirs if e.condition == "fewer_creatures" else mine > theirs) \
            else 0.0
    if e.verb == "play_from_discard":  # the best card to bring into play
        return max((hand_value(state, c) for c in state.discards[foe]), default=0.0)
    # discard, steal_hand, give_card: the richer hand loses (or gives) the most
    return sum(hand_value(state, c) for c in state.hands[foe])


def rollout_policy(state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
    """A playout move: good fights, sensible blocks, strong creatures, Mindbugs well spent."""
    if len(legal) == 1 or rng.random() < EPSILON:
        return legal[rng.randrange(len(legal))]
    assert isinstance(state, MindbugState)
    kind = state.stack[-1][0]
    st = state.stats()
    if kind == "act":
        return _act(state, seat, legal, rng, st)
    if kind in ("block", "hunt"):
        att = state.stack[-1][1]
        best_a: Action = legal[-1]  # noblock / nohunt
        # A block: the fight against the life point lost; a hunt (MB-10): a fight won.
        blocking = kind == "block"
        best_v = -_life_cost(state.life[state.team(seat)]) if blocking else 0.0
        for a in legal:
            if isinstance(a, CardAction):
                v = _fight(state, att, a.card, st)
                if blocking:
                    v = -v
                if v > best_v:
                    best_a, best_v = a, v
        return best_a
    if kind in ("mindbug", "mindfrog"):
        card = state.stack[-1][1]
        take = hand_value(state, card) >= MINDBUG_AT
        return legal[0] if take else legal[1]
    if kind in ("frenzy", "rapid"):
        card = state.stack[-1][1]
        good = attack_worth(state, card, seat, st) > 0
        return legal[0] if good else legal[-1]
    if kind == "pick":
        return _pick(state, seat, legal, st)
    if kind in ("keep", "revive"):
        return legal[0]  # play it: a creature in play beats a card kept
    if kind == "foe":
        return max(legal, key=lambda a: _foe_worth(state, a.seat, st)
                   if isinstance(a, Foe) else -math.inf)
    return legal[rng.randrange(len(legal))]


def _act(state: MindbugState, seat: Seat, legal: list[Action], rng: Rng,
         st: Stats) -> Action:
    """MB-6: attack when the best block cannot punish it, else play the best creature."""
    best_attack: Action | None = None
    best_attack_v = -math.inf
    best_play: Action | None = None
    best_play_v = -math.inf
    for a in legal:
        assert isinstance(a, CardAction)
        if a.verb == "attack":
            v = attack_worth(state, a.card, seat, st)
            if v > best_attack_v:
                best_attack, best_attack_v = a, v
        else:
            # A little noise, so that playouts try different orders of play.
            v = hand_value(state, a.card) + 2.0 * rng.random()
            if v > best_play_v:
                best_play, best_play_v = a, v
    if best_attack is not None and (best_attack_v > 0 or best_play is None):
        return best_attack
    assert best_play is not None
    return best_play


# -- registration ------------------------------------------------------------------------------
WIN_CHANCES[GAME_ID] = win_chances
ROLLOUT_POLICIES[GAME_ID] = rollout_policy

register_game_settings(GAME_ID, "moyen", MCTSSettings(exploration=0.7, rollout_depth=6,
                                                      rollout="game"))
for _level in ("difficile", "expert"):
    register_game_settings(GAME_ID, _level, MCTSSettings(exploration=0.6, rollout_depth=8,
                                                         rollout="game"))
