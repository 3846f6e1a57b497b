"""The Wilson interval used by every win-rate report."""

from __future__ import annotations

import pytest

from ludotheque.core.stats import wilson


def test_wilson_interval_matches_the_formula() -> None:
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 50)
    assert low == 0.0 and high < 0.08
