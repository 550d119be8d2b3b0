"""Durable recordings (issue 16, findings 3 and 4): ``serve --record`` never loses sessions silently,
never leaves a truncated line, never names files after session ids, and bounds in bytes what it holds
for connections that have not said hello.
"""

from __future__ import annotations

import asyncio
import json
import resource
import signal
import stat
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
import websockets

from conftest import ROOT, SERVER_BIN, ServerProcess
from test_server import SUBPROTOCOL, frame, hello


def metric(server: ServerProcess, name: str) -> float:
    with urllib.request.urlopen(server.base_url + "metrics", timeout=10) as response:
        for line in response.read().decode().splitlines():
            if line.startswith(name + " "):
                return float(line.split()[1])
    raise AssertionError(f"no metric {name}")


def wait_closed_files(directory: Path, count: int, timeout: float = 15) -> list[Path]:
    deadline = time.monotonic() + timeout
    while True:
        files = sorted(directory.glob("*.jsonl"))
        if len(files) >= count and all(f.read_text().endswith('{"close":true}\n') for f in files):
            return files
        assert time.monotonic() < deadline, f"{len(files)} closed recordings, expected {count}"
        time.sleep(0.05)


async def tap_session(url: str, taps: int = 1) -> str:
    async with websockets.connect(url, subprotocols=[SUBPROTOCOL]) as ws:
        await ws.send(hello("tap-recognition"))
        session = json.loads(await ws.recv())["session"]
        await ws.recv()
        for i in range(taps):
            await ws.send(frame(2 * i + 1, 1000 * i, ("down", 1, 60, 700)))
            await ws.send(frame(2 * i + 2, 1000 * i + 80, ("up", 1, 60, 700)))
            async with asyncio.timeout(10):
                while True:
                    m = json.loads(await ws.recv())
                    if m["type"] == "events" and m.get("seq") == 2 * i + 2:
                        break
        return session


def test_record_refuses_an_unwritable_directory_at_start():
    # /proc exists but nobody (root included) can create files in it.
    result = subprocess.run([str(SERVER_BIN), "serve", "--host", "127.0.0.1", "--port", "0", "--record", "/proc"],
                            cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert result.returncode != 0
    assert "--record /proc: the directory is not writable" in result.stdout + result.stderr


def test_record_names_the_part_of_the_path_that_stops_it(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    for path, expected in [(blocker / "recordings", f"--record {blocker / 'recordings'}: {blocker} is a file, not a directory"),
                           ("/proc/nowhere/recordings", "--record /proc/nowhere/recordings: cannot create /proc/nowhere: No such file or directory")]:
        result = subprocess.run([str(SERVER_BIN), "serve", "--host", "127.0.0.1", "--port", "0", "--record", str(path)],
                                cwd=ROOT, capture_output=True, text=True, timeout=30)
        assert result.returncode != 0 and expected in result.stderr, result.stderr
        assert "NSCocoaErrorDomain" not in result.stderr


def test_file_names_carry_no_session_id_and_the_directory_is_private(tmp_path):
    record = tmp_path / "new" / "recordings"
    server = ServerProcess(extra_args=("--record", str(record)))
    server.start()
    try:
        session = asyncio.run(tap_session(server.ws_url))
        [file] = wait_closed_files(record, 1)
    finally:
        server.stop()
    assert stat.S_IMODE(record.stat().st_mode) == 0o700
    assert stat.S_IMODE(file.stat().st_mode) == 0o600
    # Not even a few hex digits of the id: no 6-character run of the session id in the name.
    assert not any(session[i:i + 6] in file.name for i in range(len(session) - 5)), (session, file.name)
    assert json.loads(file.read_text().splitlines()[0])["session"] == session


def test_a_full_disk_is_logged_counted_and_leaves_only_whole_lines(tmp_path):
    record = tmp_path / "recordings"
    record.mkdir()

    def small_disk():
        # Files of this process may not grow past 12 KB: writes beyond fail with EFBIG, as on a full
        # disk (SIGXFSZ ignored so the write returns the error instead of killing the server).
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (12_000, 12_000))

    server = ServerProcess(extra_args=("--record", str(record)), preexec_fn=small_disk)
    server.start()
    try:
        async def run():
            # Several sessions, each writing more than the limit: every one still runs to its end.
            return await asyncio.gather(*(tap_session(server.ws_url, taps=12) for _ in range(4)))
        sessions = asyncio.run(run())
        assert len(set(sessions)) == 4
        errors = metric(server, "touchbridge_recording_errors_total")
    finally:
        server.stop()
    assert errors >= 4
    logged = [line for line in server.output if "recording failed" in line]
    assert len(logged) == 4, logged  # once per session, at error level
    assert all(" error " in line or "error" in line.split("recording failed")[0] for line in logged), logged
    files = sorted(record.glob("*.jsonl"))
    assert files
    for f in files:
        text = f.read_text()
        assert text.endswith("\n"), f"{f.name} ends in a truncated line"
        for line in text.splitlines():
            json.loads(line)


def test_what_is_held_before_hello_is_bounded_in_bytes(tmp_path):
    record = tmp_path / "recordings"
    # 6 MB of junk costs engine time: without a share to spend, the hello after it is not refused for
    # it (what this test measures is memory; test_security.py measures the share).
    server = ServerProcess(extra_args=("--record", str(record), "--engine-seconds-per-second", "0"))
    server.start()
    try:
        async def run():
            async with websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL], max_size=None) as ws:
                junk = json.dumps({"type": "mark", "note": "x" * 200_000})
                for _ in range(30):  # 6 MB before hello, each answered with an error
                    await ws.send(junk)
                    assert json.loads(await ws.recv())["type"] == "error"
                await ws.send(hello("tap-recognition"))
                assert json.loads(await ws.recv())["type"] == "welcome"
        asyncio.run(run())
        [file] = wait_closed_files(record, 1)
    finally:
        server.stop()
    lines = [json.loads(line) for line in file.read_text().splitlines()]
    before_hello = []
    for line in lines[1:]:
        if "in" in line and '"hello"' in line["in"]:
            break
        before_hello.append(line)
    held = sum(len(json.dumps(line)) for line in before_hello)
    assert held <= 64 * 1024 + 1024, f"{held} bytes of pre-hello entries were held"
    assert {"dropped": "recording-budget"} in before_hello
