"""Screenshots of each game's room at a laptop's size (1366x768) and a phone's (390x844),
written to docs/screens/ and listed in docs/screens/README.md, with the page height measured
against the window's (issue #20: a room fits the window; on a phone the prompt and the hand
stay on screen).

    PYTHONPATH=src python bench/screens.py [--out docs/screens] [--games mitix,mindbug]

Starts its own server (a throw-away SQLite file) and Debian's Chromium, plays each game
against a random bot until it is the player's turn, and prints one line per screen:
game, size, page height, window height, and whether the prompt and the hand are in view.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.room_fit import GAMES, SIZES, fit, open_room  # noqa: E402
from tests.server.live import LiveServer  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screens")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--full", action="store_true", help="whole pages, not the window")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    from tests.browser.conftest import ARGS, CHROMIUM

    args.out.mkdir(parents=True, exist_ok=True)
    shots: list[tuple[str, str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        site = LiveServer(Path(tmp) / "site.sqlite3").start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
                for game in args.games.split(","):
                    for size, (width, height) in SIZES.items():
                        context = browser.new_context(base_url=site.url,
                                                      viewport={"width": width, "height": height})
                        context.set_default_timeout(20_000)
                        page = open_room(context, game)
                        measured = fit(page)
                        name = f"room-{game}-{size}.png"
                        small(page.screenshot(type="png", full_page=args.full),
                              args.out / name)
                        print(f"{game:11} {size:6} page {measured['page']:5} window "
                              f"{measured['window']:4} below the fold {measured['hidden']:4} "
                              f"prompt in view {measured['prompt']} "
                              f"hand in view {measured['hand']}", flush=True)
                        shots.append((game, size, name))
                        zoomed = zoom(page)
                        if zoomed is not None:
                            name = f"room-{game}-{size}-zoom.png"
                            small(zoomed, args.out / name)
                            shots.append((game, f"{size}-zoom", name))
                        context.close()
                browser.close()
        finally:
            site.stop()
    write_readme(args.out, shots)


def zoom(page: Any) -> bytes | None:
    """The room with its first card shown large (the card zoom's magnifier, issue #20)."""
    buttons = page.locator("[data-testid=card-zoom-button]:visible")
    if buttons.count() == 0:
        return None
    buttons.first.click()
    page.locator("[data-testid=card-zoom]").wait_for(state="visible")
    page.wait_for_timeout(300)
    shot: bytes = page.screenshot(type="png")
    page.keyboard.press("Escape")
    return shot


def small(png: bytes, path: Path) -> None:
    """A screenshot in 256 colours (Pillow): under 150 KB, for the repository."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    image = image.quantize(colors=256, dither=Image.Dither.NONE)
    image.save(path, optimize=True)


def write_readme(out: Path, shots: list[tuple[str, str, str]]) -> None:
    """The README's first part, the rooms' table; what follows its first "## " heading
    (pages, drawings, written by other tools) stays as it is."""
    readme = out / "README.md"
    kept = ""
    if readme.is_file():
        text = readme.read_text(encoding="utf-8")
        at = text.find("\n## ")
        kept = text[at:] if at >= 0 else ""
    columns = [(size, f"{size} ({w}x{h})") for size, (w, h) in SIZES.items()]
    columns += [(f"{size}-zoom", f"a card shown large, {size}") for size in SIZES]
    head = ("# Screens\n\nThe game rooms as a player sees them, written by `bench/screens.py` "
            "(a game against a random bot, on the player's turn), and the same room with its "
            "first card shown large (the card zoom: the magnifier, a long press or a right "
            "click on any card). `laptop` is a 1366x768 window, `phone` a 390x844 one; the "
            "browser tests (tests/browser/test_room_layout.py, test_card_text.py, "
            "test_card_zoom.py) check that a room fits the laptop's window, that no text in it "
            "is under 11 px there, and that the prompt and the hand stay in view on the "
            "phone.\n\n"
            "| game | " + " | ".join(title for _, title in columns) + " |\n"
            "|---|" + "---|" * len(columns) + "\n")
    by_game: dict[str, dict[str, str]] = {}
    for game, size, name in shots:
        by_game.setdefault(game, {})[size] = name
    rows = "".join(
        f"| {game} | " + " | ".join(f"![{game} {size}]({names[size]})" if size in names else ""
                                     for size, _ in columns) + " |\n"
        for game, names in by_game.items())
    others = sorted(p.name for p in out.glob("*.md") if p.name != "README.md")
    tail = ("\nThe games' own notes on their screens: "
            + ", ".join(f"[{n}]({n})" for n in others) + ".\n") if others else ""
    readme.write_text(head + rows + tail + kept, encoding="utf-8")


if __name__ == "__main__":
    main()
