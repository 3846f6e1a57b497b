"""An account's sound in the room (issue 20, point 8): off by default, kept with the account,
changed by a CSRF-checked post; a guest's stays in their browser. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from ludotheque.server.preferences import SOUND_URL

from .live import LiveServer, Player
from .postgres import Postgres


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def site(request: pytest.FixtureRequest,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    if request.param == "sqlite":
        yield request.getfixturevalue("server")
        return
    postgres = Postgres().start()
    live = LiveServer(postgres.create_database("sound"), bot_workers=1,
                      log=tmp_path_factory.mktemp("pg") / "site.log").start()
    try:
        yield live
    finally:
        live.stop()
        postgres.stop()


def room_data(player: Player, gid: str) -> dict[str, object]:
    page = player.http.get(f"/g/{gid}")
    assert page.status_code == 200
    found = re.search(r'<script type="application/json" id="room-data">(.*?)</script>',
                      page.text, flags=re.S)
    assert found is not None
    data = json.loads(found.group(1))
    assert isinstance(data, dict)
    return data


def account(site: LiveServer, name: str) -> Player:
    person = Player(site)
    r = person.http.post("/register", data={"name": name, "password": "correct horse"})
    assert r.status_code == 303, r.text
    return person


def test_an_accounts_sound_is_off_then_kept_on_in_every_room_and_browser(
        site: LiveServer) -> None:
    name = f"sonore{site.port}"
    laptop = account(site, name)
    phone = Player(site)
    try:
        first = laptop.new_game(["me", "bot:random"])
        data = room_data(laptop, first)
        assert data["sound"] is False and data["sound_url"] == SOUND_URL
        r = laptop.http.post(SOUND_URL, data={"on": "1"})
        assert r.status_code == 200 and r.json() == {"sound": True}
        # Another browser, signed in as the same account, another room: the sound is on.
        r = phone.http.post("/login", data={"name": name, "password": "correct horse"})
        assert r.status_code == 303, r.text
        second = phone.new_game(["me", "bot:random"])
        assert room_data(phone, second)["sound"] is True
        assert phone.http.post(SOUND_URL, data={"on": "0"}).json() == {"sound": False}
        assert room_data(laptop, first)["sound"] is False
        assert phone.http.get("/account/export").json()["account"]["sound"] is False
    finally:
        laptop.close()
        phone.close()


def test_the_sound_post_wants_an_account_a_token_and_a_plain_value(site: LiveServer) -> None:
    guest = Player(site).guest("invite")
    owner = account(site, f"jeton{site.port}")
    try:
        gid = guest.new_game(["me", "bot:random"])
        # A guest's choice stays in their browser: no address to post it to.
        assert "sound" not in room_data(guest, gid) and "sound_url" not in room_data(guest, gid)
        assert guest.http.post(SOUND_URL, data={"on": "1"}).status_code == 403
        # No CSRF token: refused before the handler, nothing stored.
        forged = owner.http.post(SOUND_URL, data={"on": "1", "csrf": "forged"})
        assert forged.status_code == 403
        assert owner.http.post(SOUND_URL, data={"on": "yes"}).status_code == 400
        assert room_data(owner, gid)["sound"] is False
    finally:
        guest.close()
        owner.close()
