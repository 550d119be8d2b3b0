"""The last differences from UIKit (issue 27), black-box over the protocol: real gesture conflicts from
public threads (``gesture_conflicts.json``: scene, finger trace, the symptom the threads report, the fix they used)
replayed through the server — each symptom and each fix — plus what shows on the wire of the other decisions: image
and label views ignore touches by default and the log says why, ``responder`` on every kind, a scroll view's own pan
as a recognizer relationships name (unknown names refused), UISlider's veto, the order of two pans that reach their
begin condition in one frame, and a view whose user interaction turns off mid-touch."""

from __future__ import annotations

import json
from pathlib import Path

from acceptance import D, M, U, act, module_server, run, scene, view  # noqa: F401

CASES = {case["id"]: case for case in json.loads((Path(__file__).parent / "gesture_conflicts.json").read_text())["cases"]}
FRAME_MS = 1000 / 120


def trace_messages(case: dict) -> list[dict]:
    """The case's key points as input messages: moves interpolated linearly and sampled at 120 Hz."""
    messages: list[dict] = []
    last: dict[int, tuple[float, float, float]] = {}
    for event in case["trace"]["events"]:
        finger, (x, y), t = event["finger"], event["at"], event["t"]
        if event["phase"] == "down":
            messages.append(D(finger, x, y, t))
        elif event["phase"] == "up":
            messages.append(U(finger, x, y, t))
        else:
            x0, y0, t0 = last[finger]
            steps = max(1, round((t - t0) / FRAME_MS))
            for k in range(1, steps + 1):
                f = k / steps
                messages.append(M(finger, x0 + (x - x0) * f, y0 + (y - y0) * f, round(t0 + (t - t0) * f, 3)))
        last[finger] = (x, y, t)
    return messages


def replay(server, case_id: str, *, before: list[dict] = (), relationships: list[dict] | None = None):
    case = CASES[case_id]
    scene_json = {**case["scene"], **({"relationships": relationships} if relationships else {})}
    width, height = case["viewport"]
    return run(server, scene_json, [*before, *trace_messages(case)], viewport={"width": width, "height": height, "scale": 2})


def diagnostics(s) -> list[str]:
    return [e["text"] for e in s.entries if e["kind"] in ("hitTest", "delivery")]


def prevented_in_frame(loser: str, winner: str) -> str:
    """The reason of a recognizer that a nearer one's beginning excluded in the same frame (UIKIT-GESTURE-FRAME-ORDER)."""
    return (f"{loser}:possible→failed [prevented by {winner}, which began first in this frame: {loser} had not yet been given the"
            " frame's touches (they go to the recognizers nearest the touched view first, each view's in the order they were added)]")


def began(s, name: str) -> bool:
    return f"{name}:possible→began" in s.log()


# GC-S16: a tap recognizer on an image view never fires.

def test_gc_s16_symptom_the_image_view_ignores_the_tap_and_the_log_says_why(module_server):
    s = replay(module_server, "GC-S16")
    assert not s.errors
    assert diagnostics(s) == ["hit(1) window>root",
                              "1@avatar: skipped by hit-testing: isUserInteractionEnabled false (UIImageView default); avatarTap cannot see the touch"]
    assert s.of("avatarTap", "avatar") == []


def test_gc_s16_fix_user_interaction_on(module_server):
    s = replay(module_server, "GC-S16", before=[act(0, *CASES["GC-S16"]["fix"]["actions"])])
    assert diagnostics(s) == ["hit(1) window>root>avatar"]
    assert s.of("avatarTap") == ["avatarTap:possible→ended", "act(avatarTap,ended)"]


# GC-S14: a horizontal pager takes the edge swipe; the fix names the pager's own pan.

def test_gc_s14_symptom_the_pagers_pan_takes_the_edge_swipe(module_server):
    s = replay(module_server, "GC-S14")
    assert s.of("pager.pan", "edgePop")[:3] == [
        "pager.pan:possible→began",
        prevented_in_frame("edgePop", "pager.pan"),
        "act(pager.pan,began)"]


def test_gc_s14_fix_pager_pan_requires_the_edge_pan_to_fail(module_server):
    fixed = replay(module_server, "GC-S14", before=[act(0, *CASES["GC-S14"]["fix"]["actions"])])
    assert fixed.log()[0] == "note: act: pager.pan.require(toFail: edgePop)"
    assert fixed.of("pager.pan", "edgePop")[:3] == ["edgePop:possible→began", "pager.pan:possible→failed [required edgePop to fail, but it recognized]",
                                                 "act(edgePop,began)"]
    in_file = replay(module_server, "GC-S14", relationships=[{"requireToFail": ["pager.pan", "edgePop"]}])
    assert in_file.of("pager.pan", "edgePop")[:2] == fixed.of("pager.pan", "edgePop")[:2]


