"""The adapter tests open the toy Carte haute by id: it joins the registry when they run."""

from __future__ import annotations

import pytest

from .common import register_toy


@pytest.fixture(autouse=True)
def toy_in_the_registry() -> None:
    register_toy()
