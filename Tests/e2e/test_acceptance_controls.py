"""Acceptance scenarios S54–S59 (numbered as docs/uikit-rules.md explains: control tracking and its slop, scroll views holding back
and cancelling content touches), black-box over the protocol: control events and touches in the event log, the scroll
position from the render (``bounds`` origin)."""

from __future__ import annotations

from acceptance import D, M, U, advance, module_server, run, scene, view  # noqa: F401
from test_acceptance_gestures import per_message

BUTTON = {"id": "B", "kind": "button", "frame": [100, 100, 100, 44], "text": "OK"}


def control_events(s) -> list[str]:
    return [line for line in s.log() if line.startswith("B:")]


def test_s54_control_slop(module_server):
    s = run(module_server, scene([BUTTON]), [D(1, 150, 120, 0), M(1, 150, 190, 50), U(1, 150, 190, 100)])
    assert control_events(s) == ["B:touchDown", "B:touchDragInside", "B:touchUpInside", "B:primaryActionTriggered"]
    assert s.welcome["thresholds"]["controlTouchInsideSlopPt"] == 70
    s = run(module_server, scene([BUTTON]), [D(1, 150, 120, 0), M(1, 150, 190, 50), M(1, 150, 300, 70), M(1, 150, 310, 80),
                                            U(1, 150, 310, 100)])
    assert control_events(s) == ["B:touchDown", "B:touchDragInside", "B:touchDragExit", "B:touchDragOutside", "B:touchDragOutside",
                                 "B:touchUpOutside"]


def scroller(**fields) -> dict:
    return scene([{"id": "SV", "kind": "scrollView", "frame": [0, 0, 400, 800], "contentSize": [400, 2000], **fields,
                   "children": [BUTTON]}])


QUICK_DRAG = [D(1, 150, 120, 0), M(1, 150, 90, 60), M(1, 150, 20, 150), U(1, 150, 20, 170)]


def scrolled(s) -> float:
    return s.render_nodes()["SV"]["bounds"][1]


def test_s56_quick_drag_over_a_button_scrolls(module_server):
    s = run(module_server, scroller(), QUICK_DRAG)
    assert control_events(s) == [] and not any(line.startswith("B.") for line in s.log())
    assert scrolled(s) > 0


def test_s57_press_and_hold_then_drag_keeps_the_button(module_server):
    s = run(module_server, scroller(), [D(1, 150, 120, 0), advance(149), advance(150), M(1, 150, 70, 250), M(1, 150, 20, 300),
                                        U(1, 150, 20, 320)])
    assert [[line for line in lines if line.startswith("B:")] for lines in per_message(s)] == [
        [], [], ["B:touchDown"], ["B:touchDragInside"], ["B:touchDragExit", "B:touchDragOutside"], ["B:touchUpOutside"]]
    assert s.welcome["thresholds"]["scrollContentTouchDelayMs"] == 150
    assert scrolled(s) == 0


def test_s59_content_touches_not_delayed(module_server):
    s = run(module_server, scroller(delaysContentTouches=False), QUICK_DRAG)
    assert control_events(s)[0] == "B:touchDown" and per_message(s)[0][-1] == "B:touchDown"
    assert "B:touchCancel" not in control_events(s)
    assert scrolled(s) == 0
    s = run(module_server, scroller(delaysContentTouches=False, cancelsControlTouches=True), QUICK_DRAG)
    assert control_events(s) == ["B:touchDown", "B:touchCancel"]
    assert scrolled(s) > 0