def test_unknown_recognizer_names_are_refused_not_noted(module_server):
    s = run(module_server, CASES["GC-S14"]["scene"], [act(0, {"relate": {"requireToFail": ["pager.pinch", "edgePop"]}}),
                                                     act(0, {"relate": {"simultaneous": ["pager.pan", "pager.delayContentTouches"]}})])
    assert [e["path"] for e in s.errors] == ["actions[0].relate.requireToFail[0]", "actions[0].relate.simultaneous"]
    assert "no recognizer with id 'pager.pinch'" in s.errors[0]["message"]
    assert "pager.pan and pager.delayContentTouches keep their own delegates" in s.errors[1]["message"]
    assert not any(line.startswith("note: act") for line in s.log())


# GC-S15: a cell's pan beats a custom edge pan (same frame: the cell is nearer the touch); the fix is a failure requirement.

def test_gc_s15_symptom_and_fix(module_server):
    symptom = replay(module_server, "GC-S15")
    assert symptom.of("cellSwipe", "edgeBack")[:3] == [
        "cellSwipe:possible→began",
        prevented_in_frame("edgeBack", "cellSwipe"),
        "act(cellSwipe,began)"]
    fixed = replay(module_server, "GC-S15", before=[act(0, *CASES["GC-S15"]["fix"]["actions"])])
    assert fixed.of("cellSwipe", "edgeBack")[:2] == ["edgeBack:possible→began",
                                                       "cellSwipe:possible→failed [required edgeBack to fail, but it recognized]"]


# GC-S08: a side-menu pan on the root against the table's own pan. The thread's fix (a directional shouldBegin) is
# not expressible as data; what the case asks is TouchKit's order when both reach their begin condition together.

def test_gc_s08_the_touched_scroll_views_pan_comes_first(module_server):
    s = replay(module_server, "GC-S08")
    assert s.of("table.pan", "menuPan")[:3] == [
        "table.pan:possible→began",
        prevented_in_frame("menuPan", "table.pan"),
        "act(table.pan,began)"]


# GC-S21: a pan simultaneous with the feed's own pan (the threads' "true for everything"). With the case's trace (a
# horizontal swipe with 30 pt of vertical drift) the symptom does not reproduce: the feed's pan refuses a drag that
# starts along an axis it cannot scroll (UIKIT-SCROLL-DRAGGABLE-AXES). On a drag the feed can scroll both move, and the
# fix (relate only what should run together) leaves the carousel's pan alone.

def test_gc_s21_the_case_trace_the_feed_refuses_a_horizontal_start(module_server):
    s = replay(module_server, "GC-S21", relationships=[{"simultaneous": ["carouselPan", "feed.pan"]}])
    assert began(s, "carouselPan")
    assert [line for line in s.log() if line.startswith("feed.pan:possible")] == [
        "feed.pan:possible→failed [nothing to scroll horizontally: content 390×4000 in bounds 390×844, alwaysBounceHorizontal false, bounces true]"]


def test_gc_s21_symptom_and_fix_on_a_drag_the_feed_can_scroll(module_server):
    case = CASES["GC-S21"]
    drag = [D(1, 300, 300, 0), *[M(1, 300 - 5 * k, 300 + 15 * k, 16 * k) for k in range(1, 7)], U(1, 270, 390, 112)]
    symptom = run(module_server, {**case["scene"], "relationships": [{"simultaneous": ["carouselPan", "feed.pan"]}]}, drag)
    assert began(symptom, "carouselPan") and began(symptom, "feed.pan")
    fixed = run(module_server, case["scene"], drag)
    assert began(fixed, "carouselPan") and not began(fixed, "feed.pan")


# GC-S12: a plain UIControl gets no veto: the sheet's pan grabs it; the fix keeps the pan off the control. A UISlider
# vetoes a pan along its track that starts on its thumb by itself (the drag-from-thumb case).

def test_gc_s12_a_plain_control_loses_its_drag_until_the_sheet_pan_excludes_it(module_server):
    symptom = replay(module_server, "GC-S12")
    assert began(symptom, "sheetPan") and "range:touchCancel" in symptom.log()
    fixed = replay(module_server, "GC-S12", before=[act(0, *CASES["GC-S12"]["fix"]["actions"])])
    assert not began(fixed, "sheetPan") and fixed.log()[-1] == "range:touchUpInside"


