"""Pausing in the middle of a gesture (issue 24 item 1, docs/protocol.md §4.12, UIKIT-CANCEL-STAYS-OVER),
black-box over the real server: a pause is an interruption of the app — it resigns active, so every touch
in progress is cancelled and its recognizers end `cancelled` — and fingers still down afterwards deliver
nothing until they lift. No touch is ever left stuck: two fingers or one, lifted while paused or still
down at resume, with an observer watching.
"""

from __future__ import annotations

import asyncio
import json

import websockets

from test_server import PINCH, SUBPROTOCOL, events_for, frame, hello, log_text, receive_until
from test_stepping import is_error, is_type, joined

RESIGN = "application will resign active: the system cancels every touch"
BECOME = "application did become active"


def transitions(messages: list[dict], recognizer: str) -> list[str]:
    return [e["to"] for m in messages if m["type"] == "events" for e in m["log"] if e.get("recognizer") == recognizer and "to" in e]


def deliveries(messages: list[dict]) -> list[dict]:
    """What reached views or recognizers: touch methods, hit tests and recognizer transitions."""
    return [e for m in messages if m["type"] == "events" for e in m["log"]
            if e["kind"] in ("responder", "hitTest") or "recognizer" in e]


async def pause(ws) -> tuple[list[dict], dict, dict]:
    """Pauses; returns what came before `stepping` (the interruption's own messages), `stepping` and its `step`."""
    await ws.send(json.dumps({"type": "pause"}))
    before = await receive_until(ws, is_type("stepping"))
    step = (await receive_until(ws, is_type("step")))[-1]
    return before[:-1], before[-1], step


async def resume(ws) -> list[dict]:
    await ws.send(json.dumps({"type": "resume"}))
    return await receive_until(ws, is_type("resumed"))


async def fresh_pinch(ws, first_seq: int, t0: float, ids: tuple[int, int]) -> list[dict]:
    """PINCH again from t0 with pointer ids `ids`, every message received while doing it."""
    got = []
    for offset, (seq, t, *changes) in enumerate(PINCH):
        renamed = [(phase, ids[pid - 1], x, y) for phase, pid, x, y in changes]
        await ws.send(frame(first_seq + offset, t0 + t, *renamed))
        got += await receive_until(ws, events_for(first_seq + offset))
    return got


# Pins UIKIT-CANCEL-STAYS-OVER.
def test_a_pinch_held_across_a_pause_is_cancelled_and_the_next_pinch_works(server_process):
    async def run():
        device = await joined(server_process.ws_url)
        live = []
        for seq, t, *changes in PINCH[:-1]:  # two fingers down and moving: the pinch is `changed`
            await device.send(frame(seq, t, *changes))
            live += await receive_until(device, events_for(seq))
        assert transitions(live, "pinch")[-1] == "changed" and live[-1]["pointers"], live[-1]

        interruption, stepping, last = await pause(device)
        # The app resigned active before the timeline was built: the pinch and the rotation are
        # cancelled (with their actions), the views' touches too; the last frame shows no finger.
        log = log_text(interruption)
        assert log[:2] == ["note: act: application willResignActive", f"note: {RESIGN}"], log
        assert transitions(interruption, "pinch") == ["cancelled", "possible"], log
        assert transitions(interruption, "rotation") == ["failed", "possible"], "it had not begun: it fails"
        assert interruption[-1]["pointers"] == [], "observers stop drawing the fingers"
        assert "act(pinch,cancelled)" in log
        assert stepping["frames"] == 6 and last["frame"] == 5 and last["pointers"] == [], (stepping, last)
        assert stepping["times"][-1] == 48, "the interruption happens at the session's latest time"

        # The lift sent while paused is refused, as every session change is; nothing is stuck by it.
        await device.send(frame(5, 64, ("up", 1, 100, 400), ("up", 2, 300, 400)))
        assert (await receive_until(device, is_error("paused")))[-1]["seq"] == 5

        back = await resume(device)
        assert [m["type"] for m in back][-1] == "resumed"
        assert log_text(back) == ["note: act: application didBecomeActive", f"note: {BECOME}"], log_text(back)

        # Finger 1 is still down and moves, then lifts; finger 2 (lifted while paused) lifts again:
        # nothing is delivered, no error, the server holds no pointer.
        await device.send(frame(6, 80, ("move", 1, 90, 400)))
        moved = (await receive_until(device, events_for(6)))[-1]
        await device.send(frame(7, 96, ("up", 1, 90, 400), ("up", 2, 300, 400)))
        lifted = (await receive_until(device, events_for(7)))[-1]
        assert deliveries([moved, lifted]) == [] and moved["pointers"] == [] and lifted["pointers"] == [], (moved, lifted)

        # The next pinch — pointer 1 reused, 3 new — is recognized from the start, and ends.
        again = await fresh_pinch(device, 8, 200, (1, 3))
        assert transitions(again, "pinch") == ["began", "changed", "changed", "ended", "possible"], log_text(again)
        assert again[-1]["pointers"] == []
        assert not [m for m in again if m["type"] == "error"]
        await device.close()

    asyncio.run(run())


