"""Game records: round trip, replay, and loud failures naming the action and the reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ludotheque.core import RecordError
from ludotheque.core.record import Move, Record, record_of, replay, replay_steps
from ludotheque.sim.runner import Match, play_one

from .toys import HighCard


@pytest.fixture
def game() -> HighCard:
    return HighCard()


@pytest.fixture
def finished(game: HighCard) -> Record:
    return play_one(game, Match(game.id, 2, {}, ("random", "random")), seed=11).record


def test_a_record_survives_a_file_round_trip(tmp_path: Path, finished: Record) -> None:
    path = tmp_path / "game.json"
    finished.save(path)
    loaded = Record.load(path)
    assert loaded == finished
    assert json.loads(path.read_text())["format"] == "ludotheque-record"


def test_replay_rebuilds_the_same_final_state(game: HighCard, finished: Record) -> None:
    state = replay(game, finished)
    assert state.is_over()
    result = state.result()
    assert result is not None and finished.result == result.to_json()
    steps = list(replay_steps(game, finished))
    assert len(steps) == len(finished.moves) == 10


def test_an_illegal_action_in_a_record_fails_naming_it(game: HighCard, finished: Record) -> None:
    state = game.new(finished.seed, 2)
    hand = state.view(0)["hand"]
    missing = next(c for c in range(1, 11) if c not in hand)
    finished.moves[0] = Move(0, f"p{missing}")
    with pytest.raises(RecordError, match=rf"action #1 \(seat 0, 'p{missing}'\): illegal") as info:
        replay(game, finished)
    assert info.value.index == 0


def test_a_record_in_bad_notation_fails_naming_it(game: HighCard, finished: Record) -> None:
    finished.moves[3] = Move(finished.moves[3].seat, "joue le 7")
    with pytest.raises(RecordError, match=r"action #4 .*not in Carte haute's notation"):
        replay(game, finished)


def test_a_tampered_result_is_caught(game: HighCard, finished: Record) -> None:
    assert finished.result is not None
    finished.result["ranks"] = list(reversed(finished.result["ranks"])) \
        if finished.result["ranks"] != [0, 0] else [0, 1]
    with pytest.raises(RecordError, match="differs from the engine's"):
        replay(game, finished)


@pytest.mark.parametrize(
    ("document", "complaint"),
    [
        ("[1, 2]", "a record is a JSON object"),
        ('{"game": "x"}', "missing field 'seed'"),
        ('{"format": "pgn", "game": "x", "seed": 1, "players": 2}', "not a Ludothèque record"),
        ('{"game": "x", "seed": 1, "players": 2, "actions": [{"seat": "0"}]}', "action #1"),
        ('{"game": "x", "seed": 1, "players": 2, "version": 99}', "version 99"),
        ("{not json", "not valid JSON"),
    ],
)
def test_malformed_records_are_refused_clearly(tmp_path: Path, document: str,
                                               complaint: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(document)
    with pytest.raises(RecordError, match=complaint):
        Record.load(path)


def test_a_record_of_another_game_is_refused(game: HighCard) -> None:
    record = record_of(game, 1, 2, {}, [])
    record.game = "mitan"
    with pytest.raises(RecordError, match="not 'carte_haute'"):
        replay(game, record)


def test_a_record_of_other_rules_replays_or_says_both_versions(game: HighCard,
                                                              finished: Record) -> None:
    # Game.version changes when play changes (MIMIK 1 -> 2, issue 19). A record of another
    # version is still replayed (most of a game's setups may play as they did); one that no
    # longer replays is refused naming both versions, not only the action that failed.
    assert finished.game_version == game.version
    finished.game_version = "0"
    assert replay(game, finished).is_over()
    broken = Record(finished.game, finished.seed, finished.players, finished.options,
                    moves=[Move(0, "p99"), *finished.moves[1:]], game_version="0")
    with pytest.raises(RecordError, match=f"rules version 0; this engine plays version "
                                          f"{game.version}"):
        replay(game, broken)
    broken.game_version = game.version  # the same rules: the action alone is blamed
    with pytest.raises(RecordError) as refused:
        replay(game, broken)
    assert "rules version" not in str(refused.value)


def test_a_resignation_is_a_stored_result_the_engine_did_not_reach(game: HighCard,
                                                                  finished: Record) -> None:
    """A resignation ends an unfinished two-player game: the record keeps it, replay accepts
    it; it cannot end a game that its rules had ended, nor rank both seats last."""
    from ludotheque.core.record import RESIGNED, resignation

    result = resignation(2, 1)
    assert result.reason == RESIGNED and result.winners == (0,) and result.ranks == (0, 1)
    with pytest.raises(ValueError):
        resignation(3, 0)
    unfinished = Record(game.id, finished.seed, 2, {}, moves=finished.moves[:4],
                        result=result.to_json())
    assert not replay(game, unfinished).is_over()  # accepted, and the engine's game goes on
    unfinished.result = {**result.to_json(), "ranks": [1, 1]}
    with pytest.raises(RecordError, match="ranks one seat of two last"):
        replay(game, unfinished)
    finished.result = result.to_json()
    with pytest.raises(RecordError, match="already over"):
        replay(game, finished)


def test_a_loss_on_time_is_kept_like_a_resignation(game: HighCard, finished: Record) -> None:
    from ludotheque.core.record import TIMEOUT, resignation

    result = resignation(2, 0, TIMEOUT)
    assert result.reason == TIMEOUT and result.winners == (1,)
    with pytest.raises(ValueError, match="outside its rules"):
        resignation(2, 0, "boredom")
    unfinished = Record(game.id, finished.seed, 2, {}, moves=finished.moves[:3],
                        result=result.to_json())
    assert not replay(game, unfinished).is_over()
    finished.result = result.to_json()
    with pytest.raises(RecordError, match="ended by timeout, but it was already over"):
        replay(game, finished)


def test_an_abandoned_game_and_an_agreed_draw_are_stored_results(game: HighCard,
                                                                 finished: Record) -> None:
    """Issue 21: a claimed victory (the seat to act left an untimed game) ranks that seat
    last; an agreed draw ranks both first. Replay accepts both on an unfinished game only."""
    from ludotheque.core.record import ABANDONED, AGREED_DRAW, agreed_draw, resignation

    claimed = resignation(2, 1, ABANDONED)
    assert claimed.reason == ABANDONED and claimed.winners == (0,)
    draw = agreed_draw(2)
    assert draw.reason == AGREED_DRAW and draw.is_draw
    with pytest.raises(ValueError):
        agreed_draw(3)
    with pytest.raises(ValueError, match="outside its rules"):
        resignation(2, 0, AGREED_DRAW)  # a draw is nobody's loss
    for result in (claimed, draw):
        unfinished = Record(game.id, finished.seed, 2, {}, moves=finished.moves[:3],
                            result=result.to_json())
        assert not replay(game, unfinished).is_over()
    unfinished.result = {**draw.to_json(), "ranks": [0, 1]}
    with pytest.raises(RecordError, match="ranks both seats first"):
        replay(game, unfinished)
    finished.result = draw.to_json()
    with pytest.raises(RecordError, match="already over"):
        replay(game, finished)
