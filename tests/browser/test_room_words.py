"""What the room and the replay say, in the reader's language (a UX audit's findings): the
log and the replay tell each move in the game's own words (the engine's notation only as a
small code element), the end banner is two lines, a game without a time control shows no
clock, an online game waiting for a player shows no board inviting moves, and the seats are
named alike everywhere."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .helpers import as_guest, create

pytestmark = pytest.mark.browser

WORDS = {
    "fr": {"bot": "Robot Hasard", "notation": "Le coup en notation",
           "lost": "Vous avez perdu.", "winner": "Victoire : Robot Hasard",
           "mover": "Joué par Robot Hasard", "first": "⇤ Début", "last": "Fin ⇥"},
    "en": {"bot": "Bot Random", "notation": "The move in notation",
           "lost": "You lost.", "winner": "Winner: Bot Random",
           "mover": "Played by Bot Random", "first": "⇤ Start", "last": "End ⇥"},
}
SEATS = {"fr": ["Joueur 1 : Robot Hasard", "Joueur 2 : Amélie"],
         "en": ["Player 1: Bot Random", "Player 2: Amélie"]}
# Words of the engine's notation that a reader must not meet outside the notation itself
# (and in French, MIMIK's English card names).
NOTATION = re.compile(r"\b(play|decline|mindbug|attack|block|noblock|discard)\b|#\d|MIMIK = ")
ENGLISH_CARDS = re.compile(r"\b(Discard x2|Swap|Half|Reverse)\b")


def raw(text: str, lang: str) -> re.Match[str] | None:
    return NOTATION.search(text) or (ENGLISH_CARDS.search(text) if lang == "fr" else None)


def resign(page: Page) -> None:
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_test_id("resign").click()


@pytest.mark.parametrize("game", ["mindbug", "mimik"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_log_the_end_banner_and_the_replay_speak_the_readers_words(
        contexts: Callable[[], Any], game: str, lang: str) -> None:
    words = WORDS[lang]
    page = as_guest(contexts(), "Amélie")
    if lang == "en":
        page.locator("a[data-lang=en]").click()
    gid = create(page, ["bot:random", "me"], game=game, setup="2p")
    # Someone moves first (maybe this page: MB-4, MK-2): the log says who moved, then the
    # move in the game's words.
    page.wait_for_function("() => document.querySelector('#log > li') || "
                           "document.querySelector('.mb-card.mb-legal') || "
                           "document.querySelector('.mk-all [data-action]')")
    if not page.locator("#log > li").count():
        if game == "mindbug":
            page.locator(".mb-card.mb-legal").first.click()
            page.get_by_test_id("mb-confirm").first.click()
        else:  # MIMIK: the screen's list of every legal action in words
            page.locator(".mk-all summary").click()
            page.locator(".mk-all [data-action]").first.click()
    first = page.locator("#log > li").last
    expect(first.locator(".who")).not_to_have_text("")
    seat = int(first.locator(".step").get_attribute("data-seat") or "")
    mover = words["bot"] if seat == 0 else "Amélie"
    expect(first.locator(".who")).to_have_text(f"1. {mover}")
    action = first.locator(".notation code").inner_text()
    said = first.locator(".event").first.inner_text()
    assert action.strip() and action != said, action  # the notation, kept for power users...
    expect(first.locator(".notation code")).to_have_attribute("title", words["notation"])
    assert said.startswith(f"{mover} "), said  # ... the move said in words, by its player's name
    assert not raw(said, lang) and "siège" not in said and "Seat" not in said, said
    # No time control: no clock placeholder on the seats.
    expect(page.locator("#seats li")).to_have_count(2)
    expect(page.locator("#seats time")).to_have_count(0)

    resign(page)
    # The end banner: the player's verdict and the winner, on two lines.
    expect(page.get_by_test_id("end-verdict")).to_have_text(words["lost"])
    lines = page.get_by_test_id("end-winners").inner_text().splitlines()
    assert lines == [words["lost"], words["winner"]], lines

    page.goto(f"/g/{gid}/replay?step=1")
    expect(page.get_by_test_id("mover")).to_have_text(words["mover"].replace(words["bot"], mover))
    expect(page.get_by_test_id("events").locator("li").first).to_have_text(said)
    expect(page.get_by_test_id("notation")).to_have_text(action)
    expect(page.get_by_test_id("notation")).to_have_attribute("title", words["notation"])
    assert page.get_by_test_id("replay-seats").locator("li").all_inner_texts() == SEATS[lang]
    expect(page.get_by_test_id("first")).to_have_text(words["first"])
    expect(page.get_by_test_id("last")).to_have_text(words["last"])
    expect(page.get_by_test_id("result")).to_contain_text(words["winner"])
    readable = page.locator("main").evaluate(
        "m => { const c = m.cloneNode(true); c.querySelectorAll('code, script, #board')"
        ".forEach(e => e.remove()); return c.innerText; }")
    assert not raw(readable, lang), readable


def test_an_online_game_waiting_for_its_player_invites_no_move(
        contexts: Callable[[], Any]) -> None:
    amelie = as_guest(contexts(), "Amélie")
    gid = create(amelie, ["me", "open"], game="mindbug", setup="2p")
    bruno = as_guest(contexts(), "Bruno", start=f"/g/{gid}")
    bruno.goto(f"/g/{gid}")
    for page in (amelie, bruno):
        # Waiting: the panel says so and names the free seat; no board, nobody to act.
        expect(page.get_by_test_id("waiting")).to_be_visible()
        expect(page.get_by_test_id("waiting")).to_contain_text("Encore libre : Joueur 2")
        # The host is asked to share the link; the visitor is offered the free seat.
        expect(page.get_by_test_id("status")).to_contain_text(
            "En attente de joueurs" if page is amelie else "Une place est libre")
        expect(page.get_by_test_id("board")).to_be_hidden()
        expect(page.locator("#seats li.acting")).to_have_count(0)
        expect(page.get_by_test_id("seats")).not_to_contain_text("à jouer")
    bruno.get_by_test_id("sit-1").click()
    for page in (amelie, bruno):
        expect(page.get_by_test_id("waiting")).to_be_hidden()
        expect(page.get_by_test_id("board")).to_be_visible()
        expect(page.locator("#seats li.acting")).to_have_count(1)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_scripts_words_agree_with_numbers_and_names(
        contexts: Callable[[], Any], lang: str) -> None:
    # The pages' t(): a key with _one/_other forms agrees with its number as the server's
    # is_one does (French: 0 and 1 singular), and in French "de"/"à" before a name elide
    # and contract as core.french_de / french_a write them.
    context = contexts()
    page = context.new_page()
    page.goto("/")
    if lang == "en":
        page.get_by_role("link", name="English").click()
    said = page.evaluate("""async () => {
        const { t } = await import("/static/js/i18n.js");
        return [0, 1, 2].map((n) => t("daily.playing", { n }))
          .concat(["Alice", "Bob", "Yann"].map((name) => t("room.clock", { name })))
          .concat([t("room.pass_device", { name: "Le tuteur" })]);
    }""")
    if lang == "fr":
        assert said == ["0 partie en cours", "1 partie en cours", "2 parties en cours",
                        "Pendule d'Alice", "Pendule de Bob", "Pendule de Yann",
                        "Passez l'appareil au tuteur."]
    else:
        assert said == ["0 games in progress", "1 game in progress", "2 games in progress",
                        "Alice's clock", "Bob's clock", "Yann's clock",
                        "Pass the device to Le tuteur."]
