"""The end of a game is said once (issue 20, point 9): who won and why, in the room's end
panel; the games' own screens keep their final figures under a neutral heading, their end
moments are gone, the log's end line names no winner, and no toast covers the panel."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ..server.live import LiveServer, Player
from .helpers import Frames

# Each game's end event, as the log marks it (data-kind) and the game's own end panel.
ENDS = {
    "mitix": ({"end"}, "mx-end"),
    "mitan": ({"end"}, "mitan-end"),
    "diamagique": ({"fin"}, "dg-end"),
    "mindbug": ({"game_over"}, "mb-prompt"),
    "mimik": ({"won", "turn_limit"}, "mimik"),
}
WON = {"fr": re.compile(r"gagn|victoire|l'emporte|remporte", re.IGNORECASE),
       "en": re.compile(r"\bwins?\b|\bwon\b|victory", re.IGNORECASE)}

# The innermost visible elements whose text holds `needle` (an element whose child holds it
# too is not counted: the child is where it is written).
HOLDERS = """(needle) => {
  const seen = (e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const all = [...document.body.querySelectorAll("*")].filter(
    (e) => seen(e) && e.innerText && e.innerText.includes(needle));
  return all.filter((e) => !all.some((o) => o !== e && e.contains(o)))
    .map((e) => e.id || e.dataset.testid || e.className || e.tagName);
}"""

# Whether each line of the end panel is on top where it is drawn (no toast over it).
UNCOVERED = """() => ["end-winners", "end-why"].map((id) => {
  const box = document.getElementById(id).getBoundingClientRect();
  const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return Boolean(top && document.getElementById("end").contains(top));
})"""


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("kind", sorted(ENDS))
def test_the_result_is_said_once_in_the_end_panel(kind: str, lang: str, site: LiveServer,
                                                   contexts: Callable[[], Any]) -> None:
    owner = Player(site).guest(f"Hôte {kind}")
    try:
        gid = owner.new_game(["bot:random", "bot:random"], kind=kind)
    finally:
        owner.close()
    # A spectator from the start: the last moments of the game reach their page live.
    context = contexts()
    context.add_cookies([{"name": "lang", "value": lang, "url": site.url}])
    page: Page = context.new_page()
    frames = Frames(page)
    page.goto(f"/g/{gid}")
    assert page.locator("html").get_attribute("lang") == lang
    end = page.get_by_test_id("end")
    expect(end).to_be_visible(timeout=120_000)
    result = next(m["result"] for m in reversed(frames.messages())
                  if m.get("type") == "state" and m.get("result"))
    sentence = str(result["text"])
    assert sentence
    said_now = page.evaluate(HOLDERS, sentence)
    assert said_now == ["end-why"], f"the result is written in {said_now}"
    assert page.evaluate(UNCOVERED) == [True, True]
    winners = page.get_by_test_id("end-winners").inner_text()
    assert page.evaluate(HOLDERS, winners) == ["end-winners"]
    # The game's own end panel keeps its figures, without the winner.
    own = page.get_by_test_id(ENDS[kind][1])
    expect(own).to_be_visible()
    assert not WON[lang].search(own.inner_text()), own.inner_text()
    # The log's end line: the final count, no winner.
    kinds = ", ".join(f'#log .event[data-kind="{k}"]' for k in ENDS[kind][0])
    for line in page.locator(kinds).all_inner_texts():
        assert not WON[lang].search(line), line
    # As it stays, once the moments have faded, and for a reader who comes afterwards.
    page.wait_for_timeout(3500)
    assert page.evaluate(HOLDERS, sentence) == ["end-why"]
    assert page.evaluate(UNCOVERED) == [True, True]
    page.reload()
    expect(end).to_be_visible()
    assert page.evaluate(HOLDERS, sentence) == ["end-why"]
    assert page.evaluate(HOLDERS, winners) == ["end-winners"]
