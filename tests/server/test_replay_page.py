"""The replay page speaks the catalogue's words: each seat by its player (a bot by its level,
as the room names it), the move by who played it, the engine's notation only in small, and
step arrows that Debian's default fonts draw (DejaVu has ⇤ ⇥, not ⏮ ⏭)."""

from __future__ import annotations

import html

from .live import LiveServer, Player


def test_the_replay_names_seats_and_movers_in_both_languages(
        server: LiveServer, people: list[Player]) -> None:
    alice = people[0]
    gid = alice.new_game(["me", "bot:random"])
    s = alice.socket()
    s.watch(gid)
    s.play_to_end(gid)
    names = ["alice", "Robot Hasard"]
    for step in (1, 2):
        page = html.unescape(alice.http.get(f"/g/{gid}/replay", params={"step": step}).text)
        assert "<li>Joueur 1 : alice</li><li>Joueur 2 : Robot Hasard</li>" in page
        assert any(f'<p data-testid="mover">Joué par {name}</p>' in page for name in names)
        # (the page carries the site's catalogue for its viewer: look at the seat lines)
        assert ": la place" not in page and "Joueur 1: " not in page
        assert ">⇤ Début</a>" in page and ">Fin ⇥</a>" in page and "⏮" not in page
    alice.http.get("/lang/en", params={"next": "/"})
    page = html.unescape(alice.http.get(f"/g/{gid}/replay", params={"step": 1}).text)
    assert "<li>Player 1: alice</li><li>Player 2: Bot Random</li>" in page
    assert any(f'<p data-testid="mover">Played by {name}</p>' in page
               for name in ("alice", "Bot Random"))
    assert ">⇤ Start</a>" in page and ">End ⇥</a>" in page
