"""What-if replay and the flake predictor from the outside, as CI runs them: ``touchbridge replay --what-if``
(human and ``--json`` output, refusals) and ``touchbridge flake`` (exit status 0 / 1 / 2, the same report for
the same seed, bounds refused before any work). Engine-level exact outputs are in
Tests/TouchBridgeHostTests/WhatIfTests.swift and FlakeSweepTests.swift."""

from __future__ import annotations

import json
import subprocess

import pytest

from conftest import ROOT
import conftest

TABLE_TAP = "Tests/whatif/gc-s01-table-tap.jsonl"
DOUBLE_TAP = "Tests/recordings/single-double-tap.jsonl"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(conftest.SERVER_BIN), *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_what_if_json_names_the_flipped_outcome_with_its_reason():
    result = run("replay", DOUBLE_TAP, "--what-if", "doubleTap.maximumIntervalBetweenSuccessiveTaps=0.1", "--json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["file"] == DOUBLE_TAP
    report = answer["report"]
    assert report["identical"] is False
    first = report["changed"][0]
    assert (first["subject"], first["number"], first["recorded"]["result"], first["whatIf"]["result"]) == ("doubleTap", 2, "ended", "failed")
    assert first["whatIf"]["reason"] == "multi-tap interval 100 ms elapsed after tap 1 of 2"
    assert {"subject": "singleTap", "recorded": ["ended", "failed"], "whatIf": ["ended", "ended", "ended"]} in report["outcomes"]


def test_the_worked_example_of_the_docs_prints_as_documented():
    result = run("replay", TABLE_TAP, "--what-if", "dismissKeyboard.cancelsTouchesInView=false")
    assert result.returncode == 0, result.stderr
    assert "  row1                       —             touchesEnded   ← changed" in result.stdout
    assert result.stdout.rstrip().endswith("row1 #1: (none) → touchesEnded (line 5, 90.0 ms)")


def test_a_change_that_cannot_apply_is_refused_with_the_reason():
    unknown = run("replay", TABLE_TAP, "--what-if", "nobody.enabled=false")
    assert unknown.returncode == 1 and 'no recognizer or view named "nobody"' in unknown.stderr
    unreadable = run("replay", TABLE_TAP, "--what-if", "{not json")
    assert unreadable.returncode == 1 and "not a JSON action" in unreadable.stderr
    both = run("replay", TABLE_TAP, "--what-if", "dismissKeyboard.enabled=false", "--check")
    assert both.returncode != 0 and "--what-if and --check do not go together" in both.stderr


SCRIPT = "Tests/scripts/single-double-tap.json"


@pytest.mark.parametrize("source", [DOUBLE_TAP, SCRIPT])
def test_flake_exit_status_follows_max_change_and_a_seed_repeats(source):
    """A recording, and a gesture script run once in process (the same gestures as that recording)."""
    args = ("flake", source, "--variants", "30", "--seed", "7", "--jitter-ms", "300", "--json")
    strict = run(*args, "--max-change", "0.01")
    assert strict.returncode == 1, strict.stdout + strict.stderr
    report = json.loads(strict.stdout)
    double = next(s for s in report["subjects"] if s["subject"] == "doubleTap")
    assert double["baseline"] == ["failed", "ended"] and "alternatives" not in report
    assert double["unchanged"] < 30 and double["changed"][0]["firstChange"]["whatIf"]["reason"].startswith("multi-tap interval")
    lenient = run(*args, "--max-change", "0.5")
    assert lenient.returncode == 0
    assert lenient.stdout == strict.stdout


def test_flake_refuses_out_of_bounds_settings_with_status_2():
    for extra in (["--variants", "0"], ["--variants", "10001"], ["--jitter-ms", "nan"], ["--jitter-pt", "1e9"],
                  ["--drop-frames", "1"], ["--frame-rate", "0"]):
        result = run("flake", DOUBLE_TAP, *extra)
        assert result.returncode == 2, (extra, result.stdout, result.stderr)
        assert "is not within" in result.stderr


def test_flake_draws_a_frame_rate_per_variant_for_a_script():
    result = run("flake", "Tests/scripts/swipe.json", "--variants", "12", "--seed", "3", "--frame-rates", "60,120,240", "--json")
    assert result.returncode in (0, 1), result.stderr
    report = json.loads(result.stdout)
    assert report["alternatives"] == ["60 Hz", "120 Hz", "240 Hz"]
    assert {s["subject"] for s in report["subjects"]} >= {"swipe-right", "swipe-up"}
    text = run("flake", "Tests/scripts/swipe.json", "--variants", "12", "--seed", "3", "--frame-rates", "60,120,240")
    assert text.stdout.splitlines()[0].endswith(", each variant drawn from: 60 Hz, 120 Hz, 240 Hz")


def test_flake_refuses_bad_scripts_and_rates_with_status_2(tmp_path):
    cases = [
        (["flake", SCRIPT, "--frame-rates", "60,0"], "--frame-rates: 0 is not within 1…1000"),
        (["flake", SCRIPT, "--frame-rates", ",".join(["60"] * 9)], "at most 8 rates"),
        (["flake", DOUBLE_TAP, "--frame-rates", "120"], "--frame-rates goes with a script, not a recording"),
    ]
    broken = tmp_path / "broken.json"
    broken.write_text('{"scene": "swipe", "steps": [{"gesture": "swipe", "direction": "sideways", "from": [1, 1]}]}')
    cases.append((["flake", str(broken)], "expected right, left, up or down"))
    endless = tmp_path / "endless.json"
    endless.write_text('{"scene": "swipe", "steps": [{"gesture": "pan", "from": [1, 1], "to": [9, 9], "duration": 1e9}]}')
    cases.append((["flake", str(endless)], "takes more than 100000 samples"))
    patient = tmp_path / "patient.json"
    patient.write_text('{"scene": "swipe", "steps": [{"gesture": "tap", "at": [9, 9]}, '
                       '{"expect": "transition", "recognizer": "swipe-up", "to": "ended", "within": 1e9}]}')
    cases.append((["flake", str(patient)], "could send more than the 10000000 messages a sweep replays"))
    for args, message in cases:
        result = run(*args)
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        assert message in result.stderr, (args, result.stderr)
