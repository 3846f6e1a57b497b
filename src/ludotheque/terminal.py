"""Playing in the terminal: any mix of humans at one keyboard and bots, drawn with Rich."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table

from ludotheque.bots import Bot, make_bot
from ludotheque.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    NotationError,
    Options,
    State,
    derive_seed,
)
from ludotheque.core.record import Move, Record, record_of

HUMAN = "human"

TEXTS = {
    "fr": {
        "seat": "Joueur {n}",
        "pass_device": "Passez l'appareil au joueur {n}, puis appuyez sur Entrée.",
        "your_move": "Joueur {n}, votre choix (numéro ou notation, ? : la liste, q : quitter)",
        "illegal": "Refusé : {reason}",
        "bot_plays": "{name} (joueur {n}) joue {action}",
        "over": "Partie terminée : {detail}",
        "ranks": "Classement",
        "score": "score",
        "rank": "rang",
        "actions": "Choix possibles",
        "quit": "Partie abandonnée.",
        "saved": "Partie enregistrée dans {path}",
    },
    "en": {
        "seat": "Player {n}",
        "pass_device": "Pass the device to player {n}, then press Enter.",
        "your_move": "Player {n}, your choice (number or notation, ? for the list, q to quit)",
        "illegal": "Refused: {reason}",
        "bot_plays": "{name} (player {n}) plays {action}",
        "over": "Game over: {detail}",
        "ranks": "Ranking",
        "score": "score",
        "rank": "rank",
        "actions": "Possible choices",
        "quit": "Game abandoned.",
        "saved": "Game saved to {path}",
    },
}


@dataclass
class TerminalGame:
    game: Game
    seats: Sequence[str]  # "human" or a bot spec per seat
    seed: int
    options: Options
    lang: str = "fr"
    console: Console | None = None
    ask: Callable[[str], str] | None = None  # reads a line from the player (input by default)

    def t(self, key: str, **kw: object) -> str:
        return TEXTS.get(self.lang, TEXTS["en"])[key].format(**kw)

    def run(self) -> tuple[State, Record]:
        console = self.console or Console()
        ask = self.ask or (lambda prompt: console.input(f"[bold]{prompt}[/] > "))
        players = len(self.seats)
        bots: dict[int, Bot] = {
            s: make_bot(spec, derive_seed("terminal", self.seed, s))
            for s, spec in enumerate(self.seats) if spec != HUMAN
        }
        humans = [s for s, spec in enumerate(self.seats) if spec == HUMAN]
        state = self.game.new(self.seed, players, self.options)
        moves: list[Move] = []
        log: list[Event] = []
        last_human: int | None = None
        while not state.is_over():
            seat = state.to_act()[0]
            if seat in bots:
                action = bots[seat].choose(state, seat)
                console.print(self.t("bot_plays", name=self.seats[seat], n=seat + 1,
                                     action=action.text()))
            else:
                if (len(humans) > 1 and state.hides_information()
                        and last_human not in (None, seat)):
                    console.clear()
                    ask(self.t("pass_device", n=seat + 1))
                last_human = seat
                self.show(console, state, seat, log)
                chosen = self.read_action(console, ask, state, seat)
                if chosen is None:
                    console.print(self.t("quit"))
                    break
                action = chosen
            events = state.apply(seat, action)
            moves.append(Move(seat, action.text()))
            log.extend(events)
            for e in events:
                if e.to is None or (len(humans) <= 1 and set(e.to) & set(humans)):
                    console.print(f"  · {self.game.describe(e, self.lang)}")
        if state.is_over():
            self.show_result(console, state)
        record = record_of(self.game, self.seed, players, self.options.model_dump(mode="json"),
                           moves, state, [{"kind": s} for s in self.seats])
        return state, record

    def show(self, console: Console, state: State, seat: int, log: list[Event]) -> None:
        console.print(Rule(self.t("seat", n=seat + 1)))
        console.print(self.game.render(state.view(seat), seat, self.lang))
        recent = [e for e in log if e.visible_to(seat)][-6:]
        if recent:
            console.print(Panel("\n".join(self.game.describe(e, self.lang) for e in recent),
                                title="…", expand=False))

    def read_action(self, console: Console, ask: Callable[[str], str], state: State,
                    seat: int) -> Action | None:
        legal = state.legal_actions(seat)
        self.list_actions(console, legal)
        while True:
            try:
                line = ask(self.t("your_move", n=seat + 1)).strip()
            except EOFError:
                return None
            if line in ("q", "quit", "quitter"):
                return None
            if line in ("?", ""):
                self.list_actions(console, legal)
                continue
            try:
                action = legal[int(line) - 1] if line.isdigit() else self.game.parse(line)
                reason = state.why_illegal(seat, action)
                if reason is not None:
                    raise IllegalAction(reason)
                return action
            except IndexError:
                console.print(self.t("illegal", reason=f"no choice number {line}"))
            except NotationError as exc:
                console.print(self.t("illegal", reason=str(exc)))
            except IllegalAction as exc:
                console.print(self.t("illegal", reason=exc.reason))

    def list_actions(self, console: Console, legal: Sequence[Action]) -> None:
        texts = [a.text() for a in legal]
        width = max((len(t) for t in texts), default=0) + 6
        columns = max(1, min(6, (console.width or 80) // max(width, 1)))
        table = Table.grid(padding=(0, 2))
        for _ in range(columns):
            table.add_column()
        cells = [f"[cyan]{i}[/] {t}" for i, t in enumerate(texts, start=1)]
        for row in range(0, len(cells), columns):
            table.add_row(*cells[row:row + columns])
        console.print(Panel(table, title=self.t("actions"), expand=False))

    def show_result(self, console: Console, state: State) -> None:
        result = state.result()
        assert result is not None
        console.print(Rule(self.t("over", detail=result.detail or result.reason)))
        table = Table(title=self.t("ranks"))
        table.add_column(self.t("rank"))
        table.add_column("")
        table.add_column(self.t("score"))
        for s in sorted(range(len(result.ranks)), key=lambda s: result.ranks[s]):
            table.add_row(str(result.ranks[s] + 1), f"{self.t('seat', n=s + 1)} "
                          f"({self.seats[s]})", f"{result.scores[s]:g}")
        console.print(table)
