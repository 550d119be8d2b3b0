"""Issue 27, part 3, over the protocol (Python ``websockets``, inline scenes, manual clock): what UIKit code says in
overrides and delegate methods, said as data — a custom class's ``overrides`` and the delegate's answer tables keyed by
recognizer names, ``shouldReceiveEvent``, a control's ``tracking`` calls, ``autoresizesSubviews`` and nested ``animate``
calls — in the scene and through ``act``; hostile tables (unknown names, self-reference, wrong types, huge tables,
requirement cycles) are refused with the path of the bad entry and nothing applied, or run without hanging."""

from __future__ import annotations

import asyncio
import json

import websockets

from acceptance import D, M, U, act, advance, module_server, run, scene, view  # noqa: F401
from test_server import SUBPROTOCOL, VIEWPORT, receive_until

V = view("V", 0, 0, 400, 800)
FIRST_TOUCH_AND_PAN = [{"id": "F", "kind": "custom", "class": "firstTouch", "view": "V", "cancelsTouchesInView": False},
                       {"id": "P", "kind": "pan", "view": "V", "cancelsTouchesInView": False}]
DRAG = [D(1, 100, 100, 0), M(1, 130, 100, 20), M(1, 160, 100, 40), M(1, 200, 100, 60), U(1, 200, 100, 100)]


def transitions(s) -> list[str]:
    return [line for line in s.log() if ":possible→" in line]


def test_a_custom_class_that_cannot_be_prevented_keeps_its_gesture(module_server):
    plain = run(module_server, scene([V], FIRST_TOUCH_AND_PAN), DRAG)
    assert transitions(plain) == ["P:possible→began", "F:possible→failed [prevented by P]"]
    overridden = [{**FIRST_TOUCH_AND_PAN[0], "overrides": {"canBePrevented": {"P": False}}}, FIRST_TOUCH_AND_PAN[1]]
    s = run(module_server, scene([V], overridden), DRAG)
    assert transitions(s) == ["P:possible→began", "F:possible→ended"]
    s = run(module_server, scene([V], FIRST_TOUCH_AND_PAN),
            [act(0, {"set": {"recognizer": "F", "property": "overrides", "value": {"canBePrevented": {"*": False}}}}), *DRAG])
    assert s.log()[0] == 'note: act: set F.overrides = {"canBePrevented":{"*":false}}'
    assert transitions(s) == ["P:possible→began", "F:possible→ended"]


def test_delegate_tables_make_failure_requirements_and_simultaneity(module_server):
    taps = [{"id": "S", "kind": "tap", "view": "V", "delegate": {"shouldRequireFailureOf": {"DT": True}}},
            {"id": "DT", "kind": "tap", "view": "V", "numberOfTapsRequired": 2}]
    s = run(module_server, scene([V], taps), [D(1, 100, 100, 0), U(1, 100, 100, 80), advance(500)])
    assert s.log() == ["V.tb(1)", "DT:possible→failed [multi-tap interval 350 ms elapsed after tap 1 of 2]", "S:possible→ended",
                       "V.tc(1)", "act(S,ended)"], s.log()
    pans = [{"id": "P", "kind": "pan", "view": "V"}, {"id": "Q", "kind": "pan", "view": "V"}]
    alone = run(module_server, scene([V], pans), DRAG)
    assert transitions(alone)[0] == "P:possible→began" and transitions(alone)[1].startswith("Q:possible→failed [prevented by P"), alone.log()
    s = run(module_server, scene([V], pans),
            [act(0, {"set": {"recognizer": "Q", "property": "delegate", "value": {"shouldRecognizeSimultaneouslyWith": {"P": True}}}}),
             *DRAG])
    assert transitions(s) == ["P:possible→began", "Q:possible→began"]


