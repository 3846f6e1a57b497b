"""The chat's word filter: a list of words (`--chat-filter FILE`, one a line) that no chat
message may contain. Both the words and the messages are compared after Unicode NFKC and case
folding, on word boundaries: "ＢＡＤ" and "Bad!" match "bad", "badge" does not."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path


def fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


class ChatFilter:
    def __init__(self, words: Iterable[str]) -> None:
        folded = sorted({fold(w.strip()) for w in words if w.strip()}, key=len, reverse=True)
        self.words = tuple(folded)
        # One pattern for the whole list; \w is Unicode-aware, so "é" is inside a word.
        self.pattern = re.compile(
            r"(?<!\w)(?:" + "|".join(re.escape(w) for w in folded) + r")(?!\w)"
        ) if folded else None

    @classmethod
    def from_file(cls, path: Path) -> ChatFilter:
        """One word (or phrase) a line; blank lines and lines starting with # are skipped."""
        lines = path.read_text(encoding="utf-8").splitlines()
        return cls(line for line in lines if not line.lstrip().startswith("#"))

    def blocks(self, text: str) -> bool:
        return self.pattern is not None and self.pattern.search(fold(text)) is not None
