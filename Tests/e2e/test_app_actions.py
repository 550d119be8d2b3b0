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


def test_any_declarative_property_can_be_set(server_process):
    _, log = run(server_process.ws_url, [
        act(0, {"set": {"recognizer": "pan", "property": "minimumNumberOfTouches", "value": 2}},
            {"set": {"view": "box", "property": "color", "value": "#ff0000"}},
            {"set": {"view": "inner", "property": "hitShape", "value": {"inset": -40}}}),
        touch("down", 30, 30, 10), touch("move", 100, 30, 30), touch("up", 100, 30, 50)])
    t = texts(log)
    assert t[:3] == ["note: act: set pan.minimumNumberOfTouches = 2", 'note: act: set box.color = "#ff0000"',
                     'note: act: set inner.hitShape = {"inset":-40}'], t
    assert "inner.tb(1)" in t, "the enlarged hit area takes a touch 20 pt outside inner's bounds"
    assert not any(x.startswith("pan:possible→began") for x in t), "one finger no longer pans"


def add_late_view_at(y: float) -> dict:
    """Adds a view ``late`` inside ``other`` (which is at y 400) with a single and a double tap, the single waiting."""
    return act(0, {"add": {"view": {"id": "late", "frame": [0, y, 200, 200], "responder": "log"}, "to": "other"}},
               {"add": {"recognizer": {"id": "tap", "kind": "tap", "view": "late"}}},
               {"add": {"recognizer": {"id": "double", "kind": "tap", "view": "late", "numberOfTapsRequired": 2}}},
               {"relate": {"requireToFail": ["tap", "double"]}})


def test_views_recognizers_and_relationships_are_added_at_run_time(server_process):
    tap = [touch("down", 100, 500, 10), touch("up", 100, 500, 60), {"type": "advance", "t": 500}]
    _, log = run(server_process.ws_url, [add_late_view_at(600), *tap])
    t = texts(log)
    assert t[:4] == ["note: act: add view late to other", "note: act: add recognizer tap (tap) to late",
                     "note: act: add recognizer double (tap) to late", "note: act: tap.require(toFail: double)"], t
    # late at y 600 in other is at 1000 in the window: the touch at y 500 is on other, not late.
    assert "other.tb(1)" in t and not any(x.startswith("tap:") for x in t)
    _, log = run(server_process.ws_url, [add_late_view_at(0), *tap])
    t = [e["text"] for e in log if not e["diagnostic"]]
    assert t == ["late.tb(1)", "double:possible→failed [multi-tap interval 350 ms elapsed after tap 1 of 2]",
                 "tap:possible→ended", "late.tc(1)", "act(tap,ended)"], t


def test_bad_run_time_additions_are_rejected_with_their_field(server_process):
    cases = [
        (act(0, {"add": {"view": {"id": "box", "frame": [0, 0, 1, 1]}}}), "actions[0].add.view", "a view named \"box\" exists"),
        (act(0, {"add": {"recognizer": {"id": "t", "kind": "tap", "view": "ghost"}}}), "actions[0].add.recognizer.view", "no view with id 'ghost'"),
        (act(0, {"set": {"view": "box", "property": "contentSize", "value": [1, 1]}}), "actions[0].set.property", "contentSize is for kind scrollView"),
        (act(0, {"set": {"recognizer": "pan", "property": "numberOfTapsRequired", "value": 2}}), "actions[0].set.property",
         "(a pan recognizer)"),
        (act(0, {"relate": {"simultaneous": ["pan", "pan"]}}), "actions[0].relate.simultaneous", "a recognizer cannot relate to itself"),
        (act(0, {"becomeFirstResponder": "ghost"}), "actions[0].becomeFirstResponder", "no view named \"ghost\" (or controller)"),
        (act(0, {"report": {"view": "box", "property": "mood"}}), "actions[0].report.property", "expected one of frame"),
        (act(0), "actions", "expected 1 to 64 actions, got 0"),
    ]
    for message, path, text in cases:
        raw, _ = run(server_process.ws_url, [message])
        error = json.loads(next(r for r in raw if json.loads(r)["type"] == "error"))
        assert error["path"] == path and text in error["message"], (path, error)


TIMELINE_SCENE = {**SCENE, "name": "timeline", "timeline": [
    {"t": 40, "actions": [{"set": {"recognizer": "pan", "property": "enabled", "value": False}}]},
    {"t": 40, "actions": [{"report": {"recognizer": "pan", "property": "isEnabled"}}]},
    {"t": 100, "actions": [{"remove": {"view": "inner"}}]}]}