def test_a_slider_keeps_a_drag_that_starts_on_its_thumb(module_server):
    panel = {"id": "panel", "frame": [0, 0, 400, 800], "children": [{"id": "volume", "kind": "slider", "frame": [20, 100, 244, 40]}]}
    drag = [D(1, 42, 120, 0), *[M(1, 42 + 20 * k, 120 + k, 16 * k) for k in range(1, 6)], U(1, 142, 125, 96)]
    s = run(module_server, scene([panel], [{"id": "revealPan", "kind": "pan", "view": "panel"}]), drag)
    assert s.of("revealPan") == ["revealPan:possible→failed [volume is a UISlider: its gestureRecognizerShouldBegin refuses a pan along"
                                 " the track that starts on its thumb]"]
    assert "volume:touchCancel" not in s.log() and s.log()[-1] == "volume:touchUpInside"


# GC-S09: a parent pan breaks the table's swipe-to-delete. In the case's scene both are plain pans (the row's stands in for
# UITableView's private swipe-action recognizer, whose directional shouldBegin the scene format cannot say). The threads'
# symptom needs the parent's pan to reach its begin condition first; here both reach it in the same frame, at any speed, and
# the row's, nearer the touch, begins first (UIKIT-GESTURE-FRAME-ORDER): the symptom does not reproduce, slow or fast. The
# threads' fix (the parent's pan requires the row's to fail) gives the case's outcome with UIKit's reason.

def test_gc_s09_the_rows_pan_is_nearer_and_begins_first_at_any_speed(module_server):
    slow = replay(module_server, "GC-S09")
    assert slow.of("rowSwipeAction", "parentPan")[:3] == [
        "rowSwipeAction:possible→began",
        prevented_in_frame("parentPan", "rowSwipeAction"),
        "act(rowSwipeAction,began)"]
    case = CASES["GC-S09"]
    fast = run(module_server, case["scene"], [D(1, 330, 130, 0), *[M(1, 330 - 25 * k, 130, 8 * k) for k in range(1, 7)], U(1, 180, 130, 56)],
               viewport={"width": 390, "height": 844, "scale": 2})
    assert fast.of("rowSwipeAction", "parentPan")[:2] == slow.of("rowSwipeAction", "parentPan")[:2]


def test_gc_s09_fix_the_parent_pan_requires_the_rows_to_fail(module_server):
    fixed = replay(module_server, "GC-S09", before=[act(0, *CASES["GC-S09"]["fix"]["actions"])])
    assert fixed.log()[0] == "note: act: parentPan.require(toFail: rowSwipeAction)"
    assert fixed.of("rowSwipeAction", "parentPan")[:3] == [
        "rowSwipeAction:possible→began",
        "parentPan:possible→failed [required rowSwipeAction to fail, but it recognized]",
        "act(rowSwipeAction,began)"]


# responder on every kind (the schema always allowed it; the server refused it except on kind view).

def test_responder_on_every_kind_loads_and_a_link_label_handles_its_touches(module_server):
    kinds = ["view", "label", "image", "drawing", "button", "switch", "slider", "control", "scrollView"]
    views = [{"id": kind, "kind": kind, "frame": [0, 80 * i, 300, 60], "responder": "log"} for i, kind in enumerate(kinds)]
    views[1]["userInteraction"] = True
    s = run(module_server, scene(views), [D(1, 100, 110, 0), U(1, 100, 110, 80), D(2, 100, 190, 200), U(2, 100, 190, 280)])
    assert not s.errors
    assert s.log()[:2] == ["label.tb(1)", "label.te(1)"], "the chain stops at the label"
    assert diagnostics(s) == ["hit(1) window>root>label", "hit(2) window>root"], "the image keeps UIImageView's default: touches go under it"


# A view whose user interaction turns off mid-touch: nothing more reaches it, its recognizer keeps the touch.

def test_interaction_turned_off_mid_touch(module_server):
    s = run(module_server, scene([view("card", 0, 0, 400, 800)], [{"id": "press", "kind": "longPress", "view": "card"}]),
            [D(1, 100, 100, 0), M(1, 102, 100, 100), act(150, {"set": {"view": "card", "property": "userInteraction", "value": False}}),
             M(1, 104, 100, 200), {"type": "advance", "t": 600}, U(1, 104, 100, 700)])
    assert s.log() == ["card.tb(1)", "card.tm(1)", "note: act: set card.userInteraction = false", "press:possible→began",
                       "act(press,began)", "press:began→ended", "act(press,ended)"]