def test_should_receive_event_withholds_the_touches_of_a_bigger_event(module_server):
    pan = [{"id": "P", "kind": "pan", "view": "V", "delegate": {"shouldReceiveEvent": {"allTouchesAtMost": 1}}}]
    s = run(module_server, scene([{**V, "multipleTouch": True}], pan), [D(1, 100, 100, 0), D(2, 300, 300, 10)])
    withheld = [e["text"] for e in s.entries if "withheld" in e["text"]]
    assert withheld == ["2@P: withheld from recognizer: delegate shouldReceive(event) returned false"], withheld


def test_a_control_notes_its_tracking_calls(module_server):
    knob = {"id": "K", "kind": "control", "frame": [0, 0, 200, 200], "tracking": {"continueTracking": False}}
    s = run(module_server, scene([knob]), [D(1, 100, 100, 0), M(1, 110, 100, 20), M(1, 120, 100, 40), U(1, 120, 100, 60)])
    assert s.log() == ["K.tb(1)", "note: K.beginTracking(1) → true", "K:touchDown", "K.tm(1)", "note: K.continueTracking(1) → false",
                       "K:touchDragInside", "K.tm(1)", "K:touchDragInside", "K.te(1)", "K:touchUpInside"], s.log()
    s = run(module_server, scene([{**knob, "tracking": False}]),
            [act(0, {"set": {"view": "K", "property": "tracking", "value": True}}), D(1, 100, 100, 10), U(1, 100, 100, 30)])
    assert s.log() == ["note: act: set K.tracking = true", "K.tb(1)", "note: K.beginTracking(1) → true", "K:touchDown", "K.te(1)",
                       "note: K.endTracking(1)", "K:touchUpInside"], s.log()


def test_autoresizes_subviews_false_keeps_the_subviews_frames(module_server):
    parent = {"id": "P", "frame": ["0%", "0%", "100%", "100%"], "autoresizesSubviews": False,
              "children": [{"id": "C", "frame": [100, 200, 100, 40], "autoresizing": ["flexibleWidth"]}]}
    s = run(module_server, scene([parent]), [{"type": "resize", "width": 800, "height": 800, "scale": 2},
                                            act(0, {"report": {"view": "C", "property": "frame"}})])
    assert s.log()[-1] == "note: act: C.frame = (100, 200, 100, 40)", s.log()
    s = run(module_server, scene([{**parent, "autoresizesSubviews": True}]),
            [{"type": "resize", "width": 800, "height": 800, "scale": 2}, act(0, {"report": {"view": "C", "property": "frame"}})])
    assert s.log()[-1] == "note: act: C.frame = (100, 200, 500, 40)", s.log()


# Pins UIKIT-ANIM-NESTED.
def test_a_nested_animate_inherits_the_duration_and_curve_of_its_block(module_server):
    views = [view("A", 0, 0, 100, 100), view("B", 0, 200, 100, 100)]
    s = run(module_server, scene(views), [act(0, {"animate": {
        "view": "A", "duration": 1000, "options": ["curveLinear"], "to": {"centerX": 250}, "nested": [
            {"view": "B", "duration": 200, "options": ["curveEaseIn"], "to": {"alpha": 0}},
            {"view": "B", "duration": 200, "options": ["overrideInheritedDuration", "curveEaseIn"], "to": {"centerY": 400}}]}})])
    began = [e["message"] for e in s.entries if e["kind"] == "animation"]
    assert began == ["animation 1 began: B.alpha over 1000 ms, linear, interaction off, nested: inherits its duration and curve",
                     "animation 2 began: B.center over 200 ms, linear, interaction off, nested: inherits its curve",
                     "animation 3 began: A.center over 1000 ms, linear, interaction off"], began


def error_of(s) -> tuple[str, str]:
    assert len(s.errors) == 1, s.messages
    return s.errors[0]["path"], s.errors[0]["message"]


