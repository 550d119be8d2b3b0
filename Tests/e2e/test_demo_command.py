"""``touchbridge demo``: a scripted gesture played on a scene, its event log printed — what the README's
first minute shows. Each gesture, a diagnostics run, and an unknown scene or gesture refused with the lists."""

from __future__ import annotations

import re
import subprocess

import pytest

import conftest
from conftest import ROOT


def demo(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(conftest.SERVER_BIN), "demo", *args], cwd=ROOT, capture_output=True, text=True, timeout=60)


def transitions(output: str) -> list[str]:
    """The recognizer transitions of the log, without their times and reasons: `name:from→to`."""
    return re.findall(r"^\s+\d+ ms  (\w+:\w+→\w+)", output, flags=re.MULTILINE)


def test_the_default_double_tap_ends_the_double_tap_and_fails_the_single_one():
    result = demo()
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("# Single vs double tap") and "# gesture: double-tap" in result.stdout
    assert transitions(result.stdout) == ["singleTap:possible→failed", "doubleTap:possible→ended"], result.stdout
    assert "act(doubleTap,ended)" in result.stdout
    assert "tb(2×2)" in result.stdout, "the second touch reports its tap count"


@pytest.mark.parametrize("gesture, scene, expected", [
    ("tap", "single-double-tap", ["doubleTap:possible→failed", "singleTap:possible→ended"]),
    ("drag", "image-translation", ["pan:possible→began", "pan:began→changed", "pan:changed→ended"]),
    ("long-press", "drag-and-drop", ["longPress:possible→began", "longPress:began→changed", "longPress:changed→ended"]),
    ("pinch", "transform-image", ["pinch:possible→began", "pinch:began→changed"]),
])
def test_each_gesture_drives_the_recognizer_it_is_for(gesture, scene, expected):
    result = demo("--gesture", gesture, "--scene", scene)
    assert result.returncode == 0, result.stderr
    seen = transitions(result.stdout)
    found = [t for t in seen if t in expected]
    assert sorted(set(found)) == sorted(expected), result.stdout
    assert [t for t in dict.fromkeys(found)] == expected, "in this order"


def test_diagnostics_add_the_hit_test_path():
    plain, detailed = demo("--gesture", "tap"), demo("--gesture", "tap", "--diagnostics")
    assert "hit(" not in plain.stdout, plain.stdout
    assert re.search(r"^\s+0 ms  hit\(1\) window>\S+>recognizers$", detailed.stdout, flags=re.MULTILINE), detailed.stdout
    assert "singleTap waits [waiting for failure of doubleTap]" in detailed.stdout


@pytest.mark.parametrize("args, names", [(("--scene", "nope"), "unknown scene 'nope'; scenes: welcome,"),
                                         (("--gesture", "wiggle"), "wiggle")])
def test_an_unknown_scene_or_gesture_is_refused_with_what_exists(args, names):
    result = demo(*args)
    assert result.returncode != 0 and names in result.stderr, result.stderr
