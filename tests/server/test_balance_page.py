"""The balance pages (/balance) through real HTTP: every shipped report listed, a report's
figures in French and in English, a 404 for an unknown setup, and a malformed report.json
named on the page while the other reports are still shown."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import httpx

from ludotheque import games
from ludotheque.sim.reports import SHIPPED, Shipped, list_reports, load

from .live import LiveServer


def french(value: float) -> str:
    return f"{100 * value:.1f}".replace(".", ",") + "\u202f%"


def english(value: float) -> str:
    return f"{100 * value:.1f}%"


def text_of(response: httpx.Response) -> str:
    return html.unescape(response.text)


def test_the_list_shows_every_shipped_report(server: LiveServer) -> None:
    shipped = list_reports()
    assert len(shipped) >= 7 and all(isinstance(item, Shipped) for item in shipped)
    with httpx.Client(base_url=server.url) as browser:
        assert 'href="/balance" data-testid="balance-link"' in browser.get("/").text
        page = browser.get("/balance")
        assert page.status_code == 200 and "Équilibre des jeux" in page.text
        for item in shipped:
            assert isinstance(item, Shipped)
            row = re.search(rf'<tr data-setup="{item.setup}".*?</tr>', page.text, re.S)
            assert row, item.setup
            cells = html.unescape(row.group(0))
            assert f'href="/balance/{item.setup}"' in cells
            assert f'data-label="Parties">{item.report.games}</td>' in cells
            assert re.search(r'data-label="Robots" title="[^"]+">(Facile|Hasard)</td>', cells)
            assert f"{item.report.players} joueurs" in cells
            for seat in item.report.seats:
                assert french(seat.rate) in cells
            away = sum(1 for tag in item.report.tags if tag.verdict != "even")
            assert f"{away} sur {len(item.report.tags)}" in cells
        assert 'data-testid="balance-unreadable-' not in page.text
        for item in shipped:  # each report's one-line finding, in the reader's language
            assert isinstance(item, Shipped) and item.findings is not None
            assert item.findings.text("fr").headline in text_of(page)
        browser.get("/lang/en")
        english_list = text_of(browser.get("/balance"))
        for item in shipped:
            assert isinstance(item, Shipped) and item.findings is not None
            assert item.findings.text("en").headline in english_list


def test_a_report_shows_its_figures_in_french_and_in_english(server: LiveServer) -> None:
    report = load(SHIPPED / "mimik-2p").report
    strongest = max(report.tags, key=lambda row: row.lift)
    first_seat = report.seats[0]
    with httpx.Client(base_url=server.url) as browser:
        for lang, fmt, words in [
            ("fr", french, ["MIMIK : équilibre", "Place 1", "▲ plus fort", "▲ avantage",
                            "1000 parties entre robots Facile (facile:time=0).",
                            "MIMIK : score par place, 1000 parties"]),
            ("en", english, ["MIMIK: balance", "Seat 1", "▲ stronger", "▲ advantage",
                             "1000 games between Easy bots (facile:time=0).",
                             "MIMIK: score by seat, 1000 games"]),
        ]:
            browser.get(f"/lang/{lang}")
            page = browser.get("/balance/mimik-2p")
            assert page.status_code == 200 and f'<html lang="{lang}">' in page.text
            text = text_of(page)
            for word in words:
                assert word in text, (lang, word)
            # The tags table, strongest first: its first row is the report's strongest tag.
            rows = re.findall(r'<tr data-tag="([^"]*)" data-verdict="(\w+)"><td>[^<]*</td>'
                              r"<td>([^<]+)</td>", text)
            assert rows[0] == (strongest.tag, strongest.verdict, fmt(strongest.rate))
            assert len(rows) == len(report.tags)
            low, high = first_seat.ci95
            assert f"<td>{fmt(low)} – {fmt(high)}</td>" in text
            # The plots are drawn in the page, with a text alternative for each row.
            assert 'role="img" aria-labelledby="tags-title tags-desc"' in text
            name = games.get("mimik").tag_text(strongest.tag, lang)  # Échange de score ...
            assert f'<g class="row stronger" data-label="{name}"' in text
            assert f"<code>{report.command} --out mimik-2p</code>" in text
            findings = load(SHIPPED / "mimik-2p").findings
            assert findings is not None
            said = findings.text(lang)
            assert 'data-testid="balance-findings"' in text
            assert f"<strong>{said.headline}</strong>" in text
            for paragraph in said.pieces:
                shown = "".join(f"<code>{piece}</code>" if code else piece
                                for code, piece in paragraph)
                assert f"<p>{shown}</p>" in text
        plot = browser.get("/balance/mimik-2p/tags.svg")
        assert plot.status_code == 200 and plot.headers["content-type"].startswith(
            "image/svg+xml")
        assert "attachment" in plot.headers["content-disposition"]
        assert plot.content == (SHIPPED / "mimik-2p" / "tags.svg").read_bytes()
        assert browser.get("/balance/mimik-2p/balance.py").status_code == 404


def test_an_unknown_setup_is_a_404_with_a_message(server: LiveServer) -> None:
    with httpx.Client(base_url=server.url) as browser:
        for setup in ("nope", ".hidden", "-mitan"):
            page = browser.get(f"/balance/{setup}")
            assert page.status_code == 404, setup
            assert "Ce rapport d'équilibre n'existe pas" in text_of(page)
        browser.get("/lang/en")
        assert "There is no such balance report" in browser.get("/balance/nope").text


def test_a_malformed_report_is_named_and_the_others_still_shown(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    shutil.copytree(SHIPPED / "mitan", reports / "mitan")
    broken = json.loads((SHIPPED / "mitan" / "report.json").read_text(encoding="utf-8"))
    broken["seats"][1]["ci95"] = "wide"
    (reports / "broken").mkdir()
    (reports / "broken" / "report.json").write_text(json.dumps(broken), encoding="utf-8")
    live = LiveServer(tmp_path / "site.sqlite3", reports=reports).start()
    try:
        with httpx.Client(base_url=live.url) as browser:
            page = browser.get("/balance")
            assert page.status_code == 200
            text = text_of(page)
            assert 'data-testid="balance-row-mitan"' in text
            assert 'data-testid="balance-row-broken"' not in text
            assert "Le rapport « broken » n'a pas pu être lu" in text
            assert 'broken/report.json, field "seats.1.ci95"' in text
            one = browser.get("/balance/broken")
            assert one.status_code == 500
            assert 'broken/report.json, field "seats.1.ci95"' in text_of(one)
            assert browser.get("/balance/mitan").status_code == 200
            # Findings written for other figures are not shown; the report still is.
            findings = (reports / "mitan" / "findings.toml").read_text(encoding="utf-8")
            (reports / "mitan" / "findings.toml").write_text(
                findings.replace("seats = [38.0, 62.0]", "seats = [40.0, 60.0]"),
                encoding="utf-8")
            stale = browser.get("/balance/mitan")
            assert stale.status_code == 200
            text = text_of(stale)
            assert 'data-testid="balance-findings"' not in text
            assert "Les commentaires de ce rapport ne sont pas affichés" in text
            assert "written for seat scores 40.0, 60.0, but report.json has 38.0, 62.0" in text
            assert 'data-testid="balance-seats"' in text and 'data-testid="balance-tags"' in text
    finally:
        live.stop()


def test_cards_and_pieces_are_named_in_the_readers_language(server: LiveServer) -> None:
    with httpx.Client(base_url=server.url) as browser:
        for setup, fr_name, en_name in [("mitan", "Espion", "Spy"),
                                        ("mindbug", "Requin Crabe", "Sharky Crab-Dog-Mummypus"),
                                        ("diamagique", "Paquet Aube", "Deck Aube"),
                                        ("mimik-4p", "Moitié", "Half"),
                                        ("mimik-4p", "Valeur 8", "Value 8")]:
            browser.get("/lang/fr")
            french_page = text_of(browser.get(f"/balance/{setup}"))
            browser.get("/lang/en")
            english_page = text_of(browser.get(f"/balance/{setup}"))
            for page, name, other in [(french_page, fr_name, en_name),
                                      (english_page, en_name, fr_name)]:
                table = page[page.index('data-testid="balance-tags"'):]
                assert f"<td>{name}</td>" in table, (setup, name)
                assert f"<td>{other}</td>" not in table, (setup, other)
