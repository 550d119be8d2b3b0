"""Acceptance scenarios S29–S42 (numbered as docs/uikit-rules.md explains: long press, swipe, pinch, rotation, pan, screen-edge pan),
black-box over the protocol: an inline scene, the manual clock (``advance`` fires timers at their instant), the exact
event log — per message where the time of an entry is the point."""

from __future__ import annotations

from acceptance import D, M, U, advance, module_server, pointers, run, scene, view  # noqa: F401


def per_message(s) -> list[list[str]]:
    """The log lines each message's answer carried, in order."""
    return [[e["text"] for e in m["log"] if not e["diagnostic"]] for m in s.messages if m["type"] == "events"]


def one(kind: str, **fields) -> dict:
    return scene([view("V", 0, 0, 400, 800, multipleTouch=True)], [{"id": "R", "kind": kind, "view": "V", **fields}])


def test_s29_long_press(module_server):
    s = run(module_server, one("longPress"), [D(1, 100, 100, 0), advance(500), M(1, 180, 100, 700), U(1, 180, 100, 900)])
    assert per_message(s) == [["V.tb(1)"], ["R:possible→began", "V.tc(1)", "act(R,began)"],
                              ["R:began→changed", "act(R,changed)"], ["R:changed→ended", "act(R,ended)"]]


def test_s30_long_press_fails_by_movement(module_server):
    s = run(module_server, one("longPress"), [D(1, 100, 100, 0), M(1, 111, 100, 200), U(1, 111, 100, 300), advance(600)])
    assert per_message(s) == [["V.tb(1)"], ["R:possible→failed [moved 11.0 pt > allowableMovement 10.0 pt]", "V.tm(1)"],
                              ["V.te(1)"], []]


def test_s32_long_press_ends_on_any_lift(module_server):
    s = run(module_server, one("longPress", numberOfTouchesRequired=2),
            [D(1, 100, 100, 0), D(2, 200, 100, 10), advance(509), advance(510), U(2, 200, 100, 600), U(1, 100, 100, 700)])
    assert per_message(s) == [["V.tb(1)"], ["V.tb(2)"], [], ["R:possible→began", "V.tc(1,2)", "act(R,began)"],
                              ["R:began→ended", "act(R,ended)"], []]


SWIPE = [D(1, 100, 300, 0), M(1, 102, 300, 10), M(1, 110, 300, 30), M(1, 130, 300, 50), M(1, 151, 300, 70),
         M(1, 220, 300, 100), U(1, 220, 300, 110)]


def test_s33_swipe_recognized_mid_drag(module_server):
    s = run(module_server, one("swipe"), SWIPE)
    assert per_message(s) == [["V.tb(1)"], ["V.tm(1)"], ["V.tm(1)"], ["V.tm(1)"],
                              ["R:possible→ended", "V.tc(1)", "act(R,ended)"], [], []]


def test_s34_swipe_too_slow(module_server):
    s = run(module_server, one("swipe"), [D(1, 100, 300, 0), M(1, 200, 300, 510), U(1, 200, 300, 520)])
    assert per_message(s) == [["V.tb(1)"], ["R:possible→failed [took longer than maximumDuration 500 ms]", "V.tm(1)"], ["V.te(1)"]]


def test_s35_swipe_reversal(module_server):
    s = run(module_server, one("swipe"), [D(1, 100, 300, 0), M(1, 99.9, 300, 10), M(1, 200, 300, 100), U(1, 200, 300, 110)])
    assert per_message(s)[1][0].startswith("R:possible→failed"), per_message(s)
    assert [line for line in s.log() if line.startswith(("R:", "act("))] == [per_message(s)[1][0]]


def test_s37_two_finger_swipe_needs_both(module_server):
    two = one("swipe", numberOfTouchesRequired=2)
    down = pointers(0, ("down", 1, 100, 300), ("down", 2, 100, 400))
    s = run(module_server, two, [down, M(1, 150, 300, 50), M(1, 200, 300, 100), pointers(110, ("up", 1, 200, 300), ("up", 2, 100, 400))])
    assert [line for line in s.log() if line.startswith(("R:", "act("))][0].startswith("R:possible→failed")
    assert "act(R,ended)" not in s.log()
    s = run(module_server, two, [down, pointers(50, ("move", 1, 150, 300), ("move", 2, 125, 400)),
                                 pointers(100, ("move", 1, 200, 300), ("move", 2, 150, 400))])
    assert [line for line in s.log() if line.startswith(("R:", "act("))] == ["R:possible→ended", "act(R,ended)"]


