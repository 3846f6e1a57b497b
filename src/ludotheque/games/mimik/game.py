"""The MIMIK game object: options, setups, notation, event texts, rendering, evaluation."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from ludotheque.core.errors import OptionsError
from ludotheque.core.game import JSON, Action, Config, Event, Game, Options, Seat, State

from .cards import load_cards
from .notation import parse
from .rules import MimikState


class MimikOptions(Options):
    """MK-4: target 50 (standard), 30 (Express) or 75 (Hardcore); Team; Beginner."""

    target: Literal[50, 30, 75] = 50
    team: bool = False
    beginner: bool = False


class Mimik(Game):
    id = "mimik"
    title = "MIMIK"
    version = "1"
    min_players = 2
    max_players = 8
    options_type = MimikOptions
    state_type: ClassVar[type[State]] = MimikState
    hidden_information = True
    step_limit = 20_000  # MK-29 ends a game at 2,000 turns, at most a few actions each

    def validate(self, players: int, options: Options) -> None:
        assert isinstance(options, MimikOptions)
        if options.team and (players < 4 or players % 2):
            raise OptionsError(
                f"MIMIK: Team mode is played in teams of 2, by 4, 6 or 8 players, "
                f"not {players} (MK-4)")

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, MimikOptions)
        deck = load_cards().deck(options.beginner)
        return MimikState.new(seed, players, options.target, options.team, options.beginner,
                              deck)

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

    def describe(self, event: Event, lang: str = "fr") -> str:
        texts = _FR if lang != "en" else _EN
        say = texts.get(event.kind)
        if say is None:
            return super().describe(event, lang)
        line = say(dict(event.data))
        if event.ruling:
            line += f" ({event.ruling})"
        return line

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


def _seat(data: Mapping[str, Any], key: str = "seat", lang: str = "fr") -> str:
    return f"{'siège' if lang == 'fr' else 'seat'} {data.get(key)}"


def _cards(data: Mapping[str, Any]) -> str:
    return " et ".join(str(c) for c in data.get("cards", []))


Say = Callable[[dict[str, Any]], str]

_FR: dict[str, Say] = {
    "turn": lambda d: f"Tour {d['turn']} : au {_seat(d)} de jouer",
    "skipped": lambda d: f"Le {_seat(d)} saute son tour (Pause)",
    "no_card": lambda d: f"Le {_seat(d)} n'a aucune carte et passe",
    "draw": lambda d: f"Le {_seat(d)} pioche {d['cards']} carte(s)",
    "drew": lambda d: f"Vous piochez : {d['card']}",
    "reshuffled": lambda d: f"La défausse est mélangée et forme la pioche ({d['cards']} cartes)",
    "mimik_returned": lambda d: "Un second MIMIK retourne dans la pioche, vous repiochez",
    "discarded": lambda d: f"Le {_seat(d)} défausse {d['card']}",
    "posed": lambda d: f"Le {_seat(d)} pose {d['card']} (valeur {d['value']})",
    "copied": lambda d: (f"Le {_seat(d)} pose un MIMIK qui copie {d['card']}"
                         + (f" (valeur {d['value']})" if d.get("value") is not None else "")),
    "sabotaged": lambda d: (f"Le {_seat(d)} sabote la carte {d['index']} du "
                            f"{_seat(d, 'owner')} ({d['card']}, valeur {d['value']})"),
    "swapped": lambda d: (f"Le {_seat(d)} échange sa carte {d['mine']} (valeur {d['gave']}) "
                          f"contre la carte {d['index']} du {_seat(d, 'owner')} "
                          f"(valeur {d['got']})"),
    "reversed": lambda d: (f"Le {_seat(d)} inverse la carte {d['index']} du "
                           f"{_seat(d, 'owner')} : {d['before']} devient {d['after']}"),
    "halved": lambda d: (f"Le {_seat(d)} divise par 2 la carte {d['index']} du "
                         f"{_seat(d, 'owner')} : {d['before']} devient {d['after']}"),
    "paused": lambda d: f"Le {_seat(d)} joue Pause : le {_seat(d, 'paused')} sautera son tour",
    "discarded_two": lambda d: f"Le {_seat(d)} défausse {_cards(d)} et pioche 2 cartes",
    "pickpocket": lambda d: f"Le {_seat(d)} fait les poches du {_seat(d, 'victim')}",
    "looked": lambda d: f"Main du {_seat(d, 'victim')} : {', '.join(d['hand']) or 'vide'}",
    "stole": lambda d: (f"Le {_seat(d)} prend {d['card']} au {_seat(d, 'victim')}"
                        + (" et la joue" if d.get("played") else " et la garde")),
    "kept": lambda d: (f"Le {_seat(d)} garde la carte volée et défausse {d['discarded']}"),
    "swapped_score": lambda d: (f"Le {_seat(d)} échange son score avec le "
                                f"{_seat(d, 'other')} : {d['before'][0]}/{d['before'][1]} "
                                f"devient {d['after'][0]}/{d['after'][1]}"),
    "tsunami": lambda d: f"Le {_seat(d)} déclenche un Tsunami",
    "tsunami_lost": lambda d: (f"Le {_seat(d, 'owner')} perd sa carte {d['index']} "
                               f"({d['card']}, valeur {d['value']})"),
    "overshoot": lambda d: (f"Dépassement : {d['score']} points, les cartes posées sont "
                            f"défaussées ({_seat(d)}), le score repart à {d['base']}"),
    "won": lambda d: f"Le {_seat(d)} atteint exactement {d['score']} points et gagne !",
    "turn_limit": lambda d: f"Partie nulle après {d['turns']} tours",
}

_EN: dict[str, Say] = {
    "turn": lambda d: f"Turn {d['turn']}: {_seat(d, lang='en')} to play",
    "skipped": lambda d: f"{_seat(d, lang='en')} skips this turn (Pause)",
    "no_card": lambda d: f"{_seat(d, lang='en')} has no card and passes",
    "draw": lambda d: f"{_seat(d, lang='en')} draws {d['cards']} card(s)",
    "drew": lambda d: f"You draw: {d['card']}",
    "reshuffled": lambda d: f"The discard pile is shuffled into a new draw pile ({d['cards']})",
    "mimik_returned": lambda d: "A second MIMIK goes back into the draw pile; you draw again",
    "discarded": lambda d: f"{_seat(d, lang='en')} discards {d['card']}",
    "posed": lambda d: f"{_seat(d, lang='en')} poses {d['card']} (value {d['value']})",
    "copied": lambda d: (f"{_seat(d, lang='en')} poses a MIMIK copying {d['card']}"
                         + (f" (value {d['value']})" if d.get("value") is not None else "")),
    "sabotaged": lambda d: (f"{_seat(d, lang='en')} sabotages card {d['index']} of "
                            f"{_seat(d, 'owner', 'en')} ({d['card']}, value {d['value']})"),
    "swapped": lambda d: (f"{_seat(d, lang='en')} swaps their card {d['mine']} (value "
                          f"{d['gave']}) with card {d['index']} of {_seat(d, 'owner', 'en')} "
                          f"(value {d['got']})"),
    "reversed": lambda d: (f"{_seat(d, lang='en')} reverses card {d['index']} of "
                           f"{_seat(d, 'owner', 'en')}: {d['before']} becomes {d['after']}"),
    "halved": lambda d: (f"{_seat(d, lang='en')} halves card {d['index']} of "
                         f"{_seat(d, 'owner', 'en')}: {d['before']} becomes {d['after']}"),
    "paused": lambda d: (f"{_seat(d, lang='en')} plays Pause: {_seat(d, 'paused', 'en')} "
                         "will skip their turn"),
    "discarded_two": lambda d: (f"{_seat(d, lang='en')} discards "
                                f"{' and '.join(d['cards'])} and draws 2 cards"),
    "pickpocket": lambda d: f"{_seat(d, lang='en')} picks the pocket of "
                            f"{_seat(d, 'victim', 'en')}",
    "looked": lambda d: (f"Hand of {_seat(d, 'victim', 'en')}: "
                         f"{', '.join(d['hand']) or 'empty'}"),
    "stole": lambda d: (f"{_seat(d, lang='en')} takes {d['card']} from "
                        f"{_seat(d, 'victim', 'en')}"
                        + (" and plays it" if d.get("played") else " and keeps it")),
    "kept": lambda d: (f"{_seat(d, lang='en')} keeps the stolen card and discards "
                       f"{d['discarded']}"),
    "swapped_score": lambda d: (f"{_seat(d, lang='en')} swaps scores with "
                                f"{_seat(d, 'other', 'en')}: {d['before'][0]}/"
                                f"{d['before'][1]} becomes {d['after'][0]}/{d['after'][1]}"),
    "tsunami": lambda d: f"{_seat(d, lang='en')} unleashes a Tsunami",
    "tsunami_lost": lambda d: (f"{_seat(d, 'owner', 'en')} loses card {d['index']} "
                               f"({d['card']}, value {d['value']})"),
    "overshoot": lambda d: (f"Overshoot: {d['score']} points, the posed cards are discarded "
                            f"({_seat(d, lang='en')}), the score restarts at {d['base']}"),
    "won": lambda d: f"{_seat(d, lang='en')} reaches exactly {d['score']} points and wins!",
    "turn_limit": lambda d: f"A draw after {d['turns']} turns",
}


GAME = Mimik()
