"""The new-game form for a newcomer (issue #20, point 2): its plain "Créer la partie" gives a
game against Bot Moyen in the mode with decisions (MiTiX: FaMiX vs FaMiX); the engine's
fields (paquets, start position, the other engines) wait behind "Options avancées"."""

from __future__ import annotations

import html
import re

from ludotheque.store import Store

from .live import LiveServer, Player


def form_of(page: str) -> tuple[str, str]:
    """The form's visible part and its "Options avancées" part."""
    start = page.index('<details class="advanced"')
    end = page.index("</details>", start)
    return page[:start] + page[end:], page[start:end]


def test_the_form_starts_on_bot_moyen_and_famix_with_engine_fields_folded(
        server: LiveServer, people: list[Player]) -> None:
    alice = people[0]
    page = html.unescape(alice.http.get("/new/mitix").text)
    shown, advanced = form_of(page)
    # The second seat: Bot Moyen, selected; the other engines are not in the seat's list.
    seat = re.search(r'<select name="seat_1".*?</select>', shown, re.S)
    assert seat is not None
    assert re.search(r'<option value="bot:moyen" selected>', seat.group(0))
    assert "bot:random" not in shown and 'value="random"' in advanced
    # The mode with decisions is chosen; the start position is advanced; paquets are each
    # seat's own choice beside the seat (issue 22), a ready-made one by default.
    assert re.search(r'<option value="famix" selected>', shown)
    assert 'name="opt_position"' in advanced and 'name="opt_position"' not in shown
    assert 'name="opt_paquets"' not in page and 'name="deck_1"' in shown
    assert "<details class=\"advanced\" data-testid=\"advanced\">" in page  # closed


def test_an_engine_under_advanced_takes_the_seat_and_an_unknown_one_is_refused(
        server: LiveServer, people: list[Player]) -> None:
    alice = people[0]
    data = {"players": "2", "seat_0": "me", "seat_1": "bot:moyen", "engine_1": "random",
            "opt_mode": "famix", "public": "on"}
    r = alice.http.post("/new/mitix", data=data)
    assert r.status_code == 303, r.text
    gid = r.headers["location"].rsplit("/", 1)[1]
    store = Store(server.db_url)
    try:
        row = store.game(gid)
        assert row is not None
        assert row.seats[1]["bot"] == "random" and row.options["mode"] == "famix"
    finally:
        store.close()
    before = alice.http.get("/").text.count("/g/")
    bad = alice.http.post("/new/mitix", data={**data, "engine_1": "nope"})
    assert bad.status_code == 400 and 'data-testid="form-error"' in bad.text
    assert alice.http.get("/").text.count("/g/") == before  # nothing was created
