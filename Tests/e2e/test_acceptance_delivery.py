"""Acceptance scenarios S18–S28 (numbered as docs/uikit-rules.md explains: recognizer ⇄ view delivery: cancelsTouchesInView,
delaysTouchesBegan/Ended, multi-finger taps, ``ignore(_:for:)``), black-box over the protocol with the exact event log."""

from __future__ import annotations

from acceptance import D, M, U, module_server, pointers, run, scene, view  # noqa: F401

TAP = [D(1, 100, 100, 0), U(1, 100, 100, 80)]
DOUBLE_TAP = [D(1, 100, 100, 0), U(1, 100, 100, 80), D(2, 100, 100, 200), U(2, 100, 100, 280)]


def tap_scene(**fields) -> dict:
    return scene([view("V", 0, 0, 400, 800)], [{"id": "T", "kind": "tap", "view": "V", **fields}])


def test_s18_tap_with_defaults(module_server):
    s = run(module_server, tap_scene(), TAP, log="complete")
    assert s.log() == ["T got tb(1) [all 1:began]", "V.tb(1) [all 1:began]", "T got te(1) [all 1:ended]",
                       "T:possible→ended", "V.tc(1) [all 1:ended]", "act(T,ended)"]


def test_s19_tap_without_cancelling_touches(module_server):
    s = run(module_server, tap_scene(cancelsTouchesInView=False), TAP)
    # The reference leaves act vs V.te open for a tap; TouchKit sends the action first, as for a pan (UIKIT-STATE-ACTIONS).
    assert s.log() == ["V.tb(1)", "T:possible→ended", "act(T,ended)", "V.te(1)"]


def test_s20_pan_with_defaults(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)], [{"id": "P", "kind": "pan", "view": "V"}]), [
        D(1, 100, 100, 0), M(1, 104, 100, 16), M(1, 108, 100, 33), M(1, 130, 100, 50), M(1, 160, 100, 66), U(1, 160, 100, 83)])
    assert s.log() == ["V.tb(1)", "V.tm(1)", "V.tm(1)", "P:possible→began", "V.tc(1)", "act(P,began)",
                       "P:began→changed", "act(P,changed)", "P:changed→ended", "act(P,ended)"]


def test_s22_delays_touches_began_and_the_tap_recognizes(module_server):
    s = run(module_server, tap_scene(delaysTouchesBegan=True), TAP)
    assert s.log() == ["T:possible→ended", "act(T,ended)"]


def test_s24_double_tap_delays_touches_ended(module_server):
    s = run(module_server, tap_scene(numberOfTapsRequired=2), DOUBLE_TAP)
    assert s.log() == ["V.tb(1)", "V.tb(2×2)", "T:possible→ended", "V.tc(1)", "V.tc(2×2)", "act(T,ended)"]


def test_s25_double_tap_without_delaying_ends(module_server):
    s = run(module_server, tap_scene(numberOfTapsRequired=2, delaysTouchesEnded=False), DOUBLE_TAP)
    assert s.log() == ["V.tb(1)", "V.te(1)", "V.tb(2×2)", "T:possible→ended", "V.tc(2×2)", "act(T,ended)"]


def test_s26_two_finger_tap(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800, multipleTouch=True)],
                                 [{"id": "Tap2", "kind": "tap", "view": "V", "numberOfTouchesRequired": 2}]), [
        D(1, 100, 100, 0), D(2, 160, 100, 5), pointers(40, ("move", 1, 101, 100), ("move", 2, 161, 100)),
        U(1, 101, 100, 90), U(2, 161, 100, 100)])
    by_time = {m["seq"]: [e["text"] for e in m["log"] if not e["diagnostic"]] for m in s.messages if m["type"] == "events"}
    assert by_time == {1: ["V.tb(1)"], 2: ["V.tb(2)"], 3: ["V.tm(1,2)"], 4: [],
                       5: ["Tap2:possible→ended", "V.tc(1,2)", "act(Tap2,ended)"]}


def test_s28_ignored_touch(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800, multipleTouch=True)],
                                 [{"id": "G", "kind": "custom", "class": "firstTouch", "view": "V"}]),
            [D(1, 100, 100, 0), D(2, 200, 200, 10), M(2, 210, 200, 30), U(1, 100, 100, 50), U(2, 210, 200, 70)], log="complete")
    assert s.log() == [
        "G got tb(1) [all 1:began]", "V.tb(1) [all 1:began]",
        "G got tb(2) [all 1:stationary 2:began]", "V.tb(2) [all 1:stationary 2:began]",
        "V.tm(2) [all 1:stationary 2:moved]",
        "G got te(1) [all 1:ended 2:stationary]", "G:possible→ended", "V.tc(1) [all 1:ended 2:stationary]", "act(G,ended)",
        "V.te(2) [all 2:ended]"]
