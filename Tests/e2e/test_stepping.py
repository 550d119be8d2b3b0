"""Stepping through a session (issue 15 item 6, docs/protocol.md §4.12, §5.7), black-box over the real
server: pause a live session and step to any frame, observers following; open a recording listed by
the server (``serve --record``) or uploaded in parts; and every bad request answered with a clear error.
"""

from __future__ import annotations

import asyncio
import json
import os

import websockets

from conftest import ServerProcess
from test_recordings_durable import wait_closed_files
from test_server import PINCH, SUBPROTOCOL, events_for, frame, hello, log_text, receive_until

MAX_RECORDING_BYTES = 4 * 1024 * 1024


def is_type(kind: str):
    return lambda m: m["type"] == kind


def is_error(code: str):
    return lambda m: m["type"] == "error" and m["code"] == code


def step_log(step: dict) -> list[str]:
    return [entry["text"] for m in step["events"] for entry in m["log"]]


async def joined(url: str, scene: str = "transform-image"):
    ws = await websockets.connect(url, subprotocols=[SUBPROTOCOL], max_size=None)
    await ws.send(hello(scene))
    await receive_until(ws, lambda m: m["type"] == "render" and m["full"])
    return ws


async def pinch(ws) -> list[dict]:
    """The pinch of test_server, every message the device received while doing it."""
    live = []
    for seq, t, *changes in PINCH:
        await ws.send(frame(seq, t, *changes))
        live += await receive_until(ws, events_for(seq))
    return live


def test_pause_then_step_back_shows_that_frame_and_input_waits_for_resume(server_process):
    async def run():
        device = await joined(server_process.ws_url)
        live = await pinch(device)
        await device.send(json.dumps({"type": "pause"}))
        stepping = (await receive_until(device, is_type("stepping")))[-1]
        last = (await receive_until(device, is_type("step")))[-1]
        # hello + 5 input frames + the pause's interruption (the app resigns active, §4.12)
        assert stepping["source"] == "live" and stepping["frames"] == 7, stepping
        assert stepping["times"] == [0, 0, 16, 32, 48, 64, 64]
        assert last["frame"] == 6 and last["frames"] == 7 and last["pointers"] == []
        # The last frame's log is the whole live log of the scene, then the interruption's.
        shown = step_log(last)
        resigned = shown.index("note: act: application willResignActive")
        assert shown[resigned + 1] == "note: application will resign active: the system cancels every touch"
        assert shown[resigned - len(log_text(live)):resigned] == log_text(live)
        assert last["renders"][0]["full"] is True and last["renders"][0]["scene"] == "transform-image"

        # Three frames back: the fingers are down where they were after frame 2 (seq 2).
        await device.send(json.dumps({"type": "step", "frame": 2}))
        step = (await receive_until(device, is_type("step")))[-1]
        assert step["frame"] == 2 and step["t"] == 16
        assert step["pointers"] == [{"id": 1, "x": 130, "y": 400}, {"id": 2, "x": 270, "y": 400}]
        upto_seq2 = [m for m in live if m["type"] == "events" and m.get("seq") in (1, 2)]
        assert step_log(step)[-len(log_text(upto_seq2)):] == log_text(upto_seq2)
        assert any(e.get("recognizer") == "pinch" and e.get("to") == "began" for m in step["events"] for e in m["log"])
        assert not any(e.get("to") == "ended" for m in step["events"] for e in m["log"]), "the pinch has not ended at frame 2"

        # While paused the app does not change: input is refused, nothing applied.
        await device.send(frame(9, 100, ("down", 5, 200, 200)))
        refused = (await receive_until(device, is_error("paused")))[-1]
        assert refused["seq"] == 9 and "resume" in refused["message"]

        await device.send(json.dumps({"type": "resume"}))
        resumed = (await receive_until(device, is_type("resumed")))[-1]
        assert resumed["render"]["full"] is True
        await device.send(frame(10, 200, ("down", 5, 200, 200)))
        back = (await receive_until(device, events_for(10)))[-1]
        assert any("hit(" in e["text"] for e in back["log"]), "live again: the touch is hit-tested"
        # Pausing again extends the timeline with what came since (the app becoming active, the new
        # touch, the new interruption); the refused input is not in it.
        await device.send(json.dumps({"type": "pause"}))
        again = (await receive_until(device, is_type("stepping")))[-1]
        assert again["frames"] == 10 and again["times"][:7] == stepping["times"], again
        latest = (await receive_until(device, is_type("step")))[-1]
        assert latest["frame"] == 9 and latest["pointers"] == [], "the interruption cancelled the touch"
        await device.send(json.dumps({"type": "step", "frame": 8}))
        before = (await receive_until(device, lambda m: m["type"] == "step" and m["frame"] == 8))[-1]
        assert before["pointers"] == [{"id": 5, "x": 200, "y": 200}]
        await device.close()

    asyncio.run(run())


