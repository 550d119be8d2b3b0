"""Scripting from the outside: ``touchbridge drive`` and ``touchbridge replay`` as CI runs them (exit status,
reports) and the page's Mark button landing in a ``serve --record`` recording. (The documents' Python examples
run in test_doc_examples.py.)

No ``asyncio.run()`` here: this module uses the ``browser`` fixture (see conftest).
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from pathlib import Path

from websockets.sync.client import connect

from conftest import ROOT, ServerProcess
import conftest

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}


def touchbridge(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([str(conftest.SERVER_BIN), *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def test_drive_runs_the_example_scripts():
    result = touchbridge("drive", "Tests/scripts")
    assert result.returncode == 0, result.stdout + result.stderr
    scripts = sorted((ROOT / "Tests" / "scripts").glob("*.json"))
    assert f"drive: all {len(scripts)} scripts passed" in result.stdout
    assert result.stdout.count("\nPASS ") == len(scripts)


def test_drive_reports_failures_and_exits_1(tmp_path: Path):
    script = tmp_path / "wrong.json"
    script.write_text(json.dumps({"scene": "transform-image", "steps": [
        {"gesture": "pinch", "center": [200, 400], "from": 100, "to": 200},
        {"expect": "render", "view": "image", "property": "transform", "equals": [3, 0, 0, 3, 0, 0], "tolerance": 0.01}]}))
    result = touchbridge("drive", str(script))
    assert result.returncode == 1
    assert "FAIL steps[1]: expected image.transform = [3, 0, 0, 3, 0, 0] ± 0.01" in result.stdout
    assert "it is [2,0,0,2,0,0]" in result.stdout
    assert "drive: 1 of 1 script failed" in result.stdout

    broken = tmp_path / "broken.json"
    broken.write_text('{"steps": [{"gesture": "tap", "at": [1, 2], "finger": 2}]}')
    result = touchbridge("drive", str(broken))
    assert result.returncode == 1
    assert "steps[0].finger: unknown field" in result.stdout


def test_drive_against_a_running_server(server_process):
    # The page address, as `serve` prints it, works as well as the WebSocket URL.
    result = touchbridge("drive", "--url", server_process.base_url, "Tests/scripts/single-double-tap.json")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "PASS Tests/scripts/single-double-tap.json" in result.stdout


def test_replay_check_passes_and_is_byte_identical():
    first = touchbridge("replay", "--check", "Tests/recordings")
    second = touchbridge("replay", "--check", "Tests/recordings")
    assert first.returncode == 0, first.stdout + first.stderr
    assert first.stdout == second.stdout
    recordings = sorted((ROOT / "Tests" / "recordings").glob("*.jsonl"))
    assert len(recordings) >= 3
    assert first.stdout.count("outbound messages identical") == len(recordings)
    assert "pinch:possible→began" in first.stdout
    assert "longPress:possible→began" in first.stdout
    assert "act(doubleTap,ended)" in first.stdout


def test_replay_check_catches_a_changed_message(tmp_path: Path):
    original = (ROOT / "Tests" / "recordings" / "single-double-tap.jsonl").read_text()
    mutated = tmp_path / "mutated.jsonl"
    mutated.write_text(original.replace('\\"x\\":97.5', '\\"x\\":300', 1))
    result = touchbridge("replay", "--check", "--quiet", str(mutated))
    assert result.returncode == 1
    assert re.search(r"difference at line \d+ \(\{\"type\":\"input\"", result.stdout), result.stdout
    assert 'what differs: log lines — recorded only: hit(1) window>root>recognizers' in result.stdout and 'replayed only: hit(1) window>root>tapCount' in result.stdout


def test_the_mark_button_lands_in_the_recording(browser, tmp_path: Path):
    record = tmp_path / "record"
    server = ServerProcess(extra_args=("--record", str(record)))
    server.start()
    try:
        context = browser.new_context(**PHONE)
        page = context.new_page()
        page.goto(f"{server.base_url}?scene=tap-recognition&panel=open")
        page.wait_for_function("() => window.__touchbridge && window.__touchbridge.state === 'joined'")
        page.click("#mark")
        page.wait_for_function("() => (window.__touchbridge.sent.mark || 0) === 1")
        page.wait_for_function("() => window.__touchbridge.log.some(e => e.text && e.text.startsWith('mark 1'))")
        context.close()
        recording = finished_recording(record)
        lines = [json.loads(line) for line in recording.read_text().splitlines()]
        assert lines[0]["format"] == "touchbridge-recording"
        assert lines[0]["scene"] == "tap-recognition"
        marks = [json.loads(line["in"]) for line in lines[1:] if "in" in line and '"mark"' in line["in"]]
        assert [m["note"] for m in marks] == ["mark 1"]
    finally:
        server.stop()
    result = touchbridge("replay", "--check", str(recording))
    assert result.returncode == 0, result.stdout
    assert "# mark: mark 1" in result.stdout


def finished_recording(record: Path) -> Path:
    """The one recording of ``record`` once its session has closed (the server writes the close line last)."""
    deadline = time.monotonic() + 10
    files: list[Path] = []
    while time.monotonic() < deadline:
        files = sorted(record.glob("*.jsonl"))
        if files and '{"close":true}' in files[0].read_text():
            break
        time.sleep(0.05)
    assert len(files) == 1, files
    return files[0]


def test_replay_shows_a_clients_act_and_what_it_answered_without_diagnostics(tmp_path: Path):
    # Issue 28 §5: a client's act used to show only with --diagnostics (its notes are diagnostic entries).
    scene = {"name": "lab", "views": [{"id": "round", "frame": [150, 300, 100, 100], "responder": "log"}],
             "recognizers": [{"id": "tap", "kind": "tap", "view": "round"}],
             "controller": {"responder": "log", "canBecomeFirstResponder": True}}
    finger = {"id": 1, "x": 200, "y": 350, "pointerType": "touch"}
    messages = [{"type": "input", "seq": 1, "pointers": [{**finger, "phase": "down", "t": 0}]},
                {"type": "input", "seq": 2, "pointers": [{**finger, "phase": "up", "t": 60}]},
                {"type": "act", "seq": 3, "t": 100, "actions": [
                    {"set": {"recognizer": "tap", "property": "numberOfTapsRequired", "value": 2}},
                    {"becomeFirstResponder": "controller"}]},
                {"type": "act", "seq": 4, "t": 100, "actions": [{"report": {"view": "round", "property": "frame"}}]}]
    record = tmp_path / "record"
    server = ServerProcess(extra_args=("--record", str(record)))
    server.start()
    try:
        # The synchronous client: this module's browser fixture runs an event loop (no asyncio.run here).
        with connect(server.ws_url, subprotocols=["touchbridge.v1"]) as ws:
            ws.send(json.dumps({"type": "hello", "protocol": 1, "role": "device", "clock": "manual", "scene": scene,
                                "viewport": {"width": 400, "height": 800, "scale": 2}}))
            for message in messages:
                ws.send(json.dumps(message))
                while (reply := json.loads(ws.recv(timeout=30)))["type"] != "events" or reply.get("seq") != message["seq"]:
                    assert reply["type"] != "error", reply
        recording = finished_recording(record)
    finally:
        server.stop()
    result = touchbridge("replay", "--check", str(recording))
    assert result.returncode == 0, result.stdout + result.stderr
    lines = [line.split(" ms  ", 1)[1] for line in result.stdout.splitlines() if " ms  " in line]
    assert lines[lines.index("act(tap,ended)") + 1:] == [
        "note: act: set tap.numberOfTapsRequired = 2",
        "note: act: controller.becomeFirstResponder() → true",
        "note: act: round.frame = (150, 300, 100, 100)"], result.stdout
    assert not any(line.startswith("hit(") for line in lines), "the other diagnostics stay out"
    with_diagnostics = touchbridge("replay", "--diagnostics", str(recording)).stdout
    assert "hit(1) window>root>round" in with_diagnostics and "note: act: round.frame = (150, 300, 100, 100)" in with_diagnostics


def test_replay_from_another_directory_says_the_scenes_are_missing_and_scenes_fixes_it(tmp_path: Path):
    recording = str(ROOT / "Tests" / "recordings" / "single-double-tap.jsonl")
    elsewhere = subprocess.run([str(conftest.SERVER_BIN), "replay", "--check", "--quiet", recording], cwd=tmp_path,
                               capture_output=True, text=True, timeout=120)
    assert elsewhere.returncode == 1 and "difference at line 3" in elsewhere.stdout, elsewhere.stdout
    assert "the recording's scenes directory config/scenes is not found" in elsewhere.stderr and "--scenes DIR" in elsewhere.stderr
    given = subprocess.run([str(conftest.SERVER_BIN), "replay", "--check", "--quiet", "--scenes", str(ROOT / "config" / "scenes"),
                            recording], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert given.returncode == 0 and given.stderr == "", given.stdout + given.stderr


def scripting_section(title: str) -> str:
    text = (ROOT / "docs" / "scripting.md").read_text()
    start = text.index(f"\n## {title}")
    return text[start:text.find("\n## ", start + 1)]


def test_the_guide_says_what_replay_check_needs_and_prints():
    # Issue 28 §5: `--scenes` was undocumented next to `--check`, and "outbound message N" unexplained.
    section = scripting_section("5. Recording and replay")
    check = section[section.index("`--check` also compares"):]
    check = check[:check.index("```")]
    assert "`--scenes DIR`" in check and '"Outbound message N" counts' in check, check


def test_every_field_of_the_example_scripts_is_in_the_guides_format():
    # Issue 28 §5: the W3C scripts' `description` was undocumented. Each top-level field any script of
    # Tests/scripts uses is in §3 (its format block, or the text: `"gestures"`).
    section = scripting_section("3. Script files")
    used = {key for path in (ROOT / "Tests" / "scripts").glob("*.json") for key in json.loads(path.read_text())
            if not key.startswith("//")}
    assert "description" in used
    assert not [key for key in used if f'"{key}"' not in section], used
