"""``export-test`` — the inspector's "Copy as test" (issue 28 §1, docs/protocol.md §4.12, §5.6), black-box over
the real server: a paused live session up to the frame shown comes back as a Swift test, a pytest test that
passes when run, or W3C actions; bad, foreign and flooding requests get clear errors, cost their sender and
leave the session and the server going."""

from __future__ import annotations

import asyncio
import json

import websockets

from test_export_command import run_pytest
from test_security import metrics_values, start_server
from test_server import SUBPROTOCOL, events_for, frame, hello, receive_until
from test_stepping import is_error, is_type, joined, pinch


async def paused(ws) -> dict:
    await ws.send(json.dumps({"type": "pause"}))
    stepping = (await receive_until(ws, is_type("stepping")))[-1]
    await receive_until(ws, is_type("step"))
    return stepping


async def export(ws, fmt: str) -> dict:
    await ws.send(json.dumps({"type": "export-test", "as": fmt}))
    return (await receive_until(ws, lambda m: m["type"] in ("exported-test", "error")))[-1]


def assert_passes(test: str, path, url: str) -> None:
    """The exported pytest test, saved to ``path``, passes against the server at ``url``."""
    path.write_text(test)
    passed = run_pytest(path, url)
    assert passed.returncode == 0, passed.stdout + passed.stderr


def test_copy_as_test_exports_the_paused_session_up_to_the_frame_shown(server_process, tmp_path):
    async def run():
        ws = await joined(server_process.ws_url)
        await pinch(ws)
        stepping = await paused(ws)
        last = stepping["frames"] - 1
        swift = await export(ws, "swift")
        assert (swift["type"], swift["as"], swift["frame"]) == ("exported-test", "swift", last), swift
        assert "static let scene: SceneRequest = .named(\"transform-image\")" in swift["text"]
        assert '.transition("pinch", to: .began, from: .possible)' in swift["text"]
        assert '.transition("pinch", to: .ended, from: .changed)' in swift["text"]
        # The pause's interruption is a system `act`, which a pointer trace cannot carry: said, not hidden.
        assert any("act" in note for note in swift["notes"]), swift["notes"]
        python = await export(ws, "pytest")
        actions = await export(ws, "actions")
        assert [source["type"] for source in json.loads(actions["text"])["actions"]] == ["pointer", "pointer"]
        # Stepped back to frame 2 (the pinch has begun, not ended), the export ends there.
        await ws.send(json.dumps({"type": "step", "frame": 2}))
        await receive_until(ws, lambda m: m["type"] == "step" and m["frame"] == 2)
        partial = await export(ws, "pytest")
        assert partial["frame"] == 2 and 'to="began"' in partial["text"] and 'to="ended"' not in partial["text"], partial["text"]
        # At frame 1 (the fingers only landed) nothing was decided yet: a clear refusal.
        await ws.send(json.dumps({"type": "step", "frame": 1}))
        await receive_until(ws, lambda m: m["type"] == "step" and m["frame"] == 1)
        nothing = await export(ws, "swift")
        assert nothing["code"] == "nothing-to-export" and "decided nothing" in nothing["message"], nothing
        await ws.close()
        return python["text"]

    assert_passes(asyncio.run(run()), tmp_path / "test_copied.py", server_process.ws_url)


def test_what_the_pause_itself_decided_is_not_expected_of_the_test(server_process, tmp_path):
    # Fingers still down when Copy as test pauses: the pause's interruption cancels them, but the test does not
    # pause, so it must not expect that — it expects what the fingers decided, and passes.
    async def run():
        ws = await joined(server_process.ws_url)
        await ws.send(frame(1, 0, ("down", 1, 150, 400), ("down", 2, 250, 400)))
        await ws.send(frame(2, 16, ("move", 1, 130, 400), ("move", 2, 270, 400)))
        await ws.send(frame(3, 32, ("move", 1, 110, 400), ("move", 2, 290, 400)))
        await receive_until(ws, events_for(3))
        await paused(ws)
        exported = await export(ws, "pytest")
        assert 'to="began"' in exported["text"] and 'to="cancelled"' not in exported["text"], exported["text"]
        await ws.close()
        return exported["text"]

    assert_passes(asyncio.run(run()), tmp_path / "test_held.py", server_process.ws_url)


