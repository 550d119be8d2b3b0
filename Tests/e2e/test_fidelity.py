"""UIKit fidelity fixes, black-box over the protocol (Python ``websockets``, inline scenes, manual clock):
what each fix changes on the wire — released ``touchesBegan`` locations, withheld ends in order, ``tapCount``
per view, swipe duration at its limit, a scroll view with nothing to scroll, pinch's neutral scale and every
hop of manual forwarding in the event log.
"""

from __future__ import annotations

import asyncio
import json

import websockets

from test_server import SUBPROTOCOL, VIEWPORT, events_for, frame, receive_until


def inline(views: list[dict], recognizers: list[dict] | None = None) -> dict:
    return {"name": "fidelity", "views": views, "recognizers": recognizers or []}


async def session(url: str, scene, frames: list[tuple[float, list[tuple[str, int, float, float]]]]) -> list[dict]:
    """Runs ``frames`` (time in ms, pointer changes) in a manual-clock session; returns every log entry."""
    async with websockets.connect(url, subprotocols=[SUBPROTOCOL]) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "role": "device", "viewport": VIEWPORT,
                                  "clock": "manual", "scene": scene}))
        welcome = json.loads(await ws.recv())
        assert welcome["type"] == "welcome", welcome
        entries: list[dict] = []
        for seq, (t, changes) in enumerate(frames, start=1):
            await ws.send(frame(seq, t, *changes))
            answered = events_for(seq)
            for message in await receive_until(ws, lambda m: m["type"] == "error" or answered(m), timeout=10):
                assert message["type"] != "error", message
                if message["type"] == "events":
                    entries.extend(message["log"])
        return entries


def texts(entries: list[dict], diagnostics: bool = False) -> list[str]:
    return [e["text"] for e in entries if diagnostics or not e["diagnostic"]]


def run(url: str, scene, frames) -> list[dict]:
    return asyncio.run(session(url, scene, frames))


def test_a_released_touches_began_reports_the_start_then_a_catch_up_move(server_process):
    scene = inline([{"id": "pad", "frame": [0, 0, 400, 800], "responder": "log"}],
                   [{"id": "tap", "kind": "tap", "view": "pad", "delaysTouchesBegan": True}])
    entries = run(server_process.ws_url, scene, [
        (0, [("down", 1, 10, 10)]), (16, [("move", 1, 30, 30)]), (33, [("move", 1, 60, 60)]), (50, [("up", 1, 60, 60)])])
    calls = [(e["method"], e["touches"][0]["location"]) for e in entries if e["kind"] == "responder"]
    assert calls == [("touchesBegan", [10, 10]), ("touchesMoved", [60, 60]), ("touchesEnded", [60, 60])]
    assert "1@pad: touchesBegan released at its start (10, 10), touchesMoved catches up to (60, 60)" in texts(entries, diagnostics=True)


def test_withheld_ends_reach_the_view_in_the_order_they_happened(server_process):
    scene = inline([{"id": "v", "frame": [0, 0, 400, 800], "responder": "log"}],
                   [{"id": "dt", "kind": "tap", "view": "v", "numberOfTapsRequired": 2, "cancelsTouchesInView": False}])
    entries = run(server_process.ws_url, scene, [
        (0, [("down", 1, 100, 100)]), (80, [("up", 1, 100, 100)]), (280, [("down", 2, 100, 100)]), (360, [("up", 2, 100, 100)])])
    responder = [t for t in texts(entries) if t.startswith("v.")]
    assert responder == ["v.tb(1)", "v.tb(2×2)", "v.te(1)", "v.te(2×2)"]


def test_tap_count_counts_only_taps_on_the_same_view(server_process):
    scene = inline([{"id": "a", "frame": [100, 100, 100, 100], "responder": "log"},
                    {"id": "b", "frame": [220, 100, 100, 100], "responder": "log"}])
    entries = run(server_process.ws_url, scene, [
        (0, [("down", 1, 190, 150)]), (80, [("up", 1, 190, 150)]),
        (150, [("down", 2, 230, 150)]), (230, [("up", 2, 230, 150)]),
        (300, [("down", 3, 230, 150)]), (380, [("up", 3, 230, 150)])])
    assert [t for t in texts(entries) if ".tb(" in t] == ["a.tb(1)", "b.tb(2)", "b.tb(3×2)"]


def test_a_swipe_at_exactly_its_maximum_duration_succeeds(server_process):
    scene = inline([{"id": "v", "frame": [0, 0, 400, 800]}], [{"id": "sw", "kind": "swipe", "view": "v"}])
    for move_at, expected in [(499, "sw:possible→ended"), (500, "sw:possible→ended"),
                              (501, "sw:possible→failed [took longer than maximumDuration 500 ms]")]:
        entries = run(server_process.ws_url, scene, [(0, [("down", 1, 100, 400)]), (move_at, [("move", 1, 200, 400)])])
        assert [t for t in texts(entries) if t.startswith("sw:")] == [expected], move_at


def test_a_scroll_view_with_nothing_to_scroll_leaves_the_drag_to_its_content(server_process):
    def scene(always_bounce: bool) -> dict:
        return inline([{"id": "sv", "kind": "scrollView", "frame": [0, 0, 400, 800], "contentSize": [400, 600],
                        "delaysContentTouches": False, "alwaysBounceVertical": always_bounce,
                        "children": [{"id": "c", "frame": [0, 0, 400, 600], "responder": "log"}]}])
    drag = [(0, [("down", 1, 200, 200)])] + [(16 * i, [("move", 1, 200, 200 + 10 * i)]) for i in range(1, 21)] \
        + [(16 * 21, [("up", 1, 200, 400)])]
    fixed = texts(run(server_process.ws_url, scene(False), drag))
    assert "sv.pan:possible→failed [nothing to scroll vertically: content 400×600 in bounds 400×800, " \
           "alwaysBounceVertical false, bounces true]" in fixed
    assert fixed[-1] == "c.te(1)" and "c.tc(1)" not in fixed
    bouncing = texts(run(server_process.ws_url, scene(True), drag))
    assert "sv.pan:possible→began" in bouncing and "c.tc(1)" in bouncing


def test_pinch_scale_is_neutral_until_a_pinch_moves_it(server_process):
    scene = inline([{"id": "v", "frame": [0, 0, 400, 800]}], [{"id": "pi", "kind": "pinch", "view": "v"}])
    entries = run(server_process.ws_url, scene, [(0, [("down", 1, 100, 400)]), (80, [("up", 1, 100, 400)])])
    failed = [e for e in entries if e["kind"] == "transition" and e["to"] == "failed"]
    assert len(failed) == 1 and failed[0]["values"]["scale"] == 1


def test_manual_forwarding_logs_every_hop(server_process):
    entries = run(server_process.ws_url, "responder-chain", [
        (0, [("down", 1, 200, 200)]), (80, [("up", 1, 200, 200)]), (200, [("down", 2, 200, 200)])])
    began = [t for t in texts(entries) if ".tb(2" in t]
    assert began[:2] == ["forwarding.tb(2×2)", "root.tb(2×2) via forwarding"]
    assert began[2].endswith(".tb(2×2) via root") and began[2].startswith("ResponderChainViewController")
