"""describe() in French and English, the terminal board, the heuristic, configs."""

from __future__ import annotations

from rich.console import Console

from ludotheque.core.game import Event
from ludotheque.core.rng import Rng, derive_seed
from ludotheque.games.mitan import GAME, MitanState

from .helpers import play, position


def all_events(seed: int, placement: str = "open") -> tuple[MitanState, list[Event]]:
    state = GAME.new(seed, 2, {"placement": placement})
    assert isinstance(state, MitanState)
    rng = Rng(seed)
    events: list[Event] = []
    while not state.is_over():
        seat = state.to_act()[0]
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, events


def test_every_event_of_whole_games_is_described_in_french_and_english() -> None:
    kinds = set()
    for seed in range(8):
        _, events = all_events(seed, "hidden" if seed % 2 else "open")
        events += play(position({"e5": "B", "e7": "l", "a9": "f", "g5": "A", "g7": "f"}),
                       "Be5>e7", "Fa9-a8", "Ag5*g7")
        for e in events:
            kinds.add(e.kind)
            fr, en = GAME.describe(e, "fr"), GAME.describe(e, "en")
            assert fr and en and "(" not in fr[:3]
            assert not fr.startswith(e.kind + "(") and not en.startswith(e.kind + "(")
    assert {"pick", "place", "battle", "move", "capture", "end", "push", "shot"} <= kinds


def test_describe_says_the_end_in_the_games_words() -> None:
    state = position({"e5": "L", "e7": "c", "a9": "f"})
    events = play(state, "Le5xe7")
    # The end's line: the centre points, not the winner (the end panel says it, issue 20).
    assert GAME.describe(events[-1]) == "Fin de la partie, points de centre 0-0"
    assert GAME.describe(events[-1], "en") == "Game over, centre points 0-0"
    assert "Blancs" in GAME.describe_result(state.result(), "fr")  # type: ignore[arg-type]
    assert GAME.describe(events[0]) == "Blancs : Lancier de e5 prend le Chef en e7"


def test_sides_keep_their_colours_when_the_names_are_given() -> None:
    # Mitan's texts name the sides by colour, as the board and the rules do: names or not.
    names = ["Alice", "Bob"]
    state = position({"e5": "L", "e7": "c", "a9": "f"})
    events = play(state, "Le5xe7")
    result = state.result()
    assert result is not None
    for lang in ("fr", "en"):
        for e in events:
            assert GAME.describe(e, lang, names) == GAME.describe(e, lang)
        assert GAME.describe_result(result, lang, names) == GAME.describe_result(result, lang)
    assert GAME.describe(events[-1], "fr", names) == "Fin de la partie, points de centre 0-0"
    assert "Blancs" in GAME.describe_result(result, "fr", names)
    assert "White" in GAME.describe_result(result, "en", names)


def test_render_shows_the_mitans_pieces_last_move_and_targets() -> None:
    state = position({"e4": "L", "e7": "f"}, turn="w")
    play(state, "Le4-e3", "Fe7-e6")
    view = state.view(0)
    view["selected"] = "e3"
    console = Console(width=100, record=True, color_system=None)
    console.print(GAME.render(view, 0, "fr"))
    text = console.export_text()
    assert text.count("◆") == 3  # the three Mitans (none occupied)
    assert "Dernier coup: Fe7-e6" in text
    assert "Cibles de e3:" in text and "e4 e5" in text
    console = Console(width=100, record=True, color_system=None)
    console.print(GAME.render(state.view(None), None, "en"))
    assert "Last move: Fe7-e6" in console.export_text()


def test_render_during_hidden_placement_hides_the_other_army() -> None:
    fresh = GAME.new(3, 2, {"placement": "hidden"})
    assert isinstance(fresh, MitanState)
    while fresh.phase == 0:
        seat = fresh.to_act()[0]
        fresh.apply(seat, fresh.legal_actions(seat)[0])
    fresh.apply(1, fresh.legal_actions(1)[0])
    console = Console(width=100, record=True, color_system=None)
    console.print(GAME.render(fresh.view(0), 0, "fr"))
    assert "Réserve Noirs: cachée" in console.export_text()


def test_heuristic_is_in_range_and_prefers_material_and_centre() -> None:
    for seed in range(3):
        state = GAME.new(seed)
        rng = Rng(seed)
        while not state.is_over():
            for seat in (0, 1):
                h = GAME.heuristic(state, seat)
                assert h is not None and -1.0 <= h <= 1.0
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    ahead = position({"e5": "L", "c5": "F", "a9": "f"})
    behind = position({"a9": "f", "b9": "l", "c9": "l"})
    assert GAME.heuristic(ahead, 0) > 0 > GAME.heuristic(behind, 0)  # type: ignore[operator]
    won = position({"e5": "L", "e7": "c", "a9": "f"})
    play(won, "Le5xe7")
    assert GAME.heuristic(won, 0) == 1.0 and GAME.heuristic(won, 1) == -1.0


def test_configs_cover_open_and_hidden_placement() -> None:
    labels = {c.label: c.options.model_dump() for c in GAME.configs()}
    assert labels == {"open": {"placement": "open"}, "hidden": {"placement": "hidden"}}


def test_mt24_a_daily_seed_gives_everyone_the_same_market() -> None:
    # Pins MT-24.
    seed = derive_seed("mitan", "2026-12-02")
    assert GAME.new(seed).view(None)["market"] == GAME.new(seed).view(0)["market"]
    assert GAME.new(seed).view(None)["market"] == GAME.new(seed).view(1)["market"]


def test_rules_summaries_exist_in_both_languages() -> None:
    assert "Mitan" in GAME.rules("fr") and "MT-18" in GAME.rules("fr")
    assert "Mitan" in GAME.rules("en") and "MT-18" in GAME.rules("en")


def test_the_python_example_of_the_rules_page_runs(capsys: object) -> None:
    from pathlib import Path

    page = Path(__file__).resolve().parents[3] / "docs" / "rules" / "mitan.md"
    code = page.read_text(encoding="utf-8").split("```python\n")[1].split("```")[0]
    exec(compile(code, str(page), "exec"), {})
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert out.strip() == "f3c4/9/9/9/4L4/9/9/9/4C4 b 1 0,0 0,0"
