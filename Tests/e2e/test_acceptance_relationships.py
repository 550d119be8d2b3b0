"""Acceptance scenarios S43–S53 (numbered as docs/uikit-rules.md explains: require(toFail:), delegates, recognizers on ancestors,
controls against a superview's tap, a recognizer moved to a second view), black-box over the protocol with the exact
event log."""

from __future__ import annotations

from acceptance import D, U, act, advance, module_server, run, scene, view  # noqa: F401
from test_acceptance_gestures import per_message

SINGLE_DOUBLE = [{"id": "S", "kind": "tap", "view": "V"}, {"id": "DT", "kind": "tap", "view": "V", "numberOfTapsRequired": 2}]


def test_s43_single_waits_for_double(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)], SINGLE_DOUBLE, relationships=[{"requireToFail": ["S", "DT"]}]),
            [D(1, 100, 100, 0), U(1, 100, 100, 80), advance(429), advance(430)])
    assert per_message(s) == [["V.tb(1)"], [], [],
                              ["DT:possible→failed [multi-tap interval 350 ms elapsed after tap 1 of 2]", "S:possible→ended", "V.tc(1)", "act(S,ended)"]]


def test_s43_the_same_relationship_made_at_run_time(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)], SINGLE_DOUBLE),
            [act(0, {"relate": {"requireToFail": ["S", "DT"]}}), D(1, 100, 100, 0), U(1, 100, 100, 80), advance(430)])
    assert s.log()[0] == "note: act: S.require(toFail: DT)"
    assert per_message(s)[1:] == [["V.tb(1)"], [],
                              ["DT:possible→failed [multi-tap interval 350 ms elapsed after tap 1 of 2]", "S:possible→ended", "V.tc(1)", "act(S,ended)"]]


def test_s45_no_requirement(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)], SINGLE_DOUBLE),
            [D(1, 100, 100, 0), U(1, 100, 100, 80), D(2, 100, 100, 200), U(2, 100, 100, 280)])
    # The reference leaves open whether S fires again at 280: in TouchKit it does, before DT (attach order).
    assert per_message(s) == [["V.tb(1)"], ["S:possible→ended", "V.tc(1)", "act(S,ended)"], ["V.tb(2×2)"],
                              ["S:possible→ended", "DT:possible→ended", "V.tc(2×2)", "act(S,ended)", "act(DT,ended)"]]


def test_s47_should_begin_false(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)], [{"id": "P", "kind": "pan", "view": "V", "delegate": {"shouldBegin": False}}]),
            [D(1, 100, 100, 0), *[{"type": "input", "pointers": [{"id": 1, "phase": "move", "x": 100 + 20 * k, "y": 100, "t": 16 * k,
                                                                  "pointerType": "touch"}]} for k in range(1, 6)], U(1, 200, 100, 96)])
    assert s.log() == ["V.tb(1)", "P:possible→failed [delegate gestureRecognizerShouldBegin returned false]"] + ["V.tm(1)"] * 5 + ["V.te(1)"]


def test_s48_should_receive_false(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)], [
        {"id": "T", "kind": "tap", "view": "V", "delegate": {"shouldReceiveOutside": [0, 0, 200, 200]}}]),
        [D(1, 100, 100, 0), U(1, 100, 100, 80), advance(1000)])
    assert s.log() == ["V.tb(1)", "V.te(1)"]


def test_s50_recognizer_on_an_ancestor(module_server):
    s = run(module_server, scene([view("SV", 0, 0, 400, 800, children=[view("C", 100, 100, 100, 100)])],
                                 [{"id": "T", "kind": "tap", "view": "SV"}]), [D(1, 150, 150, 0), U(1, 150, 150, 80)])
    assert s.log() == ["C.tb(1)", "T:possible→ended", "C.tc(1)", "act(T,ended)"]


def test_s51_standard_control_against_a_superview_tap(module_server):
    def tap_on(kind: str):
        return run(module_server, scene([view("SV", 0, 0, 400, 800, children=[
            {"id": "B", "kind": kind, "frame": [100, 100, 100, 44]}])], [{"id": "T", "kind": "tap", "view": "SV"}]),
            [D(1, 150, 120, 0), U(1, 150, 120, 80)])
    button = tap_on("button")
    assert button.log() == ["B.tb(1)", "B:touchDown", "T:possible→failed [B is a UIButton and keeps its single tap (iOS 6 rule)]",
                            "B.te(1)", "B:touchUpInside", "B:primaryActionTriggered"]
    control = tap_on("control")
    assert control.log() == ["B.tb(1)", "B:touchDown", "T:possible→ended", "B.tc(1)", "B:touchCancel", "act(T,ended)"]


def test_s53_recognizer_moved_to_a_second_view(module_server):
    views = [view("A", 0, 0, 200, 800), view("B", 200, 0, 200, 800)]
    s = run(module_server, scene(views, [{"id": "g", "kind": "tap", "view": "A"}]),
            [act(0, {"move": {"recognizer": "g", "to": "B"}}), D(1, 100, 100, 10), U(1, 100, 100, 80),
             D(2, 300, 100, 500), U(2, 300, 100, 580),
             act(600, {"report": {"view": "A", "property": "gestureRecognizers"}},
                 {"report": {"recognizer": "g", "property": "view"}})])
    assert s.log() == ["note: act: move recognizer g to B", "note: g moved from A to B: a recognizer belongs to one view",
                       "A.tb(1)", "A.te(1)", "B.tb(2)", "g:possible→ended", "B.tc(2)", "act(g,ended)",
                       "note: act: A.gestureRecognizers = []", "note: act: g.view = B"]