def test_s38_pinch(module_server):
    moves = [M(2, 200 + 10 * step, 400, 5 + 16 * step) for step in range(1, 11)]
    s = run(module_server, one("pinch"), [D(1, 100, 400, 0), D(2, 200, 400, 5), *moves,
                                          U(1, 100, 400, 200), U(2, 300, 400, 210)])
    recognizer = [line for line in s.log() if line.startswith(("R:", "act("))]
    # pinchHysteresisPt 8 (welcome.thresholds): the first move (distance 100 → 110) begins it.
    assert recognizer == ["R:possible→began", "act(R,began)"] + ["R:began→changed", "act(R,changed)"] + \
        ["R:changed→changed", "act(R,changed)"] * 8 + ["R:changed→ended", "act(R,ended)"]
    assert per_message(s)[2][:2] == ["R:possible→began", "V.tc(1,2)"]
    assert s.welcome["thresholds"]["pinchHysteresisPt"] == 8
    last_change = [e for e in s.entries if e["kind"] == "transition" and e["text"] == "R:changed→changed"][-1]
    assert last_change["values"]["scale"] == 2.0


def test_s39_pinch_and_rotation_are_exclusive(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800, multipleTouch=True)], [
        {"id": "PI", "kind": "pinch", "view": "V"}, {"id": "RO", "kind": "rotation", "view": "V"}]),
        [pointers(0, ("down", 1, 150, 400), ("down", 2, 250, 400)),
         pointers(16, ("move", 1, 130, 390), ("move", 2, 270, 410)),
         pointers(32, ("move", 1, 110, 380), ("move", 2, 290, 420)),
         pointers(48, ("up", 1, 110, 380), ("up", 2, 290, 420))])
    began = [line for line in s.log() if line.endswith("possible→began")]
    failed = [line for line in s.log() if "possible→failed" in line]
    assert len(began) == 1 and len(failed) == 1, s.log()
    winner = began[0].split(":")[0]
    loser = "RO" if winner == "PI" else "PI"
    assert failed[0].startswith(f"{loser}:possible→failed")
    assert not any(line.startswith(f"act({loser},") for line in s.log())


def test_s41_pan_minimum_touches(module_server):
    s = run(module_server, one("pan", minimumNumberOfTouches=2), [
        D(1, 100, 100, 0), *[M(1, 100 + 20 * step, 100, 16 * step) for step in range(1, 11)], U(1, 300, 100, 176)])
    assert [line for line in s.log() if line.startswith("V.")] == ["V.tb(1)"] + ["V.tm(1)"] * 10 + ["V.te(1)"]
    recognizer = [line for line in s.log() if line.startswith(("R:", "act("))]
    assert len(recognizer) == 1 and recognizer[0].startswith("R:possible→failed"), recognizer


def test_s42_screen_edge_pan(module_server):
    edge = scene([view("V", 0, 0, 400, 800)], [{"id": "E", "kind": "screenEdgePan", "view": "root", "edges": ["left"]}])
    drag = [M(1, 2 + 58 * step / 6, 400, 100 * step / 6) for step in range(1, 7)]
    s = run(module_server, edge, [D(1, 2, 400, 0), *drag])
    recognizer = [line for line in s.log() if line.startswith(("E:", "act("))]
    assert recognizer[:4] == ["E:possible→began", "act(E,began)", "E:began→changed", "act(E,changed)"], recognizer
    assert s.welcome["thresholds"]["screenEdgeBandWidthPt"] == 20
    s = run(module_server, edge, [D(1, 150, 400, 0), *[M(1, 150 + 58 * step / 6, 400, 100 * step / 6) for step in range(1, 7)]])
    recognizer = [line for line in s.log() if line.startswith(("E:", "act("))]
    assert len(recognizer) == 1 and recognizer[0].startswith("E:possible→failed"), recognizer