async def timeline_session(url: str, messages: list[dict]) -> list[str]:
    raw: list[str] = []
    async with websockets.connect(url, subprotocols=[SUBPROTOCOL]) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "role": "device", "clock": "manual", "scene": TIMELINE_SCENE,
                                  "viewport": {"width": 400, "height": 800, "scale": 2}}))
        raw.append(await ws.recv())
        for seq, message in enumerate(messages, start=1):
            await ws.send(json.dumps({**message, "seq": seq}))
            async with asyncio.timeout(10):
                while True:
                    raw.append(await ws.recv())
                    reply = json.loads(raw[-1])
                    if reply.get("seq") == seq and reply["type"] in ("events", "error"):
                        break
    return raw


def test_a_scene_timeline_runs_between_frames_at_its_engine_time(server_process):
    messages = [touch("down", 100, 100, 0), touch("move", 160, 100, 20), touch("move", 200, 100, 40),
                touch("move", 220, 100, 60), {"type": "advance", "t": 150}]
    raw = asyncio.run(timeline_session(server_process.ws_url, messages))
    per_seq = {m["seq"]: [e["text"] for e in m["log"] if not e["diagnostic"] or e["kind"] == "note"]
               for m in map(json.loads, raw) if m["type"] == "events"}
    # The move at 40 ms is handled before the timeline entry at 40 ms (input first at a deadline's instant).
    assert per_seq[3] == ["pan:began→changed", "act(pan,changed)", "inner.tm(1)"], per_seq
    assert per_seq[4] == ["note: timeline: set pan.enabled = false", "pan:changed→cancelled [isEnabled set to false]",
                          "act(pan,cancelled)", "note: timeline: pan.isEnabled = false", "inner.tm(1)"], per_seq
    assert per_seq[5] == ["note: timeline: remove view inner", "inner.tc(1)"], per_seq
    again = asyncio.run(timeline_session(server_process.ws_url, messages))
    assert raw[1:] == again[1:], "after the welcome (its session id), the same messages give the same bytes"


def test_an_invalid_timeline_is_rejected_naming_the_field(server_process):
    cases = [
        ([{"t": 50, "actions": [{"set": {"view": "ghost", "property": "hidden", "value": True}}]}],
         "timeline[0].actions[0].set.view: no view named \"ghost\""),
        ([{"t": 50, "actions": []}, ], "timeline[0].actions: expected 1–64 actions"),
        ([{"t": 50, "actions": [{"app": "didBecomeActive"}]}, {"t": 10, "actions": [{"app": "didBecomeActive"}]}],
         "timeline[1].t: entries go in time order"),
        ([{"t": -1, "actions": [{"app": "didBecomeActive"}]}], "timeline[0].t: expected a number in 0.0…86400000.0"),
        ([{"t": 5, "actions": [{"set": {"view": "box", "property": "alpha", "value": "half"}}]}], "timeline[0].actions[0].set.value: expected a number"),
    ]
    for timeline, text in cases:
        async def hello() -> dict:
            async with websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL]) as ws:
                await ws.send(json.dumps({"type": "hello", "protocol": 1, "role": "device", "clock": "manual",
                                          "scene": {**SCENE, "timeline": timeline}, "viewport": {"width": 400, "height": 800, "scale": 2}}))
                return json.loads(await ws.recv())
        reply = asyncio.run(hello())
        assert reply["type"] == "error" and text in reply["message"], (text, reply)


def test_hostile_actions_are_errors_and_the_server_carries_on(server_process):
    hostile = [
        [1], ["set"], [None], [{"set": None}], [{"set": {"view": 5, "property": "alpha", "value": 1}}],
        [{"set": {"view": "box", "property": "frame", "value": [1e308, 0, 1, 1]}}],
        [{"set": {"view": "box", "property": "hitShape", "value": {"path": [["rect"] + [1] * 50]}}}],
        [{"set": {"view": "box", "property": "hitShape", "value": {"polygon": [[0, 0]] * 300}}}],
        [{"add": {"view": {"id": "x", "frame": [0, 0, 1, 1], "children": [{"id": "x", "frame": [0, 0, 1, 1]}]}}}],
        [{"add": {"recognizer": {"id": "c", "kind": "custom", "class": "nope", "view": "box"}}}],
        [{"animate": {"view": "box", "duration": -5, "to": {"alpha": 0.5}}}],
        [{"animate": {"view": "box", "duration": 5, "to": {}}}],
        [{"move": {"view": "root", "to": "box"}}], [{"remove": {"view": "window"}}],
        [{"report": {"property": "frame"}}], [{"relate": {"requireToFail": ["pan"]}}],
        [{"set": {"recognizer": "pan", "property": "delegate", "value": {"shouldBegin": "no"}}}],
    ]
    for actions in hostile:
        raw, _ = run(server_process.ws_url, [{"type": "act", "t": 0, "actions": actions}, touch("down", 200, 200, 10)])
        replies = [json.loads(r) for r in raw]
        error = next((r for r in replies if r["type"] == "error"), None)
        assert error and error["seq"] == 1 and error["path"].startswith("actions"), (actions, replies)
        assert replies[-1]["type"] == "events" and replies[-1]["seq"] == 2, "the session carries on"
    assert server_process.proc.poll() is None