def test_observers_follow_pause_and_steps_and_one_joining_a_paused_session_sees_the_frame(server_process):
    async def run():
        device = await websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL], max_size=None)
        await device.send(hello("transform-image"))
        session = json.loads(await device.recv())["session"]
        await receive_until(device, lambda m: m["type"] == "render")
        watch = json.dumps({"type": "hello", "protocol": 1, "role": "observer", "session": session,
                            "viewport": {"width": 800, "height": 600, "scale": 1}, "clock": "manual"})
        async with websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL], max_size=None) as early:
            await early.send(watch)
            await receive_until(early, lambda m: m["type"] == "render" and m["full"])
            await pinch(device)
            await device.send(json.dumps({"type": "pause"}))
            # The pause replays the history in slices; stepping is possible once `stepping` says it is done.
            await receive_until(device, is_type("stepping"))
            await device.send(json.dumps({"type": "step", "frame": 1}))
            seen = await receive_until(early, lambda m: m["type"] == "step" and m["frame"] == 1)
            kinds = [m["type"] for m in seen if m["type"] in ("stepping", "step")]
            # The pause's own step may be dropped while still queued: a newer step supersedes it.
            assert kinds in (["stepping", "step", "step"], ["stepping", "step"]), kinds

            async with websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL], max_size=None) as late:
                await late.send(watch)
                got = await receive_until(late, is_type("step"))
                assert [m["type"] for m in got] == ["welcome", "render", "stepping", "step"]
                assert got[-1]["frame"] == 1 and got[-1]["pointers"] == [{"id": 1, "x": 150, "y": 400}, {"id": 2, "x": 250, "y": 400}]

                # Observers may watch, not steer.
                await late.send(json.dumps({"type": "step", "frame": 0}))
                refused = (await receive_until(late, is_error("not-allowed")))[-1]
                assert "device" in refused["message"]

                await device.send(json.dumps({"type": "resume"}))
                for ws in (early, late):
                    assert (await receive_until(ws, is_type("resumed")))[-1]["render"]["full"] is True
        await device.close()

    asyncio.run(run())


def test_bad_stepping_requests_get_clear_errors_and_the_session_goes_on(server_process):
    async def run():
        ws = await joined(server_process.ws_url, "tap-recognition")
        await ws.send(json.dumps({"type": "step", "frame": 0}))
        assert "pause" in (await receive_until(ws, is_error("not-allowed")))[-1]["message"]
        await ws.send(json.dumps({"type": "recordings"}))
        listing = (await receive_until(ws, is_type("recordings")))[-1]
        assert listing == {"type": "recordings", "recording": False, "files": [], "maxBytes": MAX_RECORDING_BYTES}
        await ws.send(json.dumps({"type": "open-recording", "name": "20260101-000000-0000000000000000.jsonl"}))
        assert "--record" in (await receive_until(ws, is_error("not-recording")))[-1]["message"]

        await ws.send(json.dumps({"type": "pause"}))
        stepping = (await receive_until(ws, is_type("stepping")))[-1]
        for bad, code, path in [
            ({"type": "step", "frame": stepping["frames"]}, "unknown-frame", "frame"),
            ({"type": "step", "frame": 10**9}, "unknown-frame", "frame"),
            ({"type": "step", "frame": -1}, "schema", "frame"),
            ({"type": "step", "frame": "first"}, "schema", "frame"),
            ({"type": "step"}, "schema", "frame"),
            ({"type": "open-recording"}, "schema", "name"),
            ({"type": "open-recording", "data": "x", "part": 2, "parts": 2}, "schema", "part"),
            ({"type": "open-recording", "data": "x", "parts": 0}, "schema", "parts"),
        ]:
            await ws.send(json.dumps(bad))
            error = (await receive_until(ws, is_type("error")))[-1]
            assert (error["code"], error.get("path")) == (code, path), (bad, error)
        await ws.send(json.dumps({"type": "step", "frame": 0}))
        assert (await receive_until(ws, is_type("step")))[-1]["frame"] == 0
        await ws.close()

    asyncio.run(run())


