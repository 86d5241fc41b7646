"""Test-wide setup: the toy game is registered for engine, conformance and CLI tests, and the
markers ``browser`` and ``slow`` are set by file, so a quick run for work on a rules core is
``pytest -m "not browser and not slow"`` (README, "Run the tests")."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from tests.support.toy_game import install

install()

# Hypothesis's own timing checks are off: the tests run two to a machine shared with other
# work, where a 1 ms example was measured (or its data generated) past the default 200 ms
# deadline now and then, and a deadline missed once but not on the replay fails the test as
# flaky. What the tests check is the examples' outcome, never their time. (CI adds
# --hypothesis-profile=ci: the same, and the same examples every run.)
settings.register_profile("regalia", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("regalia")

# Tests that drive headless Chromium (Playwright).
BROWSER = ("tests/server/test_browser.py", "tests/i18n/test_zh_browser.py",
           "tests/server/test_table_teaches.py", "tests/server/test_phone.py",
           "tests/server/test_browser_texts.py")
# Tests that play many whole games or searches, or start processes: minutes, not seconds.
SLOW = (
    "tests/conformance/test_fuzz.py",
    "tests/conformance/test_fuzz_cli.py",
    "tests/compiled/",
    "tests/rl/test_selfplay.py",
    "tests/rl/test_example.py",
    "tests/bots/test_evaluations.py",
    "tests/bots/test_ismcts.py",
    "tests/bots/test_pimc.py",
    "tests/bots/test_planted_secrets.py",
    "tests/bots/test_external.py",
    "tests/bots/test_external_failures.py",
    "tests/table/test_resume_after_kill.py",
    "tests/analysis/",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        where = item.nodeid.split("::", 1)[0]
        if where.startswith(BROWSER):
            item.add_marker(pytest.mark.browser)
        if where.startswith(SLOW) or where.endswith("_evaluation.py"):
            item.add_marker(pytest.mark.slow)
    # The browser tests first (each file in its order): they are the longest (up to a minute
    # each), and pytest-xdist hands tests out in this order, so that one of them started last
    # left the other worker idle at the end of CI's run.
    items.sort(key=lambda item: not item.nodeid.startswith(BROWSER))
