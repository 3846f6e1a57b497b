"""The MIMIK game object: options, setups, notation, event texts, rendering, evaluation."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import field_validator

from ludotheque.core.encoding import Encoding
from ludotheque.core.errors import OptionsError
from ludotheque.core.game import (
    JSON,
    Action,
    Config,
    Event,
    Game,
    Options,
    Result,
    Seat,
    State,
    counted,
    french_a,
    french_de,
    seat_name,
    seat_names,
)
from ludotheque.core.record import Step

from .carddata import load_cards
from .encoding import encoding_for
from .notation import parse
from .position import check_position, parse_position
from .rules import MimikState


@cache
def _deck(beginner: bool) -> tuple[int, ...]:
    """The shipped deck in code order (MimikState.new copies it, then shuffles the copy)."""
    return tuple(load_cards().deck(beginner))


class MimikOptions(Options):
    """MK-4: target 50 (standard), 30 (Express) or 75 (Hardcore); Team; Beginner."""

    target: Literal[50, 30, 75] = 50
    team: bool = False
    beginner: bool = False
    # The tutorial's lessons start from a position (position.py): the table and seat 0's
    # hand as written, the rest dealt by the seed. Never set for an ordinary game.
    position: str | None = None

    @field_validator("position")
    @classmethod
    def _position_reads(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                parse_position(value)
            except ValueError as exc:
                raise ValueError(f"not a MIMIK position: {exc}") from None
        return value


class Mimik(Game):
    id = "mimik"
    title = "MIMIK"
    # 2: issue 19 (MK-2 first player drawn, MK-23 and MK-16 in Team mode, D10, MK-20, the
    # Pickpocket freeze): games of version 1 no longer replay.
    version = "2"
    min_players = 2
    max_players = 8
    options_type = MimikOptions
    state_type: ClassVar[type[State]] = MimikState
    hidden_information = True
    step_limit = 20_000  # MK-29 ends a game at 2,000 turns, at most a few actions each
    # The conformance harness's biased players (issue 19): one discards whenever it can; one
    # hoards, discarding anything but its MIMIK and picking pockets whenever it can.
    playout_styles: ClassVar[Mapping[str, str]] = {
        "discard-heavy": r"^discard ", "hoarding": r"^(discard (?!MIMIK)|Pickpocket )"}

    def validate(self, players: int, options: Options) -> None:
        assert isinstance(options, MimikOptions)
        if options.team and (players < 4 or players % 2):
            raise OptionsError(
                f"MIMIK: Team mode is played in teams of 2, by 4, 6 or 8 players, "
                f"not {players} (MK-4)")
        if options.position is not None:
            half = players // 2
            sides: list[tuple[int, ...]] = (
                [(t, t + half) for t in range(half)] if options.team  # MK-4, as _setup_teams
                else [(s,) for s in range(players)])
            try:
                check_position(parse_position(options.position), players, sides,
                               options.target, load_cards().deck(options.beginner))
            except ValueError as exc:
                raise OptionsError(f"MIMIK: this position cannot start a game: {exc}") from None

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, MimikOptions)
        if options.position is not None:
            return MimikState.from_position(seed, players, options.target, options.team,
                                            options.beginner, load_cards().deck(options.beginner),
                                            options.position)
        return MimikState.new(seed, players, options.target, options.team, options.beginner,
                              _deck(options.beginner))

    def parse(self, text: str) -> Action:
        return parse(text)

    def configs(self) -> Sequence[Config]:
        out = [Config(p, MimikOptions(), f"{p}p") for p in range(2, 9)]
        out += [
            Config(3, MimikOptions(target=30), "3p-express"),
            Config(4, MimikOptions(target=75), "4p-hardcore"),
            Config(3, MimikOptions(beginner=True), "3p-beginner"),
            Config(4, MimikOptions(team=True), "4p-team"),
            Config(6, MimikOptions(team=True), "6p-team"),
            Config(8, MimikOptions(team=True), "8p-team"),
            Config(2, MimikOptions(target=30, beginner=True), "2p-express-beginner"),
            Config(6, MimikOptions(target=75, team=True), "6p-hardcore-team"),
            Config(4, MimikOptions(target=30, team=True, beginner=True),
                   "4p-express-team-beginner"),
        ]
        return out

    def encoding(self, players: int, options: Options) -> Encoding:
        """Action ids and observations for the AI adapters (encoding.py), cached by what
        decides them: the player count, Team mode and Beginner mode."""
        assert isinstance(options, MimikOptions)
        return encoding_for(players, options.team, options.beginner)

    def balance_tags(self, players: int, start: State, steps: Sequence[Step],
                     end: State) -> list[set[str]]:
        """The cards each seat drew in the game (the true, private draw events): chance
        draws them, so a card's score measures what holding it is worth."""
        tags: list[set[str]] = [set() for _ in range(players)]
        for step in steps:
            for event in step.events:
                if event.kind == "drew":
                    card = str(event.data["card"])
                    # MK-1: Value cards are named by their value.
                    tags[int(event.data["seat"])].add(f"Valeur {card}" if card.isdigit()
                                                      else card)
        return tags

    def tag_text(self, tag: str, lang: str = "fr") -> str:
        """A drawn card (the tag: "Valeur 7", "Discard x2") as the reader's card faces name it."""
        if tag.startswith("Valeur "):
            return tag if lang != "en" else "Value " + tag.removeprefix("Valeur ")
        return _card(tag, lang)

    def describe(self, event: Event, lang: str = "fr",
                 names: Sequence[str] | None = None) -> str:
        lg = "en" if lang == "en" else "fr"
        say = (_EN if lg == "en" else _FR).get(event.kind)
        if say is None:
            return super().describe(event, lang, names)
        data = dict(event.data)
        # The ruling stays in the event (the room's "?" opens it), out of the line a player
        # reads (issue #20).
        return say(data, _Who(data, lg, names))

    def describe_result(self, result: Result, lang: str = "fr",
                        names: Sequence[str] | None = None) -> str:
        return describe_result(result, lang, names)

    def render(self, view: Mapping[str, JSON], seat: Seat | None, lang: str = "fr") -> Any:
        from .terminal import render

        return render(view, seat, lang)

    def heuristic(self, state: State, seat: Seat) -> float | None:
        assert isinstance(state, MimikState)
        result = state.result()
        if result is not None:
            return 2.0 * result.utility(seat) - 1.0
        target = state.target
        mine = state.score(seat)
        team = state.team_of[seat]
        others = [state.team_score(t) for t in range(len(state.members)) if t != team]
        best = max(others) if others else 0
        # Nearer the target is better; a rival near it is a threat.
        value = (mine - best) / target
        return max(-1.0, min(1.0, value))


