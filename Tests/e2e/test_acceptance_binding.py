"""Acceptance scenarios S07–S17 (numbered as docs/uikit-rules.md explains: touch binding, responder chain, multi-touch), black-box
over the protocol: an inline scene, the manual clock, the exact event log."""

from __future__ import annotations

from acceptance import C, D, M, U, act, module_server, pointers, run, scene, view  # noqa: F401


def test_s07_bubbling_to_the_controller(module_server):
    plain = [view("S", 0, 0, 200, 200, responder="forward")]
    s = run(module_server, scene(plain, controller={"responder": "log"}), [D(1, 50, 50, 0), U(1, 50, 50, 50)])
    assert s.log() == ["S.tb(1)", "root.tb(1) via S", "controller.tb(1) via root",
                       "S.te(1)", "root.te(1) via S", "controller.te(1) via root"]
    s = run(module_server, scene(plain), [D(1, 50, 50, 0), U(1, 50, 50, 50)])
    assert s.log() == ["S.tb(1)", "root.tb(1) via S", "controller.tb(1) via root", "window.tb(1) via controller",
                       "UIApplication#1.tb(1) via window",
                       "S.te(1)", "root.te(1) via S", "controller.te(1) via root", "window.te(1) via controller",
                       "UIApplication#1.te(1) via window"]


def test_s08_touch_stays_bound(module_server):
    s = run(module_server, scene([view("V", 0, 0, 100, 100), view("W", 200, 200, 200, 200)]),
            [D(1, 50, 50, 0), M(1, 300, 300, 16), U(1, 300, 300, 32)])
    assert s.log() == ["V.tb(1)", "V.tm(1)", "V.te(1)"]
    moved = next(e for e in s.entries if e.get("method") == "touchesMoved")
    assert moved["touches"][0]["location"] == [300, 300]


def test_s09_multiple_touch_disabled(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)], [
        {"id": "G", "kind": "custom", "class": "observer", "view": "V", "cancelsTouchesInView": False, "delaysTouchesEnded": False}]),
        [D(1, 100, 100, 0), D(2, 200, 200, 10), U(2, 200, 200, 50), U(1, 100, 100, 60)], log="complete")
    assert s.log() == [
        "G got tb(1) [all 1:began]", "V.tb(1) [all 1:began]",
        "G got tb(2) [all 1:stationary 2:began]",
        "G got te(2) [all 1:stationary 2:ended]",
        "G got te(1) [all 1:ended]", "V.te(1) [all 1:ended]"]


def test_s11_exclusive_touch_first(module_server):
    s = run(module_server, scene([view("A", 0, 0, 200, 800, exclusiveTouch=True), view("B", 200, 0, 200, 800)]),
            [D(1, 100, 400, 0), D(2, 300, 400, 10), U(2, 300, 400, 40), U(1, 100, 400, 50)])
    assert s.log() == ["A.tb(1)", "A.te(1)"]


def test_s13_tap_count_increments(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)]),
            [D(1, 100, 100, 0), U(1, 100, 100, 60), D(2, 102, 101, 200), U(2, 102, 101, 260)])
    assert s.log() == ["V.tb(1)", "V.te(1)", "V.tb(2×2)", "V.te(2×2)"]


def test_s14_tap_count_resets_after_the_interval(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)]),
            [D(1, 100, 100, 0), U(1, 100, 100, 60), D(2, 102, 101, 900), U(2, 102, 101, 960)])
    assert s.log() == ["V.tb(1)", "V.te(1)", "V.tb(2)", "V.te(2)"]


DRAG = [D(1, 100, 100, 0), M(1, 108, 100, 16), M(1, 116, 100, 33), M(1, 124, 100, 50), M(1, 132, 100, 66), M(1, 140, 100, 80)]


def test_s16_system_cancel(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)], [{"id": "P", "kind": "pan", "view": "V"}]),
            [*DRAG, act(100, {"app": "willResignActive"})], log="complete")
    log = s.log()
    start = log.index("note: act: application willResignActive")
    assert log[start:] == ["note: act: application willResignActive",
                           "note: application will resign active: the system cancels every touch",
                           "P got tc(1) [all 1:cancelled]", "P:changed→cancelled [touches cancelled]", "act(P,cancelled)"]
    assert [x for x in log[:start] if x.startswith("V.")] == ["V.tb(1) [all 1:began]", "V.tm(1) [all 1:moved]", "V.tc(1) [all 1:moved]"]
    bare = run(module_server, scene([view("V", 0, 0, 400, 800)]), [*DRAG[:2], act(100, {"app": "willResignActive"})])
    assert [x for x in bare.log() if x.startswith("V.")] == ["V.tb(1)", "V.tm(1)", "V.tc(1)"]


def test_s16_a_cancelled_pointer_cancels_the_touch(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)]), [D(1, 100, 100, 0), M(1, 110, 100, 16), C(1, 110, 100, 100)])
    assert s.log() == ["V.tb(1)", "V.tm(1)", "V.tc(1)"]


def test_s17_view_removed_mid_touch(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)]),
            [D(1, 100, 100, 0), act(50, {"remove": {"view": "V"}}), M(1, 120, 100, 60), U(1, 120, 100, 80)])
    assert s.log() == ["V.tb(1)", "note: act: remove view V", "V.tc(1)"]