async def upload(ws, parts: list[str], name: str | None = None) -> dict:
    """Sends an upload part by part as the page does: the next part once the server took one, a part
    again after ``retryAfterMs`` when it was rate-limited. Returns the reply to the last part sent."""
    index = 0
    while True:
        message = {"type": "open-recording", "part": index, "parts": len(parts), "data": parts[index]}
        if name:
            message["name"] = name
        await ws.send(json.dumps(message))
        reply = (await receive_until(ws, lambda m: m["type"] in ("uploading", "stepping", "error")))[-1]
        if reply["type"] == "error" and reply["code"] == "rate-limited":
            await asyncio.sleep(reply["retryAfterMs"] / 1000)
            continue
        if reply["type"] != "uploading":
            return reply
        assert reply == {"type": "uploading", "received": index + 1, "parts": len(parts)}
        index += 1


async def upload_rest(ws, parts: list[str], start: int) -> dict:
    for index in range(start, len(parts)):
        await ws.send(json.dumps({"type": "open-recording", "part": index, "parts": len(parts), "data": parts[index]}))
    return (await receive_until(ws, lambda m: m["type"] in ("stepping", "error")))[-1]


async def record_pinch(url: str) -> list[dict]:
    """The pinch in a session of its own (for a server that records); returns what the device received."""
    ws = await joined(url)
    live = await pinch(ws)
    await ws.close()
    return live


def sharing_recordings(tmp_path, recordings) -> ServerProcess:
    """A server recording into ``recordings`` that lists every finished recording to every device."""
    config = tmp_path / "share.json"
    config.write_text(json.dumps({"shareRecordings": True}))
    return ServerProcess(extra_args=("--config", str(config), "--record", str(recordings)))


def test_recordings_are_listed_from_the_record_directory_only_and_open_by_name(tmp_path):
    recordings = tmp_path / "recordings"
    server = sharing_recordings(tmp_path, recordings)
    server.start()
    try:
        asyncio.run(record_pinch(server.ws_url))
        name = wait_closed_files(recordings, 1)[0].name
        (recordings / "notes.jsonl").write_text('{"hello": "not a recording"}\n')
        (recordings / "huge.jsonl").write_bytes(b"x" * (MAX_RECORDING_BYTES + 1))
        outside = tmp_path / "secret.jsonl"
        outside.write_text((recordings / name).read_text())
        os.symlink(outside, recordings / "link.jsonl")

        async def browse():
            ws = await joined(server.ws_url, "tap-recognition")
            await ws.send(json.dumps({"type": "recordings"}))
            listing = (await receive_until(ws, is_type("recordings")))[-1]
            names = [f["name"] for f in listing["files"]]
            assert listing["recording"] is True
            assert name in names and "notes.jsonl" in names and "huge.jsonl" in names
            assert "link.jsonl" not in names, "symbolic links are not listed"
            assert all(f["bytes"] > 0 for f in listing["files"])

            for bad in ["../secret.jsonl", str(outside), "link.jsonl", "..", "", "x/" + name]:
                await ws.send(json.dumps({"type": "open-recording", "name": bad}))
                error = (await receive_until(ws, is_type("error")))[-1]
                assert (error["code"], error.get("path")) == ("unknown-recording", "name"), (bad, error)
            await ws.send(json.dumps({"type": "open-recording", "name": "huge.jsonl"}))
            assert str(MAX_RECORDING_BYTES) in (await receive_until(ws, is_error("too-large")))[-1]["message"]
            await ws.send(json.dumps({"type": "open-recording", "name": "notes.jsonl"}))
            assert "line 1" in (await receive_until(ws, is_error("not-a-recording")))[-1]["message"]

            await ws.send(json.dumps({"type": "open-recording", "name": name}))
            stepping = (await receive_until(ws, is_type("stepping")))[-1]
            first = (await receive_until(ws, is_type("step")))[-1]
            assert stepping["source"] == "recording" and stepping["name"] == name and stepping["frames"] == 6
            assert first["frame"] == 0 and first["renders"][0]["scene"] == "transform-image"
            await ws.send(json.dumps({"type": "step", "frame": 5}))
            last = (await receive_until(ws, is_type("step")))[-1]
            assert any(e.get("recognizer") == "pinch" and e.get("to") == "ended" for m in last["events"] for e in m["log"])
            await ws.close()

        asyncio.run(browse())
    finally:
        server.stop()