@dataclass(frozen=True)
class _Who:
    """The seats an event's data names, in words (`core.game.seat_name`): `who("owner")` is
    the seat under the data's "owner" key, by its name when the names are known."""

    data: Mapping[str, Any]
    lang: str
    names: Sequence[str] | None

    def __call__(self, key: str = "seat") -> str:
        return seat_name(int(self.data[key]), self.lang, self.names)

    def de(self, key: str) -> str:
        """The seat after "de" in French: "de Bob", "d'Alice", "de Joueur 2"."""
        return french_de(self(key))

    def a(self, key: str) -> str:
        """The seat after "à" in French: "à Alice", "à Joueur 2"."""
        return french_a(self(key))

    @property
    def named(self) -> bool:
        """Whether seats have names: a French "il" would then give each a gender."""
        return self.names is not None

    @property
    def many(self) -> bool:
        """Whether the event speaks of a team's two seats (MK-5): a plural verb."""
        return len(self.data.get("seats") or [0]) > 1

    def side(self) -> str:
        """Whoever the event speaks of: one seat, or a team's two seats (MK-5)."""
        seats = self.data.get("seats") or [self.data.get("seat")]
        return seat_names([int(s) for s in seats], self.lang, self.names)

    def copied_from(self) -> str:
        """Where the copied card was visible (MK-26): in front of which seats, or on the
        discard pile."""
        fr = self.lang == "fr"
        seats = [int(s) for s in self.data.get("from", [])]
        places = ([f"{'posé devant' if fr else 'posed by'} "
                   + seat_names(seats, self.lang, self.names, "or")] if seats else [])
        if self.data.get("discard"):
            places.append("du dessus de la défausse" if fr else "on top of the discard pile")
        return (" ou " if fr else " or ").join(places)


