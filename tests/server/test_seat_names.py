"""The site's game texts name the players as the seat line does (guests, bots by their
level), in the reader's language, and two seats of one name are told apart."""

from __future__ import annotations

import re

from ludotheque.server.rooms import text_names

from .live import LiveServer, Player, Socket

NUMBERED = re.compile(r"\b(Joueurs?|Players?) \d")


def history(sock: Socket, gid: str) -> list[str]:
    """Every event text of the game so far, as this socket's reader is told them."""
    sock.sync()  # the states already sent are read first: the next one answers this watch
    state = sock.watch(gid, since=0)
    return [e["text"] for step in state["steps"] for e in step["events"]]


def play(sockets: dict[int, Socket], gid: str, actions: int) -> None:
    """The first legal action of whichever seat is to act, `actions` times."""
    for _ in range(actions):
        for seat, sock in sockets.items():
            sock.sync()
            if str(seat) in sock.latest[gid]["legal"]:
                sock.act(gid, seat)
                break


def test_event_texts_carry_the_players_names_in_each_readers_language(
        server: LiveServer, people: list[Player]) -> None:
    alice, bob, carol = people
    bob.http.get("/lang/en")
    gid = alice.new_game(["me", "open"], kind="mindbug")
    a, b = alice.socket(), bob.socket()
    a.watch(gid)
    b.watch(gid)
    b.send({"type": "sit", "game": gid, "seat": 1})
    b.wait_state(gid, status="live")
    play({0: a, 1: b}, gid, 8)

    french, english = history(a, gid), history(b, gid)
    said_fr, said_en = " ".join(french), " ".join(english)
    assert "alice" in said_fr and "bob" in said_fr, said_fr
    assert re.search(r"\b(alice|bob) joue ", said_fr), said_fr
    assert re.search(r"\bTour 2 : à (alice|bob)\.", said_fr), said_fr
    assert "alice" in said_en and "bob" in said_en, said_en
    assert re.search(r"\b(alice|bob) plays ", said_en), said_en
    assert re.search(r"\bTurn 2: (alice|bob) to play\.", said_en), said_en
    for text in french + english:
        assert not NUMBERED.search(text), text
    # A spectator reads the same names.
    spectator = history(carol.socket(), gid)
    assert any("bob" in t for t in spectator) and not any(NUMBERED.search(t) for t in spectator)


def test_two_seats_of_one_name_are_told_apart_by_their_numbers(
        server: LiveServer, people: list[Player]) -> None:
    alice, _, carol = people
    # A hotseat game: the seat line names the second seat "alice · 2", and so do the texts.
    gid = alice.new_game(["me", "me"], kind="mindbug")
    a = alice.socket()
    a.watch(gid)
    play({0: a, 1: a}, gid, 3)
    assert [s["name"] for s in a.latest[gid]["seats"]] == ["alice", "alice · 2"]
    said = history(a, gid)
    assert any("alice · 2" in t for t in said) and any(t.startswith("alice ") for t in said)

    # Two bots of one level, each read in its reader's language, and the end banner too.
    bots = carol.new_game(["bot:random", "bot:random"], kind="mindbug")
    c = carol.socket()
    c.watch(bots)
    final = c.wait_state(bots, timeout=120, status="over")
    said = history(c, bots)
    # Each seat's texts carry its number (a random game need not have both seats play a
    # card: one may only attack, or take the other's creature with a Mindbug).
    for seat in (1, 2):
        assert any(t.startswith(f"Robot Hasard ({seat}) ") for t in said), said
    assert any(re.match(r"Robot Hasard \([12]\) joue ", t) for t in said), said
    assert not any(NUMBERED.search(t) for t in said)
    assert not NUMBERED.search(final["result"]["text"])
    carol.http.get("/lang/en")
    english = carol.socket()
    read = history(english, bots)
    for seat in (1, 2):
        assert any(t.startswith(f"Bot Random ({seat}) ") for t in read), read
    assert any(re.match(r"Bot Random \([12]\) plays ", t) for t in read), read
    replay = carol.http.get(f"/g/{bots}/replay", params={"step": 1})
    events = re.search(r'<ul class="events"[^>]*>(.*?)</ul>', replay.text, re.S)
    assert events is not None
    assert re.search(r"<li>Bot Random \([12]\) plays ", events.group(1)), events.group(1)


def test_a_name_that_is_another_seats_number_or_shared_gets_its_own_number() -> None:
    guest = {"kind": "human", "player": "p1", "name": "Joueur 1"}
    alice = {"kind": "human", "player": "p2", "name": "Alice"}
    moyen = {"kind": "bot", "player": None, "name": "moyen", "bot": "moyen"}
    free = {"kind": "human", "player": None, "name": ""}
    assert text_names("fr", [alice, guest]) == ["Alice", "Joueur 1 (2)"]
    assert text_names("fr", [guest, alice]) == ["Joueur 1", "Alice"]
    assert text_names("fr", [moyen, alice, moyen]) == ["Robot Moyen (1)", "Alice",
                                                       "Robot Moyen (3)"]
    assert text_names("en", [moyen, free]) == ["Bot Medium", "Player 2"]
    assert text_names("fr", [{"kind": "tutor"}, alice]) == ["Le tuteur", "Alice"]
