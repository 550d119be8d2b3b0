"""A missing browser, driver or Playwright fails the page tests in CI instead of skipping them (issue 29
item 9): each case runs one page test in a child pytest with that piece taken away."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ONE_TEST = "test_one_finger_drags_the_image_and_the_server_answers"


def run_one(engine: str, env: dict[str, str], tmp_path: Path) -> tuple[str, str]:
    """Runs the test in ``engine``; returns pytest's summary line ("1 error in 1.2s") and all output."""
    result = subprocess.run(
        [sys.executable, "-m", "pytest", str(HERE / "test_page_engines.py"), "-q", "-p", "no:cacheprovider", "-rA",
         "-k", f"{ONE_TEST} and {engine}"],
        cwd=tmp_path, env={**os.environ, **env}, capture_output=True, text=True, timeout=300)
    lines = result.stdout.strip().splitlines()
    return (lines[-1] if lines else ""), result.stdout + result.stderr


def without_playwright(tmp_path: Path) -> dict[str, str]:
    """A PYTHONPATH whose `playwright` package cannot be imported, as on a machine without it."""
    shadow = tmp_path / "shadow" / "playwright"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("raise ImportError('no playwright here')\n")
    return {"PYTHONPATH": str(shadow.parent)}


@pytest.mark.parametrize("engine, missing", [
    ("chromium", "playwright"),
    ("firefox", "E2E_FIREFOX"),
    ("webkit", "E2E_WEBKIT_DRIVER"),
])
def test_a_missing_piece_fails_in_ci(tmp_path, engine, missing):
    env = without_playwright(tmp_path) if missing == "playwright" else {missing: str(tmp_path / "nowhere")}
    summary, output = run_one(engine, {**env, "CI": "true"}, tmp_path)
    assert "skipped" not in summary and ("1 error" in summary or "1 failed" in summary), output
    assert "missing" in output, output


def test_a_missing_playwright_skips_outside_ci(tmp_path):
    summary, output = run_one("chromium", {**without_playwright(tmp_path), "CI": ""}, tmp_path)
    assert "1 skipped" in summary and "Playwright is missing" in output, output
