"""Scripted clients saying more (issue 15) over the protocol (Python ``websockets``, inline scenes, manual
clock): ``hello.log: "complete"`` — what a recognizer itself received, ``allTouches`` with every phase, a clear
error for a bad value, byte-identical output across runs — recognizers on the scene's root view and window, and
declarative hit shapes.
"""

from __future__ import annotations

import asyncio
import json

import websockets

from test_server import SUBPROTOCOL, events_for, frame, receive_until
SCENE = {"name": "complete", "views": [{"id": "v", "frame": [0, 0, 400, 800], "responder": "log", "multipleTouch": True}],
         "recognizers": [{"id": "pan", "kind": "pan", "view": "root", "minimumNumberOfTouches": 2},
                         {"id": "press", "kind": "longPress", "view": "window", "cancelsTouchesInView": False}]}
FRAMES = [(0, [("down", 1, 100, 100)]), (16, [("down", 2, 200, 100)]), (32, [("up", 1, 100, 100)]), (48, [("up", 2, 200, 100)])]


async def run(url: str, log: str | None) -> list[str]:
    """Every message after welcome, raw."""
    async with websockets.connect(url, subprotocols=[SUBPROTOCOL]) as ws:
        hello = {"type": "hello", "protocol": 1, "role": "device", "clock": "manual", "scene": SCENE,
                 "viewport": {"width": 400, "height": 800, "scale": 2}}
        if log:
            hello["log"] = log
        await ws.send(json.dumps(hello))
        first = json.loads(await ws.recv())
        if first["type"] == "error":
            return [json.dumps(first)]
        raw: list[str] = []
        for seq, (t, changes) in enumerate(FRAMES, start=1):
            await ws.send(frame(seq, t, *changes))
            async with asyncio.timeout(10):
                while True:
                    text = await ws.recv()
                    raw.append(text)
                    message = json.loads(text)
                    if message["type"] == "events" and message.get("seq") == seq:
                        break
        return raw


def entries(raw: list[str]) -> list[dict]:
    return [e for text in raw for m in [json.loads(text)] if m["type"] == "events" for e in m["log"]]


# Pins UIKIT-GESTURE-PARTICIPANTS.
def test_the_complete_log_shows_recognizer_calls_and_all_touches(server_process):
    log = entries(asyncio.run(run(server_process.ws_url, "complete")))
    recognizer_calls = [e["text"] for e in log if e["kind"] == "recognizerTouches"]
    # Deepest view first: the root's pan, then the window's long press (UIKIT-GESTURE-PARTICIPANTS).
    assert recognizer_calls[:4] == ["pan got tb(1) [all 1:began]", "press got tb(1) [all 1:began]",
                                    "pan got tb(2) [all 1:stationary 2:began]", "press got tb(2) [all 1:stationary 2:began]"]
    began_2 = next(e for e in log if e["kind"] == "responder" and e["responder"] == "v" and e["touches"][0]["id"] == 2)
    assert [(t["id"], t["phase"]) for t in began_2["allTouches"]] == [(1, "stationary"), (2, "began")]
    assert began_2["text"] == "v.tb(2) [all 1:stationary 2:began]"


def test_the_standard_log_is_unchanged(server_process):
    log = entries(asyncio.run(run(server_process.ws_url, None)))
    assert not any(e["kind"] == "recognizerTouches" or "allTouches" in e for e in log)
    assert any(e["text"] == "v.tb(2)" for e in log)


def test_a_bad_log_value_is_a_clear_error(server_process):
    error = json.loads(asyncio.run(run(server_process.ws_url, "everything"))[0])
    assert error["type"] == "error" and error["path"] == "log"
    assert error["message"] == 'log: expected one of standard, complete, got "everything"'


def test_the_complete_log_is_byte_identical_across_runs(server_process):
    first = asyncio.run(run(server_process.ws_url, "complete"))
    second = asyncio.run(run(server_process.ws_url, "complete"))
    assert first == second and len(first) >= 4


def test_hit_shapes_decide_the_hit_test_path(server_process):
    """A declarative ``hitShape`` is the view's ``point(inside:with:)``: an enlarged button, a round view."""
    scene = {"name": "shapes", "views": [
        {"id": "button", "kind": "button", "text": "OK", "frame": [100, 100, 100, 40], "hitShape": {"inset": -20}},
        {"id": "round", "frame": [100, 300, 100, 100], "responder": "log", "hitShape": {"circle": True}}]}

    async def path_at(x: float, y: float) -> list[str]:
        async with websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL]) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "role": "device", "clock": "manual", "scene": scene,
                                      "viewport": {"width": 400, "height": 800, "scale": 2}}))
            assert json.loads(await ws.recv())["type"] == "welcome"
            await ws.send(frame(1, 0, ("down", 1, x, y)))
            answer = (await receive_until(ws, events_for(1), timeout=10))[-1]
            return next(e["path"] for e in answer["log"] if e["kind"] == "hitTest")

    assert asyncio.run(path_at(90, 95)) == ["window", "root", "button"]
    assert asyncio.run(path_at(75, 95)) == ["window", "root"]
    assert asyncio.run(path_at(150, 350)) == ["window", "root", "round"]
    assert asyncio.run(path_at(105, 305)) == ["window", "root"]

    async def rejected() -> dict:
        async with websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL]) as ws:
            bad = {"name": "bad", "views": [{"id": "l", "kind": "label", "frame": [0, 0, 10, 10], "hitShape": {"circle": True}}]}
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "role": "device", "clock": "manual", "scene": bad,
                                      "viewport": {"width": 400, "height": 800, "scale": 2}}))
            return json.loads(await ws.recv())
    error = asyncio.run(rejected())
    assert error["type"] == "error" and "hitShape is for kinds view, button and control" in error["message"], error