def test_an_uploaded_recording_replays_as_recorded_and_bad_uploads_are_refused(tmp_path):
    recordings = tmp_path / "recordings"
    recorder = ServerProcess(extra_args=("--record", str(recordings)))
    recorder.start()
    try:
        live = asyncio.run(record_pinch(recorder.ws_url))
        text = wait_closed_files(recordings, 1)[0].read_text()
    finally:
        recorder.stop()
    inbound_only = "".join(line + "\n" for line in text.splitlines() if not line.startswith('{"out":'))

    # A server that does not record still opens an uploaded file. No engine share per connection here:
    # the oversized upload is 22 parts of 200 KB, which the default share would pace over seconds.
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"engineSecondsPerSecond": 0}))
    server = ServerProcess(extra_args=("--config", str(settings)))
    server.start()
    try:
        async def run():
            ws = await joined(server.ws_url, "tap-recognition")
            size = len(inbound_only) // 3 + 1
            parts = [inbound_only[i:i + size] for i in range(0, len(inbound_only), size)]
            stepping = await upload(ws, parts, "pinch.jsonl")
            assert stepping["type"] == "stepping", stepping
            assert stepping["source"] == "recording" and stepping["name"] == "pinch.jsonl" and stepping["frames"] == 6
            await ws.send(json.dumps({"type": "step", "frame": 5}))
            last = (await receive_until(ws, lambda m: m["type"] == "step" and m["frame"] == 5))[-1]
            assert step_log(last)[-len(log_text(live)):] == log_text(live), "replayed as recorded"

            # A part sent again (its sender took someone else's rate-limited error for it) is taken once.
            await ws.send(json.dumps({"type": "open-recording", "part": 0, "parts": 3, "data": parts[0]}))
            await ws.send(json.dumps({"type": "open-recording", "part": 1, "parts": 3, "data": parts[1]}))
            await ws.send(json.dumps({"type": "open-recording", "part": 1, "parts": 3, "data": parts[1]}))
            acks = []
            async with asyncio.timeout(5):
                while len(acks) < 3:
                    message = json.loads(await ws.recv())
                    if message["type"] == "uploading":
                        acks.append(message["received"])
            assert acks == [1, 2, 2]
            assert (await upload_rest(ws, parts, 2))["type"] == "stepping"

            assert (await upload(ws, ["this is not a recording\n"]))["code"] == "not-a-recording"
            chunk = "x" * 200_000
            refused = await upload(ws, [chunk] * (MAX_RECORDING_BYTES // len(chunk) + 2))
            # Refused at the part that passes 4 MiB (part 20 of 0…21); the upload is dropped.
            assert (refused["code"], refused["path"]) == ("too-large", "data"), refused
            await ws.send(json.dumps({"type": "open-recording", "part": 21, "parts": 22, "data": chunk}))
            late = (await receive_until(ws, is_type("error")))[-1]
            assert (late["code"], late["path"]) == ("schema", "part") and "expected part 0" in late["message"]
            await ws.close()

        asyncio.run(run())
    finally:
        server.stop()