# The catalogue keys of the action cards (as the screen's web/<lang>.json names them).
_CARD_KEYS = {"Sabotage": "sabotage", "Swap": "swap", "Reverse": "reverse", "Pause": "pause",
              "Half": "half", "Discard x2": "discard2", "Pickpocket": "pickpocket",
              "Swap Score": "swapscore", "Tsunami": "tsunami", "MIMIK": "mimik"}


@cache
def _card_names(lang: str) -> dict[str, str]:
    """The printed names in the reader's language, the very words of the screen's card
    faces (web/fr.json, web/en.json: "Défausse x2", "Échange"...)."""
    words = json.loads((Path(__file__).parent / "web" / f"{lang}.json").read_text("utf-8"))
    return {name: str(words[f"mimik.card.{key}"]) for name, key in _CARD_KEYS.items()}


def _card(name: object, lang: str = "fr") -> str:
    """A card's name in the reader's language (a Value card is its number)."""
    return _card_names("en" if lang == "en" else "fr").get(str(name), str(name))


def _points(value: int, lang: str = "fr") -> str:
    return counted(value, "point", "points", lang)


def _cards(data: Mapping[str, Any], lang: str = "fr") -> str:
    return (" et " if lang == "fr" else " and ").join(_card(c, lang)
                                                      for c in data.get("cards", []))


def _hand(data: Mapping[str, Any], lang: str) -> str:
    return ", ".join(_card(c, lang) for c in data.get("hand", []))


def _copied_fr(d: dict[str, Any], who: _Who) -> str:
    where = who.copied_from()
    if d.get("value") is None:
        return (f"{who()} pose son MIMIK et copie la carte {_card(d['card'])} du dessus de "
                "la défausse : son effet s'applique, le MIMIK reste posé sans valeur")
    return (f"{who()} pose son MIMIK et copie le {_card(d['card'])}"
            + (f" {where}" if where else "") + f" : il vaut {d['value']}")


def _copied_en(d: dict[str, Any], who: _Who) -> str:
    where = who.copied_from()
    if d.get("value") is None:
        return (f"{who()} poses their MIMIK copying the {_card(d['card'], 'en')} "
                "on top of the discard pile: its effect applies, the MIMIK stays posed with no "
                "value")
    return (f"{who()} poses their MIMIK copying the {_card(d['card'], 'en')}"
            + (f" {where}" if where else "") + f": it is worth {d['value']}")


Say = Callable[[dict[str, Any], _Who], str]