def test_hostile_tables_are_refused_with_their_entry_and_nothing_applied(module_server):
    recognizer = lambda value: act(0, {"set": {"recognizer": "P", "property": "delegate", "value": value}})  # noqa: E731
    cases = [
        (recognizer({"shouldRequireFailureOf": {"ghost": True}}), "actions[0].set.value.shouldRequireFailureOf.ghost", "no recognizer with id 'ghost'"),
        (recognizer({"shouldRecognizeSimultaneouslyWith": {"P": True}}), "actions[0].set.value.shouldRecognizeSimultaneouslyWith.P",
         "a recognizer is never asked about itself"),
        (recognizer({"shouldBeRequiredToFailBy": {"F": 1}}), "actions[0].set.value.shouldBeRequiredToFailBy.F", "expected true or false"),
        (recognizer({"shouldRequireFailureOf": [True]}), "actions[0].set.value.shouldRequireFailureOf", "expected an object of recognizer names"),
        (recognizer({"shouldRequireFailureOf": {f"r{i}": True for i in range(5000)}}), "actions[0].set.value.shouldRequireFailureOf",
         "at most 201 entries"),
        (act(0, {"set": {"recognizer": "P", "property": "overrides", "value": {}}}), "actions[0].set.property", "expected one of"),
        (act(0, {"animate": {"view": "V", "duration": 10, "to": {"alpha": 0}, "nested": [
            {"view": "V", "duration": 10, "to": {"alpha": 1}, "nested": [
                {"view": "V", "duration": 10, "to": {"alpha": 0}, "nested": [
                    {"view": "V", "duration": 10, "to": {"alpha": 1}, "nested": [{"view": "V", "duration": 10, "to": {"alpha": 0}}]}]}]}]}}),
         "actions[0].animate.nested[0].nested[0].nested[0].nested", "animate calls nest at most 4 deep"),
        (act(0, {"animate": {"view": "V", "duration": 10, "to": {"alpha": 0}, "nested": [
            {"view": "V", "duration": 10, "to": {"alpha": 1}}] * 16}}), "actions[0].animate.nested[15]", "at most 16 calls"),
    ]
    for message, path, text in cases:
        s = run(module_server, scene([V], FIRST_TOUCH_AND_PAN), [message, *DRAG])
        got = error_of(s)
        assert got[0] == path and text in got[1], got
        assert transitions(s) == ["P:possible→began", "F:possible→failed [prevented by P]"], "nothing was applied"
    bad_scene = scene([V], [{**FIRST_TOUCH_AND_PAN[0], "overrides": {"canPrevent": {"ghost": False}}}, FIRST_TOUCH_AND_PAN[1]])
    assert asyncio.run(scene_error(module_server.ws_url, bad_scene)) == (
        "inline scene: recognizers[0].overrides.canPrevent.ghost: no recognizer with id 'ghost' (a scroll view's own pan is named after it:"
        " scrollViewID.pan)")


async def scene_error(url: str, bad_scene: dict) -> str:
    """The error a ``scene`` message switching to ``bad_scene`` gets (the current scene stays)."""
    async with websockets.connect(url, subprotocols=[SUBPROTOCOL]) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "role": "device", "clock": "manual", "viewport": VIEWPORT,
                                  "scene": {"name": "x", "views": []}}))
        await ws.send(json.dumps({"type": "scene", "seq": 1, "scene": bad_scene}))
        replies = await receive_until(ws, lambda m: m["type"] == "error", timeout=10)
        return replies[-1]["message"]


def test_a_requirement_cycle_in_tables_waits_and_is_linted(module_server):
    cycle = [{"id": "A", "kind": "tap", "view": "V", "delegate": {"shouldRequireFailureOf": {"B": True}}},
             {"id": "B", "kind": "tap", "view": "V", "delegate": {"shouldRequireFailureOf": {"A": True}}}]
    s = run(module_server, scene([V], cycle), [D(1, 100, 100, 0), U(1, 100, 100, 80), advance(2000), D(2, 100, 100, 2100)])
    # Each waits for the other until the next touch ends A's gesture; then B goes on (nothing hangs meanwhile).
    assert s.log() == ["V.tb(1)", "A:possible→failed [another touch began after 1 tap(s) were complete]", "B:possible→ended", "V.tc(1)",
                       "act(B,ended)"], s.log()
    assert "TB-L17" in [lint["id"] for lint in s.welcome.get("lints", [])], json.dumps(s.welcome.get("lints"))
