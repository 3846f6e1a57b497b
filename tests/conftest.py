"""Shared pytest options: the number of seeded playouts the conformance harness runs."""

from __future__ import annotations

import os

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--playouts", type=int, default=int(os.environ.get("LUDO_PLAYOUTS", "30")),
        help="seeded random playouts per game setup in the conformance harness "
             "(small in CI; 2000 for a soak run; env LUDO_PLAYOUTS)")


@pytest.fixture
def playouts(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--playouts"))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The conformance harness's figures (playouts, lengths, endings) for each setup."""
    lines = [value for report in terminalreporter.stats.get("passed", [])
             if report.when == "call"
             for key, value in report.user_properties if key == "conformance"]
    if lines:
        terminalreporter.section("conformance harness")
        for line in sorted(lines):
            terminalreporter.write_line(line)
