"""``touchbridge export``: a recording as W3C WebDriver Actions — a drive script that passes, the bare Actions
body for WebDriver clients, what it leaves out on standard error, and a clear refusal of a recording with no
touch."""

from __future__ import annotations

import json
import subprocess

import conftest
from conftest import ROOT


def touchbridge(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(conftest.SERVER_BIN), *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_an_exported_recording_is_a_drive_script_that_runs(tmp_path):
    result = touchbridge("export", "Tests/recordings/transform-image-pinch.jsonl")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    script = json.loads(result.stdout)
    assert script["scene"] == "transform-image" and script["clock"] == "manual"
    assert [source["parameters"]["pointerType"] for source in script["steps"][0]["actions"]] == ["touch", "touch"]
    path = tmp_path / "pinch.json"
    path.write_text(result.stdout)
    driven = touchbridge("drive", "--verbose", str(path))
    assert driven.returncode == 0 and "pinch:possible→began" in driven.stdout, driven.stdout


def test_the_bare_actions_body_and_what_was_left_out():
    result = touchbridge("export", "--as", "actions", "Tests/recordings/single-double-tap.jsonl")
    assert result.returncode == 0, result.stderr
    body = json.loads(result.stdout)
    assert list(body) == ["actions"] and body["actions"][0]["type"] == "pointer"
    assert "left out: line" in result.stderr and "a resize after the first touch" in result.stderr


def test_a_recording_without_touches_is_refused(tmp_path):
    lines = (ROOT / "Tests/recordings/single-double-tap.jsonl").read_text().splitlines()
    untouched = [line for line in lines if '\\"type\\":\\"input\\"' not in line]
    path = tmp_path / "no-touch.jsonl"
    path.write_text("\n".join(untouched) + "\n")
    result = touchbridge("export", str(path))
    assert result.returncode != 0 and "the recording has no touch input to export" in result.stderr, result.stderr