_FR: dict[str, Say] = {
    "turn": lambda d, who: f"Tour {d['turn']} : {who.a('seat')} de jouer",
    "skipped": lambda d, who: (f"{who()} saute son tour, sans piocher ni jouer (Pause)"
                               if who.named else
                               f"{who()} saute son tour : il ne pioche ni ne joue (Pause)"),
    "no_card": lambda d, who: f"{who()} n'a aucune carte et passe",
    "draw": lambda d, who: f"{who()} pioche {counted(d['cards'], 'carte', 'cartes')}",
    # A private event, shown to its seat only; named all the same (one device for several
    # seats shows it to the seat on screen, issue #20).
    "drew": lambda d, who: f"{who()} pioche : {_card(d['card'])}",
    "reshuffled": lambda d, _: f"La défausse est mélangée et forme la pioche ({d['cards']} cartes)",
    "mimik_returned": lambda d, who: (f"Un second MIMIK retourne dans la pioche, {who()} "
                                      "repioche"),
    "discarded": lambda d, who: f"{who()} défausse {_card(d['card'])} face visible",
    "posed": lambda d, who: f"{who()} pose {_card(d['card'])} : +{_points(d['value'])}",
    "copied": _copied_fr,
    "sabotaged": lambda d, who: (f"{who()} sabote le {_card(d['card'])} posé devant "
                                 f"{who('owner')} : {_points(d['value'])} en moins"),
    "swapped": lambda d, who: (f"{who()} échange sa carte posée de valeur {d['gave']} contre "
                               f"celle de valeur {d['got']} {who.de('owner')}"),
    "reversed": lambda d, who: (f"{who()} inverse une carte posée devant "
                                f"{who('owner')} : {d['before']} devient {d['after']}"),
    "halved": lambda d, who: (f"{who()} divise par 2 une carte posée devant "
                              f"{who('owner')} : {d['before']} devient {d['after']}"),
    "paused": lambda d, who: f"{who()} joue {_card('Pause')} : {who('paused')} sautera son tour",
    "discarded_two": lambda d, who: f"{who()} défausse {_cards(d)} et pioche 2 cartes",
    "pickpocket": lambda d, who: (f"{who()} fait les poches {who.de('victim')}"
                                  + (", regarde sa main et y prend une carte" if who.named
                                     else " : il regarde sa main et y prend une carte")),
    "looked": lambda d, who: f"Main {who.de('victim')} : {_hand(d, 'fr') or 'vide'}",
    "stole": lambda d, who: (f"{who()} vole {_card(d['card'])} {who.a('victim')}"
                             + (" et la joue aussitôt" if d.get("played") else " et la garde")),
    "kept": lambda d, who: (f"{who()} garde la carte volée {who.a('victim')} et défausse "
                            f"{_card(d['discarded'])} ; {who('victim')} repiochera une carte"),
    "swapped_score": lambda d, who: (f"{who()} échange son score avec {who('other')} : "
                                     f"{d['before'][0]} contre {d['before'][1]} devient "
                                     f"{d['after'][0]} contre {d['after'][1]}"),
    "tsunami": lambda d, who: (f"{who()} déclenche un {_card('Tsunami')} : chacun des autres "
                               "joueurs perd sa plus forte carte Valeur posée"),
    "tsunami_lost": lambda d, who: (f"{who('owner')} perd son {_card(d['card'])} posé "
                                    f"({_points(d['value'])})"),
    "overshoot": lambda d, who: (f"Dépassement : {who.side()} "
                                 f"{'sont' if who.many else 'est'} à "
                                 f"{d['score']} points, au-delà de la cible ; les cartes posées "
                                 f"sont défaussées et le score repart à {d['base']}"),
    # The end, without its winner: who won is said once, by the room's end panel
    # (describe_result), not again in the log (issue 20).
    "won": lambda d, who: f"Fin de la partie : la cible de {d['score']} points est atteinte",
    "turn_limit": lambda d, who: f"Fin de la partie après {d['turns']} tours",
}

