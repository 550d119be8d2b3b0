"""Every client-triggered cost bounded before it is paid (issue 30, items 3, 4, 6, 11, 12): the scene as
``act`` and ``timeline`` make it stays within the scene limits, ``--record`` stops at its byte limits and
says so in the file, the log and /metrics, /metrics series come from closed sets whatever close codes
clients choose, and mistyped settings stop ``serve`` at start with a message naming the setting and its
source. Loopback only, bounded loops, the real server binary.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import time

import pytest
import websockets

from conftest import ROOT, SERVER_BIN
from test_security import metrics_values, start_server
from test_server import SUBPROTOCOL, hello

# ------------------------------------------------------------------- /metrics: closed label sets


def close_series(values: dict[str, float]) -> dict[str, float]:
    return {key: value for key, value in values.items() if key.startswith("touchbridge_transport_closes_total")}


def test_a_close_code_sweep_leaves_the_series_count_bounded(tmp_path):
    server = start_server(tmp_path, {})
    try:
        before = len(close_series(metrics_values(server)))

        async def sweep():
            for code in range(3000, 3000 + 120):
                async with websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL]) as ws:
                    await ws.send(hello("tap-recognition"))
                    await ws.recv()
                    await ws.close(code=code, reason="sweep")

        asyncio.run(sweep())
        series = close_series(metrics_values(server))
        # RFC 6455's codes, the server's own (4001, 4401, 4408) and `other`: at most 20, whatever clients send.
        assert len(series) - before <= 20, sorted(series)
        assert series.get('touchbridge_transport_closes_total{code="other"}', 0) >= 120, series
    finally:
        server.stop()


# ------------------------------------------------------------- act and timeline: the scene as it becomes

BASE = {"name": "bounds", "views": [{"id": "top", "frame": [0, 0, 400, 800]}]}


def chain(prefix: str, levels: int) -> dict:
    """A view with `levels` levels of single children (ids prefix0, prefix1, …)."""
    view: dict | None = None
    for level in reversed(range(levels)):
        view = {"id": f"{prefix}{level}", "frame": [0, 0, "100%", "100%"], **({"children": [view]} if view else {})}
    assert view
    return view


def add_view(view: dict, to: str = "top") -> dict:
    return {"add": {"view": view, "to": to}}


def act(t: float, *actions: dict) -> dict:
    return {"type": "act", "t": t, "actions": list(actions)}


async def exchange(url: str, scene: dict, messages: list[dict]) -> list[dict]:
    """Says hello with `scene` (manual clock), then each message; the reply that ends each (events or error)."""
    replies: list[dict] = []
    async with websockets.connect(url, subprotocols=[SUBPROTOCOL], max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "role": "device", "clock": "manual", "scene": scene,
                                  "viewport": {"width": 400, "height": 800, "scale": 2}}))
        welcome = json.loads(await ws.recv())
        replies.append(welcome)
        if welcome["type"] == "error":
            return replies
        for seq, message in enumerate(messages, start=1):
            await ws.send(json.dumps({**message, "seq": seq}))
            async with asyncio.timeout(60):
                while True:
                    reply = json.loads(await ws.recv())
                    if reply.get("code") == "rate-limited":  # a debug build's scene work passes the engine-time share
                        await asyncio.sleep(reply["retryAfterMs"] / 1000)
                        await ws.send(json.dumps({**message, "seq": seq}))
                    elif reply.get("seq") == seq and reply["type"] in ("events", "error"):
                        replies.append(reply)
                        break
    return replies


def exchanged(url: str, scene: dict, messages: list[dict]) -> list[dict]:
    return asyncio.run(exchange(url, scene, messages))


def report(view: str) -> dict:
    return {"report": {"view": view, "property": "frame"}}


def test_act_cannot_nest_views_deeper_than_the_scene_limit_and_applies_nothing_of_a_refused_message(server_process):
    replies = exchanged(server_process.ws_url, BASE, [
        act(10, add_view(chain("a", 31)), add_view(chain("c", 10))),  # top is level 1: a30 is level 32, the limit
        act(20, add_view({"id": "early", "frame": [0, 0, 1, 1]}), add_view(chain("b", 1), to="a30")),
        act(30, report("early")),
        act(40, {"move": {"view": "c0", "to": "a25"}}),  # a25 is level 27, c0's subtree 10 levels
    ])
    assert [r["type"] for r in replies] == ["welcome", "events", "error", "error", "error"], replies
    assert replies[2]["path"] == "actions[1]" and "maximumDepth" in replies[2]["message"] and "33" in replies[2]["message"], replies[2]
    assert 'no view named "early"' in replies[3]["message"], "the first action of the refused message was not applied"
    assert "maximumDepth" in replies[4]["message"], "moving a subtree under its own deepest view would nest it deeper too"


def test_act_cannot_add_views_or_recognizers_beyond_the_scene_limits(server_process):
    wide = {"id": "wide", "frame": [0, 0, 400, 800], "children": [{"id": f"w{i}", "frame": [i, 0, 1, 1]} for i in range(399)]}
    more = {"id": "more", "frame": [0, 0, 1, 1], "children": [{"id": f"m{i}", "frame": [i, 1, 1, 1]} for i in range(99)]}
    replies = exchanged(server_process.ws_url, BASE, [
        act(10, add_view(wide)),  # 1 + 400 views
        act(20, {"remove": {"view": "wide"}}),  # removed views still count: the scene keeps them to put back
        act(30, add_view(more)),  # 401 + 100 = 501 > 500
        act(40, add_view({"id": "last", "frame": [0, 0, 1, 1], "children": [{"id": f"l{i}", "frame": [i, 1, 1, 1]} for i in range(98)]})),
    ] + [act(50 + batch, *({"add": {"recognizer": {"id": f"r{batch}-{i}", "kind": "tap", "view": "top"}}} for i in range(50)))
         for batch in range(4)] + [act(60, {"add": {"recognizer": {"id": "one-more", "kind": "tap", "view": "top"}}})])
    kinds = [r["type"] for r in replies]
    assert kinds == ["welcome", "events", "events", "error", "events"] + ["events"] * 4 + ["error"], kinds
    assert "maximumViews" in replies[3]["message"] and "501" in replies[3]["message"], replies[3]
    assert "maximumRecognizers" in replies[-1]["message"] and "201" in replies[-1]["message"], replies[-1]


def test_a_timeline_that_nests_past_the_limit_is_refused_at_hello_and_one_that_act_crowds_out_is_skipped(server_process):
    deep = {**BASE, "timeline": [{"t": 10, "actions": [add_view(chain("a", 31))]},
                                 {"t": 20, "actions": [add_view(chain("b", 31), to="a30")]}]}
    [reply] = exchanged(server_process.ws_url, deep, [])
    assert reply["type"] == "error" and "timeline[1].actions[0]" in reply.get("path", "") + reply["message"], reply
    assert "maximumDepth" in reply["message"], reply

    late = {**BASE, "timeline": [{"t": 100, "actions": [add_view({"id": "late", "frame": [0, 0, 1, 1]})]}]}
    filler = {"id": "filler", "frame": [0, 0, 1, 1], "children": [{"id": f"f{i}", "frame": [i, 0, 1, 1]} for i in range(498)]}
    replies = exchanged(server_process.ws_url, late, [act(10, add_view(filler)), {"type": "advance", "t": 200}, act(210, report("late"))])
    notes = [e["text"] for e in replies[2]["log"]]
    assert any("timeline: add view late" in n and "skipped" in n and "maximumViews" in n for n in notes), notes
    assert replies[3]["type"] == "error" and 'no view named "late"' in replies[3]["message"], replies[3]


# ----------------------------------------------------------------------------- --record byte limits

async def big_pings(url: str, count: int, pad: int = 5000) -> int:
    """A device session that sends `count` pings of about `pad` bytes; how many got their answer."""
    answered = 0
    async with websockets.connect(url, subprotocols=[SUBPROTOCOL]) as ws:
        await ws.send(hello("tap-recognition"))
        await ws.recv()
        await ws.recv()
        for i in range(count):
            await ws.send(json.dumps({"type": "ping", "id": i, "pad": "x" * pad}))
            async with asyncio.timeout(10):
                while True:
                    reply = json.loads(await ws.recv()); print("GOT", str(reply)[:150])
                    if reply["type"] in ("pong", "error"):
                        answered += 1
                        break
    return answered


def wait_for(predicate, timeout: float = 15.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_record_stops_a_session_at_its_byte_limit_and_every_session_at_the_total(tmp_path):
    record = tmp_path / "rec"
    server = start_server(tmp_path, {"maxRecordingBytesPerSession": 40_000, "maxRecordingBytes": 100_000}, "--record", str(record))
    try:
        assert asyncio.run(big_pings(server.ws_url, 20)) == 20, "the session goes on past its recording's limit"
        wait_for(lambda: len(list(record.glob("*.jsonl"))) == 1)
        [first] = record.glob("*.jsonl")
        wait_for(lambda: first.read_text().endswith("\n") and "recording-session-limit" in first.read_text())
        lines = first.read_text().splitlines()
        assert json.loads(lines[-1]) == {"dropped": "recording-session-limit"}, lines[-1][:200]
        assert first.stat().st_size <= 40_000 + len(lines[-1]) + 1
        assert json.loads(lines[0])["format"] == "touchbridge-recording"
        values = metrics_values(server)
        assert values.get('touchbridge_recording_cuts_total{limit="session"}') == 1, values
        assert sum("recording stopped at its byte limit" in line for line in server.output) == 1

        for _ in range(4):  # 4 more sessions of up to 40,000 bytes each pass the 100,000 in all
            assert asyncio.run(big_pings(server.ws_url, 20)) == 20
        wait_for(lambda: metrics_values(server).get('touchbridge_recording_cuts_total{limit="server"}', 0) >= 1)
        total = sum(f.stat().st_size for f in record.glob("*.jsonl"))
        assert total <= 100_000 + 5 * 60, total
        assert any(f.read_text().splitlines()[-1] == '{"dropped":"recording-server-limit"}' for f in record.glob("*.jsonl"))
        server_lines = [line for line in server.output if "recording stopped at its byte limit" in line and "maxRecordingBytes" in line
                        and "PerSession" not in line]
        assert len(server_lines) == 1, server_lines

        replayed = subprocess.run([str(SERVER_BIN), "replay", str(first)], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert "# the recording stops here: maxRecordingBytesPerSession reached (recording-session-limit)" in replayed.stdout, \
            (replayed.returncode, replayed.stdout[-500:], replayed.stderr[-500:])
    finally:
        server.stop()


# ------------------------------------------------------------------ mistyped settings stop serve at start

def serve_fails(tmp_path, env: dict[str, str] | None = None, config: str | None = None, *flags: str) -> tuple[int, str]:
    """Runs `serve` on loopback with a bad setting; its exit status and output (it must not start)."""
    command = [str(SERVER_BIN), "serve", "--host", "127.0.0.1", "--port", "0", *flags]
    if config is not None:
        path = tmp_path / "bad.json"
        path.write_text(config)
        command += ["--config", str(path)]
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TOUCHBRIDGE_")}
    done = subprocess.run(command, cwd=ROOT, env={**clean, **(env or {})}, capture_output=True, text=True, timeout=60)
    assert "TouchBridge listening" not in done.stdout, done.stdout
    return done.returncode, done.stdout + done.stderr


@pytest.mark.parametrize("variable, key", [
    ("TOUCHBRIDGE_MAX_CONNECTIONS", "maxConnections"),
    ("TOUCHBRIDGE_OUTBOUND_BUDGET_BYTES", "outboundBudgetBytes"),
    ("TOUCHBRIDGE_MAX_UNJOINED_CONNECTIONS", "maxUnjoinedConnections"),
])
def test_an_overflowing_limit_in_the_environment_is_refused_naming_it_and_the_variable(tmp_path, variable, key):
    status, output = serve_fails(tmp_path, {variable: "9223372036854775807"})
    assert status == 1 and key in output and f"environment variable {variable}" in output, (status, output)
    assert "Fatal error" not in output and "Trace/breakpoint" not in output


def test_a_tiny_share_or_ping_interval_is_refused_naming_the_flag_and_the_file(tmp_path):
    status, output = serve_fails(tmp_path, None, None, "--engine-seconds-per-second", "1e-300")
    assert status == 1 and "engineSecondsPerSecond" in output and "flag --engine-seconds-per-second" in output, output
    status, output = serve_fails(tmp_path, None, '{"keepAlivePingSeconds": 1e-9}')
    assert status == 1 and "keepAlivePingSeconds" in output and "bad.json" in output and "0 or 0.1…86400" in output, output


def test_a_value_of_the_wrong_type_in_the_file_is_refused_naming_it(tmp_path):
    status, output = serve_fails(tmp_path, None, '{"maxConnections": {"value": 10}}')
    assert status == 1 and "maxConnections" in output and "bad.json" in output and "an integer" in output, output


def test_help_shows_every_range():
    done = subprocess.run([str(SERVER_BIN), "serve", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    text = " ".join(done.stdout.split())  # --help wraps its lines
    assert "--max-connections N (TOUCHBRIDGE_MAX_CONNECTIONS, default 1000, range 1…100000)" in text, text[-2000:]
    assert "--engine-seconds-per-second SHARE (TOUCHBRIDGE_ENGINE_SECONDS_PER_SECOND, default 0.05, range 0 or 0.001…1)" in text
