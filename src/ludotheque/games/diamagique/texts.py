"""Events said in French and English."""

from __future__ import annotations

from ludotheque.core import Event


def describe(event: Event, lang: str = "fr") -> str:
    args = ", ".join(f"{k}={v}" for k, v in event.data.items())
    return f"{event.kind}({args})"
