"""Catalogues cover every text; the migrations build exactly the models' schema."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from ludotheque.bots import LEVELS
from ludotheque.server.auth import check_password, clean_name, hash_password
from ludotheque.server.i18n import LANGS, bot_label, catalogue, is_one, translate
from ludotheque.store import Base, GameRow, Store, migrate
from ludotheque.store.db import NameTaken

WEB = Path(str(resources.files("ludotheque.web")))
SERVER = Path(str(resources.files("ludotheque.server")))
TEMPLATES = sorted((WEB / "templates").glob("*.html"))
SCRIPTS = sorted((WEB / "static" / "js").glob("*.js"))


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in [*TEMPLATES, *SCRIPTS]:
        keys |= set(re.findall(r"""\bt\(\s*["']([a-z_]+\.[a-z_]+)["']""", path.read_text()))
    for path in SERVER.glob("*.py"):
        text = path.read_text()
        keys |= {f"error.{c}" for c in re.findall(r'ProtocolError\(\s*"([a-z_]+)"', text)}
        keys |= set(re.findall(r'"((?:auth|new|record|error|home|daily|ratings|learn|balance'
                               r'|number)\.[a-z_]+)"', text))
    keys |= {f"lang.{code}" for code in LANGS}
    return {k for k in keys if not k.endswith(".html")}


def plural_bases(keys: set[str]) -> set[str]:
    """The keys, and `key` for each pair `key_one` / `key_other` (t() picks one by `n`)."""
    return keys | {k[:-4] for k in keys if k.endswith("_one") and f"{k[:-4]}_other" in keys}


def test_catalogues_have_the_same_keys_and_fields() -> None:
    fr, en = catalogue("fr"), catalogue("en")
    assert set(fr) == set(en)
    for key in fr:
        fields = set(re.findall(r"\{(\w+)\}", fr[key]))
        assert fields == set(re.findall(r"\{(\w+)\}", en[key])), key
        assert fr[key].strip() and en[key].strip(), key


def test_every_text_used_is_in_the_catalogues() -> None:
    known = plural_bases(set(catalogue("fr")))
    missing = used_keys() - known
    assert not missing, f"keys used but missing from the catalogues: {sorted(missing)}"
    # And the protocol's error codes used by the rooms are all present.
    assert "error.not_your_turn" in used_keys()


def test_templates_and_scripts_hold_no_words_of_their_own() -> None:
    """Outside tags, expressions and attributes of code, a template has no text: every word
    a person reads comes from a catalogue (or from the games' own data)."""
    for path in TEMPLATES:
        text = path.read_text()
        text = re.sub(r"{#.*?#}|{%.*?%}|{{.*?}}", " ", text, flags=re.S)
        text = re.sub(r"<script.*?</script>|<style.*?</style>", " ", text, flags=re.S)
        text = re.sub(r"<[^>]*>", " ", text)
        words = re.findall(r"[A-Za-zÀ-ÿ]{2,}", text)
        assert not words, f"{path.name} has words outside the catalogue: {words[:10]}"
        for attribute in ("placeholder", "aria-label", "title", "alt"):
            for value in re.findall(rf'{attribute}="([^"]*)"', path.read_text()):
                assert value.startswith("{{"), f"{path.name}: {attribute}={value!r}"
    for path in SCRIPTS:
        code = re.sub(r"^\s*//.*$", "", path.read_text(), flags=re.M)
        for literal in re.findall(r'textContent\s*=\s*"([^"]+)"', code):
            assert not re.search(r"[A-Za-z]{2,}", literal), f"{path.name}: {literal!r}"


def test_translate_fills_fields_and_survives_mistakes() -> None:
    assert translate("en", "nav.hello", name="Zoé") == "Hello, Zoé"
    assert translate("fr", "nav.hello", name="Zoé") == "Bonjour, Zoé"
    assert translate("xx", "nav.hello", name="Zoé") == "Bonjour, Zoé"
    assert translate("fr", "nav.hello") == "Bonjour, {name}"
    assert translate("fr", "no.such_key") == "no.such_key"
    # A key with _one / _other forms agrees with its number `n`.
    assert [translate("fr", "daily.playing", n=n) for n in (0, 1, 2)] == [
        "0 partie en cours", "1 partie en cours", "2 parties en cours"]
    assert [translate("en", "daily.playing", n=n) for n in (0, 1, 2)] == [
        "0 games in progress", "1 game in progress", "2 games in progress"]


def test_bot_levels_and_counts_have_their_words() -> None:
    """Every bot level has its name in each language; other engines keep their spec."""
    assert [bot_label("fr", b) for b in LEVELS] == ["Facile", "Moyen", "Difficile", "Expert"]
    assert [bot_label("en", b) for b in LEVELS] == ["Easy", "Medium", "Hard", "Expert"]
    assert bot_label("en", "mcts") == "mcts"
    # French takes the singular below 2 ("0 coup", "1 coup"), English for 1 only.
    assert [is_one("fr", n) for n in (0, 1, 2)] == [True, True, False]
    assert [is_one("en", n) for n in (0, 1, 2)] == [False, True, False]


def test_migrations_build_the_schema_of_the_models(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'schema.sqlite3'}"
    migrate(url)
    migrate(url)  # a second run is a no-op
    engine = create_engine(url)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == [], f"the models differ from the migrations: {diff}"
    assert {"players", "games", "moves", "chat", "settings",
            "alembic_version"} <= set(inspect(engine).get_table_names())
    engine.dispose()


def test_store_keeps_players_games_moves_and_its_key(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    migrate(url)
    store = Store(url)
    key = store.secret_key()
    assert len(key) > 40 and Store(url).secret_key() == key
    digest = hash_password("correct horse")
    assert digest.startswith("$argon2id$") and "correct horse" not in digest
    account = store.create_account("Zoé", digest)
    with pytest.raises(NameTaken):
        store.create_account("ZOÉ", digest)
    found = store.account("zoé")
    assert found is not None and found.id == account.id
    assert check_password(found.password_hash or "", "correct horse")[0]
    assert not check_password(found.password_hash or "", "wrong")[0]
    row = store.create_game(GameRow(id="g1", game="carte_haute", seed=7, players=2,
                                    options={}, seats=[{"kind": "human", "player": account.id}],
                                    status="live", public=True, moves_count=0))
    store.add_move(row.id, 0, 0, "p3", "live", None)
    with pytest.raises(Exception):  # noqa: B017 - the database refuses a second move 0
        store.add_move(row.id, 0, 1, "p4", "live", None)
    assert [(m.idx, m.seat, m.action) for m in store.moves("g1")] == [(0, 0, "p3")]
    assert [g.id for g in store.games_of(account.id)] == ["g1"]
    store.add_chat("g1", account.id, "Zoé", "<b>salut</b>")
    assert [m.text for m in store.chat("g1")] == ["<b>salut</b>"]
    store.close()


def test_names_are_cleaned() -> None:
    assert clean_name("  Zoé   la  Grande ") == "Zoé la Grande"
    assert clean_name("") is None and clean_name("x" * 25) is None
    assert clean_name("bad\x00name") is None
    assert json.dumps(clean_name("ok"))


def test_migrations_speak_postgresql(capsys: pytest.CaptureFixture[str]) -> None:
    """`--db postgresql+psycopg://...`: the migrations render valid PostgreSQL DDL (offline
    mode, no server needed)."""
    from alembic import command

    from ludotheque.store.db import alembic_config

    command.upgrade(alembic_config("postgresql://ludo@localhost/ludo"), "head", sql=True)
    ddl = capsys.readouterr().out
    assert "CREATE TABLE games" in ddl and "CREATE TABLE moves" in ddl
    assert "JSON" in ddl and "TIMESTAMP WITH TIME ZONE" in ddl


def screens() -> list[tuple[str, Path]]:
    from ludotheque import games
    from ludotheque.server.screens import screen_dir

    found = [(g.id, screen_dir(g)) for g in games.all_games()]
    return [(gid, folder) for gid, folder in found if folder is not None]


@pytest.mark.parametrize(("game", "folder"), screens())
def test_each_game_screen_speaks_both_languages(game: str, folder: Path) -> None:
    """A game's screen brings its words in web/fr.json and web/en.json (same keys, same
    fields); every key its scripts ask for is there or in the site's catalogue."""
    fr = json.loads((folder / "fr.json").read_text(encoding="utf-8"))
    en = json.loads((folder / "en.json").read_text(encoding="utf-8"))
    assert set(fr) == set(en), set(fr) ^ set(en)
    for key in fr:
        assert set(re.findall(r"\{(\w+)\}", fr[key])) == set(re.findall(r"\{(\w+)\}", en[key])), key
        assert fr[key].strip() and en[key].strip(), key
    known = plural_bases(set(fr) | set(catalogue("fr")))
    for path in folder.glob("*.js"):
        code = re.sub(r"^\s*//.*$", "", path.read_text(encoding="utf-8"), flags=re.M)
        used = set(re.findall(r"""\bt\(\s*["']([\w.-]+)["']""", code))
        assert used <= known, f"{path.name}: {sorted(used - known)}"
        for literal in re.findall(r'textContent\s*=\s*"([^"]+)"', code):
            assert not re.search(r"[A-Za-z]{2,}", literal), f"{path.name}: {literal!r}"