_EN: dict[str, Say] = {
    "turn": lambda d, who: f"Turn {d['turn']}: {who()} to play",
    "skipped": lambda d, who: f"{who()} skips this turn: no draw, no play (Pause)",
    "no_card": lambda d, who: f"{who()} has no card and passes",
    "draw": lambda d, who: f"{who()} draws {counted(d['cards'], 'card', 'cards', 'en')}",
    "drew": lambda d, who: f"{who()} draws: {_card(d['card'], 'en')}",
    "reshuffled": lambda d, _: f"The discard pile is shuffled into a new draw pile ({d['cards']})",
    "mimik_returned": lambda d, who: (f"A second MIMIK goes back into the draw pile; {who()} "
                                      "draws again"),
    "discarded": lambda d, who: f"{who()} discards {_card(d['card'], 'en')} face up",
    "posed": lambda d, who: (f"{who()} poses {_card(d['card'], 'en')}: "
                             f"+{_points(d['value'], 'en')}"),
    "copied": _copied_en,
    "sabotaged": lambda d, who: (f"{who()} sabotages the {_card(d['card'], 'en')} "
                                 f"posed by {who('owner')}: "
                                 f"{_points(d['value'], 'en')} fewer"),
    "swapped": lambda d, who: (f"{who()} swaps their posed card worth {d['gave']} "
                               f"for the one worth {d['got']} of {who('owner')}"),
    "reversed": lambda d, who: (f"{who()} reverses a card posed by "
                                f"{who('owner')}: {d['before']} becomes {d['after']}"),
    "halved": lambda d, who: (f"{who()} halves a card posed by "
                              f"{who('owner')}: {d['before']} becomes {d['after']}"),
    "paused": lambda d, who: (f"{who()} plays Pause: {who('paused')} "
                              "will skip their turn"),
    "discarded_two": lambda d, who: (f"{who()} discards {_cards(d, 'en')} and draws "
                                     "2 cards"),
    "pickpocket": lambda d, who: (f"{who()} picks the pocket of "
                                  f"{who('victim')}: they look at the hand and take "
                                  "a card"),
    "looked": lambda d, who: (f"Hand of {who('victim')}: "
                              f"{_hand(d, 'en') or 'empty'}"),
    "stole": lambda d, who: (f"{who()} steals {_card(d['card'], 'en')} from "
                             f"{who('victim')}"
                             + (" and plays it at once" if d.get("played") else " and keeps it")),
    "kept": lambda d, who: (f"{who()} keeps the card stolen from "
                            f"{who('victim')} and discards {_card(d['discarded'], 'en')}; "
                            f"{who('victim')} will draw a card"),
    "swapped_score": lambda d, who: (f"{who()} swaps scores with "
                                     f"{who('other')}: {d['before'][0]} against "
                                     f"{d['before'][1]} becomes {d['after'][0]} against "
                                     f"{d['after'][1]}"),
    "tsunami": lambda d, who: (f"{who()} unleashes a Tsunami: every other player loses "
                               "their highest posed Value card"),
    "tsunami_lost": lambda d, who: (f"{who('owner')} loses their posed "
                                    f"{_card(d['card'], 'en')} "
                                    f"({_points(d['value'], 'en')})"),
    "overshoot": lambda d, who: (f"Overshoot: {who.side()} "
                                 f"{'are' if who.many else 'is'} at "
                                 f"{d['score']} points, above the target; the posed cards are "
                                 f"discarded and the score restarts at {d['base']}"),
    "won": lambda d, who: f"Game over: the target of {d['score']} points is reached",
    "turn_limit": lambda d, who: f"Game over after {d['turns']} turns",
}


def describe_result(result: Result, lang: str = "fr", names: Sequence[str] | None = None) -> str:
    """Why a MIMIK game ended, with the scores: the exact target (MK-9) or the turn limit
    (MK-29). Seats are named by `names` when given, else said from 1, as in the room."""
    fr = lang != "en"
    scores = [int(s) for s in result.scores]
    teams = result.teams or tuple(range(len(scores)))
    sides: dict[int, list[int]] = {}
    for seat, team in enumerate(teams):
        sides.setdefault(team, []).append(seat)

    def who(seats: list[int]) -> str:
        return seat_names(seats, "fr" if fr else "en", names)

    def listing(seats_lists: list[list[int]]) -> str:
        colon = " : " if fr else ": "
        return ", ".join(f"{who(seats)}{colon}{scores[seats[0]]}" for seats in seats_lists)

    if result.reason == "turn_limit" or not result.winners:
        everyone = listing(list(sides.values()))
        if fr:
            return (f"Partie nulle : personne n'a atteint exactement la cible en 2 000 tours"
                    f" ; scores : {everyone}.")
        return (f"A draw: no one reached exactly the target in 2,000 turns; "
                f"scores: {everyone}.")
    winners = list(result.winners)
    target = scores[winners[0]]
    others = [seats for team, seats in sides.items() if team != teams[winners[0]]]
    rest = listing(others)
    name = who(winners)
    if fr:
        verb = "atteignent" if len(winners) > 1 else "atteint"
        return (f"{name[0].upper()}{name[1:]} {verb} exactement {target} points, la cible"
                f" ; {'les autres' if len(others) > 1 else 'l’autre'} : {rest}.")
    verb = "reach" if len(winners) > 1 else "reaches"
    return (f"{name[0].upper()}{name[1:]} {verb} exactly {target} points, the target; "
            f"{'the others' if len(others) > 1 else 'the other'}: {rest}.")


GAME = Mimik()
