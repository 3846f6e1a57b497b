"""The Game object of Mitan: options, setups, notation, descriptions, evaluation, rendering."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal, Self

from pydantic import (
    field_validator,
    model_validator,
)

from ludotheque.core.encoding import Encoding
from ludotheque.core.errors import NotationError
from ludotheque.core.game import (
    JSON,
    Action,
    Config,
    Event,
    Game,
    Options,
    Result,
    State,
    canonical,
)
from ludotheque.core.record import Step

from .board import CODES, KIND_OF_CODE, MITANS
from .encoding import encoding_for
from .notation import parse
from .pieces import piece, pieces
from .rules import BATTLE, HALF_MOVE_LIMIT, MitanState


class MitanOptions(Options):
    # MT-16: "hidden" places both armies in secret, then reveals them at once (never ranked).
    placement: Literal["open", "hidden"] = "open"
    # MT-27: a battle position (MitanState.fen) to start from instead of the market, the
    # draft and the placement; the tutorial's lessons are played from such positions.
    position: str | None = None

    @field_validator("position")
    @classmethod
    def _position_reads(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                MitanState.from_fen(value)
            except NotationError as exc:
                raise ValueError(f"not a Mitan position: {exc.reason}") from None
        return value

    @model_validator(mode="after")
    def _position_is_open(self) -> Self:
        if self.position is not None and self.placement == "hidden":
            # MT-16 hides a placement; a position starts after it, so there is none to hide.
            raise ValueError("a position starts at the battle: it cannot have a hidden "
                             "placement (MT-16, MT-27)")
        return self


def _piece_name(letter: str, lang: str) -> str:
    kind = KIND_OF_CODE.get(letter.upper())
    if kind is None:
        return letter
    p = piece(kind)
    return p.name if lang == "fr" else p.name_en


_SIDES = {"fr": ("Blancs", "Noirs"), "en": ("White", "Black")}


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
    not_daily: ClassVar[Mapping[str, str]] = {
        "hidden": "MT-24 is the day's market played in the open; MT-16 is a variant",
    }
    step_limit = 14 + 16 + HALF_MOVE_LIMIT

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, MitanOptions)
        if options.position is not None:
            return MitanState.from_fen(options.position)  # MT-27: a lesson's position
        return MitanState(seed, hidden=options.placement == "hidden")

    def offers(self, options: Options) -> frozenset[str]:
        """Takebacks and draw offers between the players of an unranked online game (the
        site's, issue 21; docs/rules/mitan.md). No takeback with the hidden placement (MT-16):
        a player who has seen the other army could place their own again knowing it."""
        assert isinstance(options, MitanOptions)
        if options.placement == "hidden":
            return frozenset({"draw"})
        return frozenset({"takeback", "draw"})

    def parse(self, text: str) -> Action:
        return parse(text)

    def position(self, fen: str) -> MitanState:
        """A battle position from its text (MitanState.fen)."""
        return MitanState.from_fen(fen)

    def configs(self) -> Sequence[Config]:
        return [Config(2, MitanOptions(), "open"),
                Config(2, MitanOptions(placement="hidden"), "hidden")]

    def encoding(self, players: int, options: Options) -> Encoding:
        """Action ids and observations for the AI adapters (encoding.py)."""
        return encoding_for(players, canonical(options.model_dump(mode="json")))

    def balance_tags(self, players: int, start: State, steps: Sequence[Step],
                     end: State) -> list[set[str]]:
        """The pieces each side drafted (MT-14): the bots' choices, so a piece's score says
        how well the armies holding it did, not that chance dealt it."""
        assert isinstance(end, MitanState)
        return [{piece(kind).name for kind, count in enumerate(end.drafted[seat]) if count}
                for seat in range(players)]

    def tag_text(self, tag: str, lang: str = "fr") -> str:
        """A drafted piece's French name (the tag) in the reader's language."""
        named = next((p for p in pieces() if p.name == tag), None)
        return tag if named is None or lang != "en" else named.name_en

    def describe(self, event: Event, lang: str = "fr",
                 names: Sequence[str] | None = None) -> str:
        """An event in words. Sides are named by their colour (Blancs / Noirs), `names` or
        not: the colours are what the board and the rules say."""
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
            left = ", ".join(f"{_piece_name(k, lang)} ×{n}" for k, n in dict(d["left_out"]).items())
            return (f"Fin du draft ; hors jeu : {left or 'rien'}" if fr
                    else f"Draft over; left out: {left or 'nothing'}")
        if kind == "place":
            name = _piece_name(str(d["piece"]), lang)
            return (f"{who} posent un {name} en {d['square']}" if fr
                    else f"{who} place a {name} on {d['square']}")
        if kind == "placed_in_secret":
            return (f"{who} posent une pièce en secret" if fr
                    else f"{who} place a piece in secret")
        if kind == "reveal":
            return ("Les deux armées sont révélées en même temps" if fr
                    else "Both armies are revealed at once")
        if kind == "battle":
            return ("La bataille commence, les Blancs jouent" if fr
                    else "The battle begins, White to move")
        if kind in ("move", "capture", "crush", "shot", "push", "swap"):
            return self._describe_action(event, lang, who)
        if kind == "pass":
            return (f"{who} n'ont aucune action permise et passent" if fr
                    else f"{who} have no legal action and pass")
        if kind == "centre":
            return self._describe_centre(d, lang, who)
        if kind == "end":
            # The centre points only: who won and why is said once, by the room's end
            # panel (describe_result), not again in the log (issue 20).
            points = d["points"]
            assert isinstance(points, list)
            return (f"Fin de la partie, points de centre {points[0]}-{points[1]}" if fr
                    else f"Game over, centre points {points[0]}-{points[1]}")
        return super().describe(event, lang, names)

    def _describe_centre(self, d: Mapping[str, JSON], lang: str, who: str) -> str:
        """The start of a turn on the Mitans: centre points (MT-23) and the streak (MT-21)."""
        fr = lang == "fr"
        n, streak, points = int(d["held"]), int(d["streak"]), d["points"]
        other = _SIDES[lang][1 - int(d["seat"])]
        if fr:
            line = (f"{who} tiennent {n} Mitan{'s' if n > 1 else ''} au début de leur tour : "
                    f"+{n} point{'s' if n > 1 else ''} de centre ({points} au total)")
        else:
            line = (f"{who} hold {n} Mitan{'s' if n > 1 else ''} at the start of their turn: "
                    f"+{n} centre point{'s' if n > 1 else ''} ({points} in all)")
        if streak >= 2:
            return line + (" ; deuxième tour de suite avec 2 Mitans : le centre est tenu"
                           if fr else "; second turn in a row with 2 Mitans: the centre is "
                           "held")
        if streak == 1:
            return line + (f" ; série 1 sur 2 : les {other} ont un tour pour reprendre un "
                           f"Mitan" if fr else f"; streak 1 of 2: {other} have one "
                           f"turn to retake a Mitan")
        return line

    def describe_result(self, result: Result, lang: str = "fr",
                        names: Sequence[str] | None = None) -> str:
        """Why the game ended (MT-19..MT-23), with the centre points; sides
        by their colour, `names` or not (as in `describe`)."""
        fr = lang != "en"
        side = _SIDES["fr" if fr else "en"]
        a, b = (int(x) for x in result.scores)
        winner = None if result.is_draw else result.winners[0]
        loser = None if winner is None else side[1 - winner]
        points = (f"points de centre {a}-{b}" if fr else f"centre points {a}-{b}")
        reason = result.reason
        if reason == "chef_captured" and winner is not None:
            text = (f"les {side[winner]} ont capturé le Chef des {loser}" if fr
                    else f"{side[winner]} captured {loser}'s Chief")
        elif reason == "centre_held" and winner is not None:
            text = (f"les {side[winner]} ont tenu au moins 2 des 3 Mitans au début de deux "
                    f"tours de suite" if fr
                    else f"{side[winner]} held at least 2 of the 3 Mitans at the start of two "
                    f"turns in a row")
        elif reason == "annihilation" and winner is not None:
            text = (f"il ne restait aux {loser} que leur Chef : les {side[winner]} "
                    f"l'emportent" if fr
                    else f"{loser} had only their Chief left: {side[winner]} win")
        else:
            # MT-19, MT-23: the game stopped and the centre points decide.
            if reason == "double_pass":
                why = ("les deux joueurs ont passé l'un après l'autre" if fr
                       else "both players passed one after the other")
            else:
                why = (f"les {HALF_MOVE_LIMIT} demi-coups sont joués" if fr
                       else f"the {HALF_MOVE_LIMIT} half-moves are played")
            if winner is None:
                verdict = (f"égalité aux points de centre, {a}-{b}" if fr
                           else f"a tie on centre points, {a}-{b}")
            else:
                verdict = (f"les {side[winner]} l'emportent aux points de centre, {a}-{b}" if fr
                           else f"{side[winner]} win on centre points, {a}-{b}")
            return f"{why[0].upper()}{why[1:]} : {verdict}." if fr else \
                f"{why[0].upper()}{why[1:]}: {verdict}."
        text = f"{text[0].upper()}{text[1:]}, {points}."
        return text

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
        # The special actions' rulings (MT-7, MT-8, MT-11, MT-12) stay in the event: the room's
        # "?" opens them; the line a player reads names none (issue #20).
        if kind == "crush":
            return (f"{who} : le Bélier de {origin} charge en {target} et écrase le {victim}, "
                    f"qui ne pouvait pas reculer" if fr
                    else f"{who}: the Ram from {origin} charges to {target} and crushes the "
                    f"{victim}, which could not move back")
        if kind == "shot":
            return (f"{who} : l'Archer en {origin} tire sans bouger et abat le {victim} en "
                    f"{target}" if fr
                    else f"{who}: the Archer on {origin} shoots without moving and takes the "
                    f"{victim} on {target}")
        if kind == "push":
            return (f"{who} : le Bélier de {origin} charge en {target} et repousse la pièce en "
                    f"{d['pushed_to']}" if fr
                    else f"{who}: the Ram from {origin} charges to {target} and pushes the piece "
                    f"to {d['pushed_to']}")
        return (f"{who} : le {name} en {origin} échange sa place avec la pièce en "
                f"{target}" if fr
                else f"{who}: the {name} on {origin} swaps places with the piece on "
                f"{target}")

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
