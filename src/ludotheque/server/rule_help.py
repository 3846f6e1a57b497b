"""The rule behind an event, for the room's "?" (issue #20, point 6): the play texts name no
ruling id; a "?" beside an event that carries one opens the passage of the game's rules
summary (`Game.rules(lang)`) that cites it, the id shown there."""

from __future__ import annotations

import re
from functools import lru_cache

from markdown_it import MarkdownIt

from ludotheque.core import Game

# Ruling ids look alike in every game: two capitals, a dash, a number (MT-8, MX-21 ...).
RULING = re.compile(r"\b[A-Z]{2}-\d+\b")
ITEM = re.compile(r"^\s*(?:\d+\.|[-*])\s+")
MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


def passages(markdown: str) -> dict[str, str]:
    """Each ruling id cited in a rules summary -> the Markdown that explains it: the list
    items or paragraphs citing it under their section's title, or the whole section when
    its title cites it."""
    sections: list[tuple[str, list[str]]] = [("", [])]
    block: list[str] = []

    def flush() -> None:
        if block:
            sections[-1][1].append("\n".join(block))
            block.clear()

    for line in markdown.splitlines():
        if line.startswith("#"):
            flush()
            sections.append((line.lstrip("#").strip(), []))
        elif not line.strip():
            flush()
        elif ITEM.match(line):
            flush()
            block.append(line)
        else:
            block.append(line)
    flush()
    found: dict[str, tuple[str, list[str]]] = {}
    for title, blocks in sections:
        for ruling in RULING.findall(title):
            found.setdefault(ruling, (title, []))[1].extend(blocks)
        for text in blocks:
            for ruling in dict.fromkeys(RULING.findall(text)):
                parts = found.setdefault(ruling, (title, []))[1]
                part = table_rows(text, ruling) if text.startswith("|") else text
                if part not in parts:
                    parts.append(part)
    out = {}
    for ruling, (title, blocks) in found.items():
        # A numbered step shown alone reads better as a plain item than as "5." on its own.
        body = "\n\n".join(ITEM.sub("- ", b, count=1) if ITEM.match(b) else b for b in blocks)
        out[ruling] = (f"**{title}**\n\n" if title else "") + body
    return out


def table_rows(table: str, ruling: str) -> str:
    """A Markdown table cut to its head and the rows that cite `ruling`."""
    lines = table.splitlines()
    return "\n".join(lines[:2] + [r for r in lines[2:] if ruling in RULING.findall(r)])


@lru_cache(maxsize=32)
def rule_help(game: Game, lang: str) -> dict[str, str]:
    """Ruling id -> the passage of the game's rules that cites it, as HTML (the summary's
    raw HTML escaped, as on the rules page)."""
    return {ruling: MARKDOWN.render(text) for ruling, text in passages(game.rules(lang)).items()}
