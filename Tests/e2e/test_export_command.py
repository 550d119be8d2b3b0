"""``touchbridge export``: a recording as W3C WebDriver Actions — a drive script that passes, the bare Actions
body for WebDriver clients, what it leaves out on standard error, a clear refusal of a recording with no
touch — as a pytest test on the Python client that passes on its scene and fails by name when the scene
changes, and as the Swift test committed in the client tests (which run it)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time

import conftest
from conftest import ROOT, ServerProcess


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


def test_the_swift_export_of_the_fixture_is_the_committed_generated_test():
    result = touchbridge("export", "--as", "swift", "--swift-server", "TestServer.url", "Tests/fixtures/export/photo-session.jsonl")
    assert result.returncode == 0, result.stderr
    committed = (ROOT / "Tests/TouchBridgeClientTests/Generated/RecordedPhotoSession.swift").read_text()
    assert result.stdout == committed
    assert ".doubleTap(at: Point(195, 369)" in result.stdout and "static let step5Fingers: [PointerEvent] = [" in result.stdout


def run_pytest(test_file, url: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "TOUCHBRIDGE_URL": url}
    return subprocess.run([sys.executable, "-m", "pytest", str(test_file), "-q", "-p", "no:cacheprovider"],
                          cwd=test_file.parent, env=env, capture_output=True, text=True, timeout=120)


def test_every_committed_recording_exports_as_a_pytest_test_that_passes(server_process, tmp_path):
    for recording in [*sorted((ROOT / "Tests" / "recordings").glob("*.jsonl")), ROOT / "Tests/fixtures/export/photo-session.jsonl"]:
        result = touchbridge("export", "--as", "pytest", str(recording))
        assert result.returncode == 0, result.stderr
        test_file = tmp_path / f"test_{recording.stem.replace('-', '_')}.py"
        test_file.write_text(result.stdout)
        run = run_pytest(test_file, server_process.ws_url)
        assert run.returncode == 0, run.stdout + run.stderr
        assert "tb.Transition(" in result.stdout and "await session.expect_sequence(" in result.stdout


def test_a_generated_test_fails_by_name_when_the_scene_changes(tmp_path):
    # A phone session on a declarative scene is recorded, exported, and passes; then the scene loses its
    # require(toFail:) and the same test fails, naming the recognizer and the transition it missed.
    scenes, record = tmp_path / "scenes", tmp_path / "recordings"
    scenes.mkdir()
    scene_file = scenes / "s43-single-waits-for-double.json"
    scene_file.write_text((ROOT / "config" / "scenes" / "s43-single-waits-for-double.json").read_text())
    server = ServerProcess(extra_args=("--scenes-directory", str(scenes), "--record", str(record)))
    server.start()
    try:
        async def tap_once():
            import touchbridge as tb
            async with tb.connect(server.ws_url, scene="s43-single-waits-for-double") as session:
                await session.perform(tb.tap((200, 400)), tb.pause(500))
        asyncio.run(tap_once())
        deadline = time.monotonic() + 10
        while not list(record.glob("*.jsonl")) and time.monotonic() < deadline:
            time.sleep(0.05)
        [recorded] = list(record.glob("*.jsonl"))
        exported = touchbridge("export", "--as", "pytest", "--scenes", str(scenes), str(recorded))
        assert exported.returncode == 0, exported.stderr
        assert 'tb.Transition("S", from_="possible", to="ended")' in exported.stdout, exported.stdout
        # The double tap's failure is expected: the single tap waited for it (require(toFail:)).
        assert 'tb.Transition("D", from_="possible", to="failed")' in exported.stdout, exported.stdout
        test_file = tmp_path / "test_recorded.py"
        test_file.write_text(exported.stdout)
        passed = run_pytest(test_file, server.ws_url)
        assert passed.returncode == 0, passed.stdout + passed.stderr
    finally:
        server.stop()
    changed = json.loads(scene_file.read_text())
    changed["relationships"] = []
    scene_file.write_text(json.dumps(changed))
    changed_server = ServerProcess(extra_args=("--scenes-directory", str(scenes)))
    changed_server.start()
    try:
        failed = run_pytest(test_file, changed_server.ws_url)
    finally:
        changed_server.stop()
    assert failed.returncode == 1, failed.stdout
    # Without the relationship the single tap ends at once, before the double tap fails: the order breaks.
    assert "missing: transition S → ended from possible" in failed.stdout, failed.stdout


def test_a_session_on_an_inline_scene_exports_with_its_scene_written_out(tmp_path):
    # The scene travels inside the test as JSON in a string literal: quotes and backslashes escaped.
    record = tmp_path / "recordings"
    server = ServerProcess(extra_args=("--record", str(record)))
    server.start()
    scene = {"name": "inline-scene", "description": 'a "quoted" pad \\ with a backslash',
             "views": [{"id": "pad", "kind": "view", "frame": [0, 0, 400, 800], "color": "#eeeeee"}],
             "recognizers": [{"id": "tap", "kind": "tap", "view": "pad"}]}
    try:
        async def tap_once():
            import touchbridge as tb
            async with tb.connect(server.ws_url, scene=scene) as session:
                await session.perform(tb.tap((200, 400)), tb.pause(100))
        asyncio.run(tap_once())
        deadline = time.monotonic() + 10
        while not list(record.glob("*.jsonl")) and time.monotonic() < deadline:
            time.sleep(0.05)
        [recorded] = list(record.glob("*.jsonl"))
        exported = touchbridge("export", "--as", "pytest", str(recorded))
        assert exported.returncode == 0 and "SCENE = json.loads(" in exported.stdout, exported.stderr
        test_file = tmp_path / "test_inline.py"
        test_file.write_text(exported.stdout)
        passed = run_pytest(test_file, server.ws_url)
        assert passed.returncode == 0, passed.stdout + passed.stderr
        swift = touchbridge("export", "--as", "swift", str(recorded))
        assert r'static let scene: SceneRequest = .inline(try! JSONDecoder().decode(JSONValue.self, from: Data("{\"description\":\"a \\\"quoted\\\" pad \\\\ with' in swift.stdout, swift.stdout[:2000]
    finally:
        server.stop()
