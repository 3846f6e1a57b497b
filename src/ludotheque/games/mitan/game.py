"""The Game object of Mitan: options, setups, notation, descriptions, evaluation, rendering."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from ludotheque.core.game import JSON, Action, Config, Event, Game, Options, State

from .board import CODES, KIND_OF_CODE, MITANS
from .notation import parse
from .pieces import piece
from .rules import BATTLE, HALF_MOVE_LIMIT, MitanState


class MitanOptions(Options):
    # MT-16: "hidden" places both armies in secret, then reveals them at once (never ranked).
    placement: Literal["open", "hidden"] = "open"


def _piece_name(letter: str, lang: str) -> str:
    kind = KIND_OF_CODE.get(letter.upper())
    if kind is None:
        return letter
    p = piece(kind)
    return p.name if lang == "fr" else p.name_en


_SIDES = {"fr": ("Blancs", "Noirs"), "en": ("White", "Black")}
_ENDINGS = {
    "fr": {"chef_captured": "le Chef adverse est capturé",
           "centre_held": "le centre est tenu deux tours d'affilée",
           "annihilation": "l'adversaire n'a plus que son Chef",
           "half_move_limit": f"limite de {HALF_MOVE_LIMIT} demi-coups, points de centre",
           "double_pass": "les deux joueurs ont passé, points de centre"},
    "en": {"chef_captured": "the enemy Chief is captured",
           "centre_held": "the centre is held two turns in a row",
           "annihilation": "the opponent has only their Chief left",
           "half_move_limit": f"{HALF_MOVE_LIMIT} half-move limit, centre points",
           "double_pass": "both players passed, centre points"},
}


class Mitan(Game):
    id = "mitan"
    title = "Mitan"
    version = "1"
    min_players = 2
    max_players = 2
    options_type = MitanOptions
    state_type: ClassVar[type[State]] = MitanState
    # Hidden placement (an option, MT-16) hides each army until the reveal; the open game
    # hides nothing (MitanState.hides_information).
    hidden_information = True
    step_limit = 14 + 16 + HALF_MOVE_LIMIT

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, MitanOptions)
        return MitanState(seed, hidden=options.placement == "hidden")

    def parse(self, text: str) -> Action:
        return parse(text)

    def position(self, fen: str) -> MitanState:
        """A battle position from its text (MitanState.fen)."""
        return MitanState.from_fen(fen)

    def configs(self) -> Sequence[Config]:
        return [Config(2, MitanOptions(), "open"),
                Config(2, MitanOptions(placement="hidden"), "hidden")]

    def describe(self, event: Event, lang: str = "fr") -> str:
        lang = "en" if lang == "en" else "fr"
        fr = lang == "fr"
        d = event.data
        side = _SIDES[lang]
        who = side[d["seat"]] if isinstance(d.get("seat"), int) else ""
        kind = event.kind
        if kind == "pick":
            name = _piece_name(str(d["piece"]), lang)
            return f"{who} prennent un {name}" if fr else f"{who} pick a {name}"
        if kind == "draft_over":
            left = ", ".join(f"{n} {_piece_name(k, lang)}" for k, n in dict(d["left_out"]).items())
            return (f"Fin du draft ; hors jeu : {left or 'rien'}" if fr
                    else f"Draft over; left out: {left or 'nothing'}")
        if kind == "place":
            name = _piece_name(str(d["piece"]), lang)
            return (f"{who} posent un {name} en {d['square']}" if fr
                    else f"{who} place a {name} on {d['square']}")
        if kind == "placed_in_secret":
            return f"{who} posent une pièce en secret" if fr else f"{who} place a piece in secret"
        if kind == "reveal":
            return ("Les deux armées sont révélées" if fr
                    else "Both armies are revealed")
        if kind == "battle":
            return ("La bataille commence, les Blancs jouent" if fr
                    else "The battle begins, White to move")
        if kind in ("move", "capture", "crush", "shot", "push", "swap"):
            return self._describe_action(event, lang, who)
        if kind == "pass":
            return (f"{who} n'ont aucun coup et passent" if fr
                    else f"{who} have no legal action and pass")
        if kind == "centre":
            n, streak = d["held"], d["streak"]
            return (f"{who} tiennent {n} Mitan(s) en début de tour (série {streak}, "
                    f"{d['points']} points de centre)" if fr
                    else f"{who} hold {n} Mitan(s) at the start of their turn (streak {streak}, "
                    f"{d['points']} centre points)")
        if kind == "end":
            winner = d["winner"]
            why = _ENDINGS[lang].get(str(d["reason"]), str(d["reason"]))
            points = d["points"]
            assert isinstance(points, list)
            if not isinstance(winner, int) or winner < 0:
                return (f"Partie nulle : {why} ({points[0]}-{points[1]})" if fr
                        else f"Draw: {why} ({points[0]}-{points[1]})")
            return (f"Victoire des {side[winner]} : {why}" if fr
                    else f"{side[winner]} win: {why}")
        return super().describe(event, lang)

    def _describe_action(self, event: Event, lang: str, who: str) -> str:
        fr = lang == "fr"
        d = event.data
        text = str(d["action"])
        name = _piece_name(text[0], lang)
        origin, target = text[1:3], text[-2:]
        victim = _piece_name(str(d.get("captured", "?")), lang)
        kind = event.kind
        if kind == "move":
            return (f"{who} : {name} de {origin} à {target}" if fr
                    else f"{who}: {name} from {origin} to {target}")
        if kind == "capture":
            return (f"{who} : {name} de {origin} prend le {victim} en {target}" if fr
                    else f"{who}: {name} from {origin} takes the {victim} on {target}")
        if kind == "crush":
            return (f"{who} : le Bélier charge en {target} et écrase le {victim}" if fr
                    else f"{who}: the Ram charges to {target} and crushes the {victim}")
        if kind == "shot":
            return (f"{who} : l'Archer en {origin} abat le {victim} en {target}" if fr
                    else f"{who}: the Archer on {origin} shoots the {victim} on {target}")
        if kind == "push":
            return (f"{who} : le Bélier charge en {target} et repousse la pièce en "
                    f"{d['pushed_to']}" if fr
                    else f"{who}: the Ram charges to {target} and pushes the piece to "
                    f"{d['pushed_to']}")
        return (f"{who} : le {name} en {origin} échange sa place avec la pièce en {target}" if fr
                else f"{who}: the {name} on {origin} swaps places with the piece on {target}")

    def heuristic(self, state: State, seat: int) -> float | None:
        """Material, centre (Mitans held, streak, centre points) and mobility, for `seat`."""
        assert isinstance(state, MitanState)
        result = state.result()
        if result is not None:
            return 1.0 if result.ranks[seat] == 0 and not result.is_draw else (
                0.0 if result.is_draw else -1.0)
        if state.phase != BATTLE:  # before the battle: material drafted only
            score = sum(piece(k).value * (state.drafted[seat][k] - state.drafted[1 - seat][k])
                        for k in range(2, 14))
            return math.tanh(score / 10)
        b = state.board
        material = [0.0, 0.0]
        for v in b:
            if v:
                material[v & 1] += _VALUES[v >> 1]
        held = [0, 0]
        for m in MITANS:
            if b[m]:
                held[b[m] & 1] += 1
        other = 1 - seat
        score = (material[seat] - material[other]
                 + 1.2 * (held[seat] - held[other])
                 + 2.5 * (state.streak[seat] - state.streak[other])
                 + 0.05 * (state.points[seat] - state.points[other])
                 + 0.05 * (state.mobility(seat) - state.mobility(other)))
        return math.tanh(score / 8)

    def render(self, view: Mapping[str, JSON], seat: int | None, lang: str = "fr") -> Any:
        from .terminal import render

        return render(view, seat, lang)


_VALUES = tuple(0.0 if k == 0 else piece(k).value for k in range(len(CODES)))

GAME = Mitan()
