"""Tutorial lessons on the site (MT-27), through a real server: the tutor replies, a miss shows
what worked, a solved lesson is marked; the toy's two lessons (tests/server/plugin.py)."""

from __future__ import annotations

from typing import Any

from .live import TOY, LiveServer, Player, Socket
from .plugin import LESSONS


def start(p: Player, lesson: str) -> str:
    r = p.http.post(f"/learn/{TOY}/{lesson}")
    assert r.status_code == 303, r.text[-300:]
    return str(r.headers["location"].rsplit("/", 1)[1])


def wait_lesson(s: Socket, gid: str, status: str) -> dict[str, Any]:
    state = s.latest[gid]
    while state["lesson"]["status"] != status:
        s.recv(10)
        state = s.latest[gid]
    return state


def test_lessons_are_played_against_the_tutor_and_remembered(server: LiveServer) -> None:
    visitor = Player(server)
    page = visitor.http.get("/learn").text
    assert 'data-testid="learn-carte_haute"' in page and 'data-testid="lesson-highest"' not in page
    assert visitor.http.post(f"/learn/{TOY}/highest").status_code == 303  # a name first

    zoe = Player(server).guest("zoé")
    highest, twice = LESSONS
    right = highest.step[0].solutions[0]
    gid = start(zoe, "highest")
    room = zoe.http.get(f"/g/{gid}").text
    assert 'data-testid="lesson"' in room and 'data-testid="lesson-next"' in room
    s = zoe.socket()
    state = s.watch(gid)
    assert state["seats"][1]["kind"] == "tutor" and state["mine"] == [0]
    assert state["lesson"] == {"status": "playing", "step": 0, "played": None,
                               "id": "highest", "steps": 1}
    wrong = next(a for a in state["legal"]["0"] if a != right)
    s.act(gid, 0, wrong)
    missed = s.latest[gid]["lesson"]
    assert missed["status"] == "missed" and missed["played"] == wrong
    assert missed["solutions"] == [right]
    assert s.nothing(0.5)  # the tutor does not answer a miss: the lesson waits for a retry

    again = start(zoe, "highest")
    assert again != gid
    s.watch(again)
    s.act(again, 0, right)
    solved = wait_lesson(s, again, "solved")
    # The tutor played the lesson's reply, as seat 1, like any action of the game.
    assert [st["seat"] for st in solved["steps"] if st["seat"] == 1]
    assert "solutions" not in solved["lesson"]

    gid = start(zoe, "twice")
    s.watch(gid)
    s.act(gid, 0, twice.step[0].solutions[0])
    step_two = s.latest[gid]
    while step_two["lesson"]["step"] != 1:
        s.recv(10)
        step_two = s.latest[gid]
    assert step_two["lesson"]["status"] == "playing"
    s.act(gid, 0, twice.step[1].solutions[0])
    assert s.latest[gid]["lesson"]["status"] == "solved"

    page = zoe.http.get("/learn").text
    assert 'data-testid="done-highest"' in page and 'data-testid="done-twice"' in page
    assert zoe.http.post(f"/learn/{TOY}/no-such").status_code == 404
    assert zoe.http.post("/learn/nothing/highest").status_code == 404
    for p in (visitor, zoe):
        p.close()


def test_a_mitan_game_may_start_from_a_position_typed_on_the_form(server: LiveServer) -> None:
    lea = Player(server).guest("léa")
    form = lea.http.get("/new/mitan").text
    assert "Position de départ (facultatif)" in form and 'name="opt_position"' in form
    fen = "4c4/9/9/9/9/9/9/4F4/4C4 w"
    data = {"players": "2", "seat_0": "me", "seat_1": "me", "opt_placement": "open"}
    r = lea.http.post("/new/mitan", data={**data, "opt_position": fen})
    assert r.status_code == 303
    s = lea.socket()
    state = s.watch(r.headers["location"].rsplit("/", 1)[1])
    assert state["options"]["position"] == fen and "Fe2-e3" in state["legal"]["0"]
    bad = lea.http.post("/new/mitan", data={**data, "opt_position": "4c4/9 w"})
    assert bad.status_code == 400 and "9 ranks" in bad.text
    # An empty field is no position: the game starts at the market.
    plain = lea.http.post("/new/mitan", data={**data, "opt_position": "  "})
    assert plain.status_code == 303
    assert "position" not in s.watch(plain.headers["location"].rsplit("/", 1)[1])["options"]
    lea.close()


def test_the_lesson_box_speaks_to_the_learner_as_the_lessons_do() -> None:
    """The lessons say "tu" in French; the site's own lines in the lesson box must too (the
    rest of the site says "vous")."""
    import re

    from ludotheque import games
    from ludotheque.server.i18n import translate

    formal = re.compile(r"\b(vous(?! deux)|votre|vos)\b", re.IGNORECASE)
    for key in ("learn.missed", "learn.solution", "learn.solved", "learn.retry", "learn.next"):
        assert not formal.search(translate("fr", key, played="x", moves="y")), key
    for game_id in ("mitix", "mindbug", "diamagique", "mitan", "mimik"):  # not test plugins
        for lesson in games.get(game_id).lessons():
            for words in (lesson.text, lesson.hint, lesson.success):
                assert not formal.search(words.fr), (game_id, lesson.id, words.fr)