# Pins UIKIT-CANCEL-STAYS-OVER.
def test_one_finger_still_down_at_resume_delivers_nothing_and_an_observer_sees_the_same(server_process):
    async def run():
        device = await websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL], max_size=None)
        await device.send(hello("transform-image"))
        session = json.loads(await device.recv())["session"]
        await receive_until(device, lambda m: m["type"] == "render" and m["full"])
        watch = json.dumps({"type": "hello", "protocol": 1, "role": "observer", "session": session,
                            "viewport": {"width": 800, "height": 600, "scale": 1}, "clock": "manual"})
        async with websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL], max_size=None) as observer:
            await observer.send(watch)
            await receive_until(observer, lambda m: m["type"] == "render" and m["full"])
            # One finger drags the image: the pan begins.
            drag = [(1, 0, ("down", 1, 200, 400))] + [(seq, 16 * (seq - 1), ("move", 1, 200 + 12 * (seq - 1), 400)) for seq in range(2, 6)]
            live = []
            for seq, t, *changes in drag:
                await device.send(frame(seq, t, *changes))
                live += await receive_until(device, events_for(seq))
            assert transitions(live, "pan")[-1] == "changed"

            interruption, _, last = await pause(device)
            assert transitions(interruption, "pan") == ["cancelled", "possible"] and last["pointers"] == []
            seen = await receive_until(observer, is_type("step"))
            assert transitions(seen, "pan")[-2:] == ["cancelled", "possible"], "observers see the cancellation live"

            back = await resume(device)
            assert f"note: {BECOME}" in log_text(back)
            await receive_until(observer, is_type("resumed"))
            # The finger never lifted: it keeps moving after the resume, then lifts. Nothing is delivered.
            for seq, t, x in [(6, 100, 260), (7, 116, 280)]:
                await device.send(frame(seq, t, ("move", 1, x, 400)))
                got = (await receive_until(device, events_for(seq)))[-1]
                assert deliveries([got]) == [] and got["pointers"] == [], got
            await device.send(frame(8, 132, ("up", 1, 280, 400)))
            assert deliveries(await receive_until(device, events_for(8))) == []
            watched = await receive_until(observer, events_for(8))
            assert watched[-1]["pointers"] == [] and deliveries(watched) == []

            # A new drag pans again from the start.
            again = []
            for seq, t, *changes in [(9, 200, ("down", 2, 200, 400))] + [
                    (9 + i, 200 + 16 * i, ("move", 2, 200 + 12 * i, 400)) for i in range(1, 5)] + [(14, 280, ("up", 2, 248, 400))]:
                await device.send(frame(seq, t, *changes))
                again += await receive_until(device, events_for(seq))
            assert transitions(again, "pan") == ["began", "changed", "changed", "changed", "ended", "possible"], log_text(again)
        await device.close()

    asyncio.run(run())


def test_a_pause_without_fingers_down_and_pausing_twice_resign_once(server_process):
    async def run():
        device = await joined(server_process.ws_url, "tap-recognition")
        interruption, stepping, _ = await pause(device)
        assert f"note: {RESIGN}" in log_text(interruption)
        # Pausing again while paused (or opening a recording) does not resign a second time.
        await device.send(json.dumps({"type": "pause"}))
        again = await receive_until(device, is_type("stepping"))
        assert not [m for m in again if m["type"] == "events"], again
        assert again[-1]["frames"] == stepping["frames"]
        back = await resume(device)
        assert f"note: {BECOME}" in log_text(back)
        # Resuming a live session (nothing paused) changes nothing.
        after = await resume(device)
        assert not [m for m in after if m["type"] == "events"], after
        await device.close()

    asyncio.run(run())