def test_bad_foreign_and_live_export_requests_are_refused_clearly(server_process):
    async def run():
        async def connect(scene: str):
            ws = await websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL], max_size=None)
            await ws.send(hello(scene))
            session = json.loads(await ws.recv())["session"]
            await receive_until(ws, lambda m: m["type"] == "render" and m["full"])
            return ws, session

        other, other_session = await connect("tap-recognition")
        ws, session = await connect("transform-image")
        await pinch(ws)
        live = await export(ws, "swift")
        assert live["code"] == "not-allowed" and "send pause first" in live["message"], live
        await paused(ws)
        for bad, path in [
            ({"type": "export-test"}, "as"),
            ({"type": "export-test", "as": "kotlin"}, "as"),
            ({"type": "export-test", "as": None}, "as"),
            ({"type": "export-test", "as": 1e308}, "as"),
            ({"type": "export-test", "as": ["swift"]}, "as"),
        ]:
            await ws.send(json.dumps(bad))
            error = (await receive_until(ws, is_type("error")))[-1]
            assert (error["code"], error.get("path")) == ("schema", path), (bad, error)
        await ws.send('{"type": "export-test", "as": NaN}')
        assert (await receive_until(ws, is_type("error")))[-1]["code"] == "bad-json"
        await ws.send(json.dumps({"type": "export-test", "as": "x" * 200_000}))
        huge = (await receive_until(ws, is_type("error")))[-1]
        assert huge["code"] in ("schema", "too-large", "message-too-large"), huge
        # Another session's id in the request changes nothing: a device exports its own session only.
        await other.send(json.dumps({"type": "pause"}))
        await receive_until(other, is_type("step"))
        await ws.send(json.dumps({"type": "export-test", "as": "pytest", "session": other_session}))
        own = (await receive_until(ws, is_type("exported-test")))[-1]
        assert 'SCENE = "transform-image"' in own["text"] and "tap-recognition" not in own["text"]
        # An observer of the session may not export it.
        watch = json.dumps({"type": "hello", "protocol": 1, "role": "observer", "session": session,
                            "viewport": {"width": 800, "height": 600, "scale": 1}, "clock": "manual"})
        async with websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL], max_size=None) as observer:
            await observer.send(watch)
            await receive_until(observer, lambda m: m["type"] == "render" and m["full"])
            await observer.send(json.dumps({"type": "export-test", "as": "swift"}))
            assert (await receive_until(observer, is_type("error")))[-1]["code"] == "not-allowed"
        # The session goes on: it still steps and exports.
        assert (await export(ws, "actions"))["type"] == "exported-test"
        await ws.close()
        await other.close()

    asyncio.run(run())


def long_pan(seq_start: int = 1, frames: int = 600) -> list[str]:
    """One finger dragging for `frames` frames at 120 Hz: a history whose export takes real work."""
    messages = [json.dumps({"type": "input", "seq": seq_start, "pointers": [
        {"id": 1, "phase": "down", "x": 200, "y": 400, "t": 0, "pointerType": "touch"}]})]
    for k in range(1, frames + 1):
        messages.append(json.dumps({"type": "input", "seq": seq_start + k, "pointers": [
            {"id": 1, "phase": "move", "x": 200 + (k % 100), "y": 400 + (k % 37), "t": k * 8.333, "pointerType": "touch"}]}))
    messages.append(json.dumps({"type": "input", "seq": seq_start + frames + 1, "pointers": [
        {"id": 1, "phase": "up", "x": 200 + (frames % 100), "y": 400, "t": (frames + 1) * 8.333, "pointerType": "touch"}]}))
    return messages


async def accepted(ws, message: str, answered) -> dict:
    """Sends ``message`` until a reply is ``answered``, again after ``retryAfterMs`` while it is rate-limited."""
    for _ in range(50):
        await ws.send(message)
        reply = (await receive_until(ws, lambda m: answered(m) or (m["type"] == "error" and m["code"] == "rate-limited"),
                                     timeout=30))[-1]
        if answered(reply):
            return reply
        await asyncio.sleep(reply.get("retryAfterMs", 100) / 1000)
    raise AssertionError(f"{message} was refused 50 times")


def test_a_flood_of_exports_is_charged_to_its_sender_who_is_held_back_while_others_are_served(tmp_path):
    server = start_server(tmp_path, {"engineSecondsPerSecond": 0.05, "busyEngineSecondsPerSecond": 0, "maxMessagesPerSecond": 0})
    try:
        async def run():
            ws = await joined(server.ws_url, "transform-image")
            # Paced: the small share refuses a burst, and a refused input is not applied.
            for seq, message in enumerate(long_pan(), start=1):
                await accepted(ws, message, lambda m, seq=seq: m["type"] == "events" and m.get("seq") == seq)
            await accepted(ws, json.dumps({"type": "pause"}), is_type("stepping"))
            await receive_until(ws, is_type("step"))
            export = json.dumps({"type": "export-test", "as": "swift"})
            assert "RecordedTransformImageSession" in (await accepted(ws, export, is_type("exported-test")))["text"]
            # A flood, 100 at a time until one is refused (each answer's work is charged to the sender).
            refused = None
            for _ in range(20):
                for _ in range(100):
                    await ws.send(export)
                answered = 0
                while refused is None and answered < 100:
                    reply = (await receive_until(ws, lambda m: m["type"] in ("exported-test", "error"), timeout=60))[-1]
                    if reply["type"] == "error":
                        assert reply["code"] == "rate-limited", reply
                        refused = reply
                    answered += 1
                if refused:
                    break
            assert refused and refused["retryAfterMs"] > 0, "a flood of exports was never held back"
            # Someone else is answered meanwhile.
            async with websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL], max_size=None) as calm:
                await calm.send(hello("tap-recognition"))
                await receive_until(calm, lambda m: m["type"] == "render" and m["full"], timeout=10)
                await calm.send(json.dumps({"type": "ping", "id": 1, "t": 0}))
                assert (await receive_until(calm, is_type("pong"), timeout=10))[-1]["id"] == 1
            await ws.close()

        asyncio.run(run())
        assert metrics_values(server)["touchbridge_messages_over_engine_budget_total"] >= 1
    finally:
        server.stop()
