"""What-if and flake on the live session (issue 26, docs/protocol.md §4.13, §5.7), black-box over the
real server: a device asks what its own session would have done against a changed app, or how often
its last gesture's outcomes hold under jitter; the answer goes to the device and its observers; every
hostile request is refused with a typed error and the server keeps serving.
"""

from __future__ import annotations

import asyncio
import json

import pytest
import websockets

from conftest import ServerProcess
from test_server import SUBPROTOCOL, events_for, frame, hello, receive_until

# The single-double-tap scene on a 400×800 viewport: the left pane holds singleTap, which requires
# doubleTap to fail.
PANE = (100, 400)
UNRELATE = {"unrelate": {"requireToFail": ["singleTap", "doubleTap"]}}


@pytest.fixture(scope="module")
def live_server():
    """Without the engine-time share: the tests open many connections from one address, whose debt
    would carry from one to the next (docs/security.md); `shared_server` keeps the share."""
    server = ServerProcess(extra_args=("--engine-seconds-per-second", "0"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def shared_server():
    """The default engine-time share: a sweep's slices are charged to its connection."""
    server = ServerProcess()
    server.start()
    yield server
    server.stop()


def is_type(kind: str):
    return lambda m: m["type"] == kind


def is_error(code: str | None = None):
    return lambda m: m["type"] == "error" and (code is None or m["code"] == code)


async def joined(url: str, scene: str = "single-double-tap"):
    ws = await websockets.connect(url, subprotocols=[SUBPROTOCOL], max_size=None)
    await ws.send(hello(scene))
    welcome = (await receive_until(ws, is_type("welcome")))[-1]
    await receive_until(ws, lambda m: m["type"] == "render" and m["full"])
    ws.session = welcome["session"]
    return ws


async def watching(url: str, session: str):
    """An observer of `session`, joined."""
    ws = await websockets.connect(url, subprotocols=[SUBPROTOCOL], max_size=None)
    await ws.send(json.dumps({"type": "hello", "protocol": 1, "role": "observer", "session": session,
                              "viewport": {"width": 400, "height": 800, "scale": 1}, "clock": "manual"}))
    await receive_until(ws, lambda m: m["type"] == "render" and m["full"])
    return ws


async def double_tap(ws, seq: int = 1, start: float = 0, gap: float = 200) -> int:
    """Two taps on the left pane `gap` ms apart, then the clock runs a second on; the next seq."""
    x, y = PANE
    for down, up in ((start, start + 60), (start + gap, start + gap + 60)):
        await ws.send(frame(seq, down, ("down", 1, x, y)))
        await receive_until(ws, events_for(seq))
        await ws.send(frame(seq + 1, up, ("up", 1, x, y)))
        await receive_until(ws, events_for(seq + 1))
        seq += 2
    await ws.send(json.dumps({"type": "advance", "t": start + gap + 1060}))
    await receive_until(ws, is_type("events"))
    return seq


async def ask(ws, request: dict, kind: str, timeout: float = 20) -> dict:
    await ws.send(json.dumps(request))
    return (await receive_until(ws, lambda m: m["type"] in (kind, "error"), timeout=timeout))[-1]


def test_a_what_if_on_the_live_session_flips_the_double_tap_and_observers_see_it(live_server):
    async def run():
        device = await joined(live_server.ws_url)
        watch = await watching(live_server.ws_url, device.session)
        other = await joined(live_server.ws_url)
        await double_tap(device)
        answer = await ask(device, {"type": "what-if", "changes": [UNRELATE]}, "what-if")
        assert answer["type"] == "what-if", answer
        assert answer["source"] == "live" and "frame" not in answer and answer["omitted"] == 0
        report = answer["report"]
        assert report["identical"] is False
        assert report["applied"] == ['single-double-tap: {"unrelate":{"requireToFail":["singleTap","doubleTap"]}}']
        outcomes = {o["subject"]: (o["recorded"], o["whatIf"]) for o in report["outcomes"]}
        # With the requirement the double tap wins and the single tap fails; without it both fire (GC-S06):
        # the single tap at each lift, the double tap at the second.
        assert outcomes["doubleTap"] == (["ended"], ["ended"]), outcomes
        assert outcomes["singleTap"] == (["failed"], ["ended", "ended"]), outcomes
        flipped = [c for c in report["changed"] if c["subject"] == "singleTap"]
        assert flipped[0]["recorded"]["result"] == "failed" and flipped[0]["recorded"]["reason"], flipped
        assert flipped[0]["whatIf"]["result"] == "ended"
        assert report["firstDifference"]["line"] >= 3 and report["firstDifference"]["whatIf"] != report["firstDifference"]["recorded"]
        # The observer gets the same answer, byte for byte; a device of another session gets nothing.
        seen = (await receive_until(watch, is_type("what-if")))[-1]
        assert seen == answer
        await other.send(json.dumps({"type": "ping", "id": 1}))
        assert all(m["type"] != "what-if" for m in await receive_until(other, is_type("pong")))
        await other.close()
        # The live session was not touched: it goes on, and asking again gives the same answer.
        again = await ask(device, {"type": "what-if", "changes": [UNRELATE]}, "what-if")
        assert again == answer
        await watch.close()
        await device.close()

    asyncio.run(run())


def test_a_change_that_changes_nothing_and_the_short_form(live_server):
    async def run():
        device = await joined(live_server.ws_url)
        await double_tap(device)
        answer = await ask(device, {"type": "what-if", "changes": ["singleTap.allowableMovement=40"]}, "what-if")
        assert answer["report"]["identical"] is True and answer["report"]["changed"] == [], answer
        assert answer["report"]["applied"] == ["single-double-tap: singleTap.allowableMovement=40"]
        # A threshold: 140 ms from the first lift to the second landing is past a 100 ms interval.
        interval = await ask(device, {"type": "what-if", "changes": ["doubleTap.maximumIntervalBetweenSuccessiveTaps=0.1"]}, "what-if")
        double = [c for c in interval["report"]["changed"] if c["subject"] == "doubleTap"]
        assert double[0]["recorded"]["result"] == "ended" and double[0]["whatIf"]["result"] == "failed", double
        assert "interval 100 ms" in double[0]["whatIf"]["reason"], double
        # Its margin: the 140 ms the finger took, against the 100 ms threshold, crossed.
        margins = [m for m in double[0]["whatIf"]["margins"] if m["threshold"] == "maximumIntervalBetweenSuccessiveTaps"]
        assert margins and margins[0]["limitValue"] == 100 and margins[0]["side"] == "outside", double
        await device.close()

    asyncio.run(run())


def test_a_what_if_while_paused_replays_up_to_the_frame_shown(live_server):
    async def run():
        device = await joined(live_server.ws_url)
        await double_tap(device)
        await device.send(json.dumps({"type": "pause"}))
        await receive_until(device, is_type("stepping"))
        await receive_until(device, is_type("step"))
        whole = await ask(device, {"type": "what-if", "changes": [UNRELATE]}, "what-if")
        assert whole["frame"] >= 5
        # The first difference is the first tap's lift (the single tap recognizes at once): frame 2 —
        # the hello is frame 0, the landing 1, the lift 2, as `step` counts them.
        assert whole["differsAtFrame"] == 2, whole
        await device.send(json.dumps({"type": "step", "frame": whole["differsAtFrame"]}))
        shown = (await receive_until(device, lambda m: m["type"] == "step" and m["frame"] == 2))[-1]
        assert shown["t"] == whole["report"]["firstDifference"]["t"], (shown["t"], whole["report"]["firstDifference"])
        # Frame 2: the first tap's landing; nothing has been decided yet on either side.
        await device.send(json.dumps({"type": "step", "frame": 2}))
        await receive_until(device, lambda m: m["type"] == "step" and m["frame"] == 2)
        early = await ask(device, {"type": "what-if", "changes": [UNRELATE]}, "what-if")
        assert early["frame"] == 2 and early["events"] < whole["events"], (early, whole)
        # Decisions that wait for time settle after the cut (the replay runs the app's timers out):
        # the single tap alone fails to wait for nothing — it recognizes at once without the requirement.
        assert early["report"]["changed"] != whole["report"]["changed"]
        await device.send(json.dumps({"type": "resume"}))
        await receive_until(device, is_type("resumed"))
        await device.close()

    asyncio.run(run())


def test_flake_on_the_last_gesture_is_deterministic_for_a_seed(live_server):
    async def run():
        answers = []
        for history in (True, False):
            device = await joined(live_server.ws_url)
            seq = await double_tap(device) if history else 1
            # The last gesture: a double tap with 340 ms from the first lift to the second landing, close
            # to the 350 ms interval. With `history`, an earlier double tap replays as it was.
            await double_tap(device, seq=seq, start=5000, gap=400)
            request = {"type": "flake", "variants": 40, "seed": 7, "jitterMs": 20, "jitterPt": 0}
            first = await ask(device, request, "flake")
            assert first["type"] == "flake", first
            if history:
                assert await ask(device, request, "flake") == first, "the same seed gives the same answer"
                other = await ask(device, {**request, "seed": 8}, "flake")
                assert other["report"]["subjects"] != first["report"]["subjects"]
            answers.append(first)
            await device.close()
        with_history, alone = answers
        assert with_history["fromLine"] == 9 and alone["fromLine"] == 4, (with_history["fromLine"], alone["fromLine"])
        report = with_history["report"]
        assert report["variants"] == 40 and report["seed"] == 7 and report["jitter"]["timingMs"] == 20
        subjects = {s["subject"]: s for s in report["subjects"]}
        double = subjects["doubleTap"]
        # Only the last gesture is counted (one double tap in the baseline), and the history before it
        # does not change the tally: the same 25 of 40 variants keep the double tap either way.
        assert double["baseline"] == ["ended"], double
        assert double["unchanged"] == 25, double
        def tally(answer):
            return [(s["subject"], s["baseline"], s["unchanged"], [(g["count"], g["results"]) for g in s["changed"]])
                    for s in answer["report"]["subjects"]]
        assert tally(alone) == tally(with_history)
        group = double["changed"][0]
        assert group["count"] == 15 and group["firstChange"]["whatIf"]["reason"].startswith("multi-tap interval 350 ms"), group
        margin = group["firstChange"]["whatIf"]["margins"][0]
        assert margin["threshold"] == "maximumIntervalBetweenSuccessiveTaps" and margin["side"] == "outside", margin

    asyncio.run(run())


@pytest.mark.parametrize("request_, code, path", [
    ({"type": "flake", "variants": 1e300}, "schema", "variants"),
    ({"type": "flake", "variants": 10**9}, "limit", "variants"),
    ({"type": "flake", "variants": 0}, "limit", "variants"),
    ({"type": "flake", "variants": -5}, "limit", "variants"),
    ({"type": "flake", "variants": 2.5}, "schema", "variants"),
    ({"type": "flake", "seed": -1}, "schema", "seed"),
    ({"type": "flake", "jitterMs": "NaN"}, "schema", "jitterMs"),
    ({"type": "flake", "jitterMs": 1e300}, "schema", "jitterMs"),
    ({"type": "flake", "jitterPt": -1}, "schema", "jitterPt"),
    ({"type": "flake", "dropFrames": 0.95}, "schema", "dropFrames"),
    ({"type": "flake", "frameRate": 0}, "schema", "frameRate"),
    ({"type": "what-if"}, "schema", "changes"),
    ({"type": "what-if", "changes": []}, "limit", "changes"),
    ({"type": "what-if", "changes": ["a.b=1"] * 65}, "limit", "changes"),
    ({"type": "what-if", "changes": [42]}, "schema", "changes[0]"),
    ({"type": "what-if", "changes": ["no equals sign"]}, "schema", "changes[0]"),
    ({"type": "what-if", "changes": ["x" * 20000]}, "limit", "changes[0]"),
    ({"type": "what-if", "changes": ["ghost.enabled=false"]}, "schema", "changes"),
    # A recognizer of another scene (and session): nothing of this session has that name.
    ({"type": "what-if", "changes": ["pinch.scale=2"]}, "schema", "changes"),
    ({"type": "what-if", "changes": [{"explode": {}}]}, "schema", "changes"),
])
def test_hostile_requests_get_typed_errors_and_the_session_goes_on(live_server, request_, code, path):
    async def run():
        device = await joined(live_server.ws_url)
        await double_tap(device)
        await device.send(json.dumps(request_))
        error = (await receive_until(device, lambda m: m["type"] in ("error", "what-if", "flake"), timeout=20))[-1]
        assert error["type"] == "error" and error["code"] == code, error
        assert error.get("path") == path, error
        await device.send(json.dumps({"type": "ping", "id": 5}))
        await receive_until(device, is_type("pong"))
        await device.close()

    asyncio.run(run())


def test_observers_and_sessions_without_a_gesture_are_refused(live_server):
    async def run():
        device = await joined(live_server.ws_url)
        watch = await watching(live_server.ws_url, device.session)
        refused = await ask(watch, {"type": "what-if", "changes": [UNRELATE]}, "what-if")
        assert refused["code"] == "not-allowed", refused
        none = await ask(device, {"type": "flake", "variants": 3}, "flake")
        assert none["code"] == "not-allowed" and "no gesture" in none["message"], none
        await watch.close()
        await device.close()

    asyncio.run(run())


def test_one_at_a_time_a_flood_while_one_runs_is_refused_busy(shared_server):
    async def run():
        device = await joined(shared_server.ws_url)
        await double_tap(device)
        await device.send(json.dumps({"type": "flake", "variants": 40, "seed": 1}))
        for _ in range(30):
            await device.send(json.dumps({"type": "what-if", "changes": [UNRELATE]}))
        messages = await receive_until(device, is_type("flake"), timeout=60)
        errors = [m for m in messages if m["type"] == "error"]
        assert errors and all(m["code"] in ("busy", "rate-limited") for m in errors), errors
        assert any(m["code"] == "busy" for m in errors)
        assert not any(m["type"] == "what-if" for m in messages), "nothing else started while the sweep ran"
        assert messages[-1]["report"]["variants"] == 40
        await device.close()

    asyncio.run(run())


def test_a_long_session_is_bounded_before_the_work_is_paid(live_server):
    async def run():
        device = await joined(live_server.ws_url)
        x, y = PANE
        await device.send(frame(1, 0, ("down", 1, x, y)))
        for seq in range(2, 302):
            await device.send(frame(seq, seq * 8, ("move", 1, x, y + seq % 3)))
        await device.send(frame(302, 2500, ("up", 1, x, y)))
        await receive_until(device, events_for(302), timeout=20)
        # 300-odd events × 1,001 runs is past the 200,000 events one request may replay.
        error = await ask(device, {"type": "flake", "variants": 1000}, "flake")
        assert error["code"] == "limit" and "200000" in error["message"], error
        await device.close()

    asyncio.run(run())


def test_disconnecting_mid_run_drops_the_work_and_the_server_serves_on(live_server):
    async def run():
        for _ in range(3):
            device = await joined(live_server.ws_url)
            await double_tap(device)
            await device.send(json.dumps({"type": "flake", "variants": 1000, "seed": 3}))
            await device.close()
        # The server's 4 slots are free again: 4 sweeps at once from 4 devices all get their answers.
        devices = [await joined(live_server.ws_url) for _ in range(4)]
        for device in devices:
            await double_tap(device)
        for device in devices:
            await device.send(json.dumps({"type": "flake", "variants": 5}))
        for device in devices:
            answer = (await receive_until(device, lambda m: m["type"] in ("flake", "error"), timeout=30))[-1]
            assert answer["type"] == "flake", answer
            await device.close()

    asyncio.run(run())


def test_a_long_answer_is_cut_to_its_byte_bound(live_server):
    async def run():
        device = await joined(live_server.ws_url, scene="tap-recognition")
        seq = 1
        for index in range(200):
            t = index * 400.0
            await device.send(frame(seq, t, ("down", 1, 200, 400)))
            await device.send(frame(seq + 1, t + 50, ("up", 1, 200, 400)))
            seq += 2
        await receive_until(device, events_for(seq - 1), timeout=20)
        await device.send(json.dumps({"type": "what-if", "changes": ['{"remove":{"recognizer":"tap"}}']}))
        raw = None
        async with asyncio.timeout(30):
            while raw is None:
                text = await device.recv()
                if '"type":"what-if"' in text or '"type":"error"' in text:
                    raw = text
        answer = json.loads(raw)
        assert answer["type"] == "what-if", answer
        assert len(raw.encode()) <= 65536
        assert answer["omitted"] > 0 and len(answer["report"]["changed"]) < 200
        await device.close()

    asyncio.run(run())
