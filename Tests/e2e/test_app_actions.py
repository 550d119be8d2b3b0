"""``act``: app-side changes at an engine time, between input frames (Python ``websockets``, inline scenes,
manual clock) — a recognizer disabled mid-gesture, a view removed or moved while touched, the app resigning
active (the system cancels every touch), remote control switched on; bad actions are errors naming the field
with nothing applied; the same messages give the same bytes.
"""

from __future__ import annotations

import asyncio
import json

import websockets

SUBPROTOCOL = "touchbridge.v1"
SCENE = {"name": "acts", "views": [
    {"id": "box", "frame": [0, 0, 400, 400], "responder": "log", "children": [
        {"id": "inner", "frame": [50, 50, 100, 100], "responder": "log"}]},
    {"id": "other", "frame": [0, 400, 400, 400], "responder": "log"}],
    "recognizers": [{"id": "pan", "kind": "pan", "view": "box", "cancelsTouchesInView": False}]}


async def session(url: str, messages: list[dict]) -> tuple[list[str], list[dict]]:
    """Sends each message (``seq`` added) and collects the raw replies; returns them and every log entry."""
    raw: list[str] = []
    async with websockets.connect(url, subprotocols=[SUBPROTOCOL]) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "role": "device", "clock": "manual", "scene": SCENE,
                                  "viewport": {"width": 400, "height": 800, "scale": 2}}))
        assert json.loads(await ws.recv())["type"] == "welcome"
        for seq, message in enumerate(messages, start=1):
            await ws.send(json.dumps({**message, "seq": seq}))
            async with asyncio.timeout(10):
                while True:
                    text = await ws.recv()
                    raw.append(text)
                    reply = json.loads(text)
                    if reply.get("seq") == seq and reply["type"] in ("events", "error"):
                        break
    entries = [e for text in raw for m in [json.loads(text)] if m["type"] == "events" for e in m["log"]]
    return raw, entries


def touch(phase: str, x: float, y: float, t: float, pid: int = 1) -> dict:
    return {"type": "input", "pointers": [{"id": pid, "phase": phase, "x": x, "y": y, "t": t, "pointerType": "touch"}]}


def act(t: float, *actions: dict) -> dict:
    return {"type": "act", "t": t, "actions": list(actions)}


def texts(entries: list[dict]) -> list[str]:
    return [e["text"] for e in entries]


def run(url, messages):
    return asyncio.run(session(url, messages))


def test_disabling_a_recognizer_mid_gesture_cancels_it(server_process):
    _, log = run(server_process.ws_url, [
        touch("down", 200, 200, 0), touch("move", 260, 200, 30),
        act(60, {"set": {"recognizer": "pan", "property": "enabled", "value": False}}), touch("up", 260, 200, 90)])
    t = [x for x in texts(log) if not x.startswith("hit(")]
    assert t == ["box.tb(1)", "pan:possible→began", "act(pan,began)", "box.tm(1)",
                 "note: act: set pan.enabled = false", "pan:began→cancelled [isEnabled set to false]", "act(pan,cancelled)",
                 "pan:cancelled→possible [reset]", "box.te(1)"], t


def test_removing_a_touched_view_cancels_its_touches_and_moving_one_keeps_them(server_process):
    _, log = run(server_process.ws_url, [
        touch("down", 100, 100, 0), act(20, {"remove": {"view": "inner"}}), touch("up", 100, 100, 40)])
    t = [x for x in texts(log) if not x.startswith("hit(")]
    assert t[:3] == ["inner.tb(1)", "note: act: remove view inner", "inner.tc(1)"], t
    assert "inner.te(1)" not in t
    _, log = run(server_process.ws_url, [
        touch("down", 100, 100, 0), act(20, {"move": {"view": "inner", "to": "other"}}), touch("up", 100, 100, 40)])
    t = texts(log)
    assert "note: act: move view inner to other" in t
    assert "inner.te(1)" in t, "a view that stays in the window keeps its touches"


def test_resigning_active_cancels_every_touch(server_process):
    _, log = run(server_process.ws_url, [
        {"type": "input", "pointers": [{"id": 1, "phase": "down", "x": 100, "y": 100, "t": 0, "pointerType": "touch"},
                                       {"id": 2, "phase": "down", "x": 200, "y": 600, "t": 0, "pointerType": "touch"}]},
        act(30, {"app": "willResignActive"}), act(50, {"app": "didBecomeActive"})])
    t = texts(log)
    start = t.index("note: application will resign active: the system cancels every touch")
    cancelled = [x for x in t[start:] if ".tc(" in x and " via " not in x]
    assert cancelled == ["inner.tc(1)", "other.tc(2)"], t[start:]
    assert "note: application did become active" in t


def test_remote_control_is_switched_on_by_an_action(server_process):
    _, log = run(server_process.ws_url, [
        {"type": "remote", "command": "play", "t": 10},
        act(20, {"remoteControl": "begin"}),
        {"type": "remote", "command": "play", "t": 30}])
    t = texts(log)
    assert any("dropped: beginReceivingRemoteControlEvents() was not called" in x for x in t)
    assert any(x.startswith("window.remoteControlReceived(") for x in t[t.index("note: act: beginReceivingRemoteControlEvents"):])


def test_bad_actions_are_errors_that_name_the_field_and_apply_nothing(server_process):
    cases = [
        (act(10, {"set": {"recognizer": "pan", "property": "enabled", "value": False}},
             {"set": {"view": "nowhere", "property": "hidden", "value": True}}), "actions[1].set.view", "no view named \"nowhere\""),
        (act(10, {"set": {"view": "box", "property": "alpha", "value": 2}}), "actions[0].set.value", "expected a number in 0.0…1.0"),
        (act(10, {"fly": {"view": "box"}}), "actions[0]", "unknown action \"fly\" (set, add, remove, move, relate, "),
        (act(10, {"move": {"view": "box", "to": "inner"}}), "actions[0].move.to", "a view cannot move into itself or its subviews"),
        (act(10, {"set": {"recognizer": "nope", "property": "enabled", "value": False}}), "actions[0].set.recognizer",
         "no recognizer named \"nope\""),
    ]
    for message, path, text in cases:
        raw, _ = run(server_process.ws_url, [message, touch("down", 200, 200, 20), touch("move", 260, 200, 40)])
        error = json.loads(next(r for r in raw if json.loads(r)["type"] == "error"))
        assert error["path"] == path and text in error["message"], error
        assert error["seq"] == 1
        _, log = run(server_process.ws_url, [message, touch("down", 200, 200, 20), touch("move", 260, 200, 40)])
        assert "pan:possible→began" in texts(log), "nothing was applied: the pan still works"
    raw, _ = run(server_process.ws_url, [touch("down", 200, 200, 50), act(20, {"app": "willResignActive"})])
    error = json.loads(raw[-1])
    assert error["type"] == "error" and error["code"] == "time-went-backwards", error


def test_actions_replay_byte_identically(server_process):
    messages = [touch("down", 100, 100, 0), act(20, {"set": {"view": "box", "property": "hidden", "value": True}},
                                                {"move": {"recognizer": "pan", "to": "other"}}), touch("up", 100, 100, 40)]
    first, log = run(server_process.ws_url, messages)
    second, _ = run(server_process.ws_url, messages)
    assert first == second
    assert "note: act: set box.hidden = true" in texts(log) and "note: act: move recognizer pan to other" in texts(log)
