"""MIMIK with its compiled engine (COMPILED, core/compiled.py): a state pickled by the compiled
build loads in plain Python and the other way round (a Ray worker may run either), and both
play the game on alike. The same games compiled and pure: tests/core/test_compiled.py."""

from __future__ import annotations

import pytest

from ludotheque.core import compiled
from ludotheque.games import mimik

from ...core.builds import build_of, python

HEAD = """
import hashlib, json, pickle
from ludotheque.core import compiled
from ludotheque.core.rng import Rng
from ludotheque.games import mimik
print(compiled.loaded({"ludotheque.games.mimik": mimik.COMPILED})["ludotheque.games.mimik"]
      .split()[0])
"""
# A Team game 60 actions in: its pickle, and a digest of its saved form.
DUMP = HEAD + """
state, rng = mimik.GAME.new(6, 4, {"team": True}), Rng(6)
for _ in range(60):
    seat = state.to_act()[0]
    state.apply(seat, rng.choice(state.legal_actions(seat)))
print(pickle.dumps(state).hex())
print(hashlib.sha256(json.dumps(state.to_json()).encode()).hexdigest())
"""
# That pickle loaded: the digest of its saved form, then of the rest of the game.
LOAD = HEAD + """
state = pickle.loads(bytes.fromhex("BLOB"))
print(hashlib.sha256(json.dumps(state.to_json()).encode()).hexdigest())
rng, rest = Rng(7), hashlib.sha256()
while not state.is_over():
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    rest.update(" ".join(a.text() for a in legal).encode())
    for event in state.apply(seat, rng.choice(legal)):
        rest.update(json.dumps(event.to_json()).encode())
print(rest.hexdigest())
"""


def test_a_state_pickled_by_one_build_plays_on_in_the_other(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    where = build_of("ludotheque.games.mimik", mimik.COMPILED, tmp_path_factory)
    rests = []
    for dump_pure in (False, True):
        built, blob, saved = python(DUMP, where, pure=dump_pure).stdout.split()
        status, loaded, rest = python(LOAD.replace("BLOB", blob), where,
                                      pure=not dump_pure).stdout.split()
        assert (built, status) == (("pure", compiled.COMPILED) if dump_pure
                                   else (compiled.COMPILED, "pure"))
        assert loaded == saved
        rests.append(rest)
    assert rests[0] == rests[1]
