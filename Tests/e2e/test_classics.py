"""Issue 27, part 5, black-box over the protocol: the classic exercises as built-in scenes (``touch-tracker``,
``gesture-pieces``, ``triple-tap-reset``) driven step by step with a Python ``websockets`` client on the manual
clock; the edit menu (UIKIT-MENU-*) shows on the wire as notes and as the ``menu`` views the page draws."""

from __future__ import annotations

from acceptance import D, M, U, advance, module_server, pointers, run  # noqa: F401


def drag(pid: int, x0: float, y0: float, x1: float, y1: float, t: float, steps: int = 10) -> list[dict]:
    moves = [M(pid, x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps, t + 16 * i) for i in range(1, steps + 1)]
    return [D(pid, x0, y0, t), *moves, U(pid, x1, y1, t + 16 * (steps + 1))]


def tap(pid: int, x: float, y: float, t: float) -> list[dict]:
    return [D(pid, x, y, t), U(pid, x, y, t + 80)]


def created_names(session) -> list[str]:
    return [op["name"] for m in session.messages if m["type"] == "render" for op in m.get("ops", []) if op["op"] == "create"]


# Pins UIKIT-MENU-ITEM-ACTION on the wire.
def test_touch_tracker_tap_a_line_then_delete_on_the_wire(module_server):
    # A line along y = 300, a tap on it (the menu shows once the double tap failed), then a tap on Delete, which
    # sits centred over the tap (x 201) with its bar's bottom 8 pt above it (y 300 - 8 - 22).
    s = run(module_server, "touch-tracker", [
        *drag(1, 100, 300, 300, 300, 0), *tap(2, 200, 300, 1000), advance(2000), *tap(3, 201, 270, 3000), advance(4000)])
    assert [line for line in s.log() if line.startswith(("note: menu", "act(tap", "act(doubleTap"))] == [
        "act(tap,ended)", "note: menu shown: Delete", "note: menu hidden: Delete was tapped",
        "note: menu item Delete: deleteLine: sent to canvas"]
    assert "menu" in created_names(s) and "menu-Delete" in created_names(s)
    assert any(op["op"] == "remove" for m in s.messages if m["type"] == "render" for op in m.get("ops", [])), "the menu left"


def test_touch_tracker_double_tap_clears_and_three_fingers_show_the_palette(module_server):
    swipe = [pointers(0, ("down", 1, 100, 600), ("down", 2, 200, 600), ("down", 3, 300, 600))]
    swipe += [pointers(16 * i, *(("move", pid, x, 600 - 40 * i) for pid, x in ((1, 100), (2, 200), (3, 300)))) for i in range(1, 6)]
    swipe += [pointers(96, ("up", 1, 100, 400), ("up", 2, 200, 400), ("up", 3, 300, 400))]
    s = run(module_server, "touch-tracker", [*swipe, *drag(4, 100, 300, 300, 300, 1000), *tap(5, 200, 500, 2000), *tap(6, 200, 500, 2150),
                                             advance(3000)])
    assert [line for line in s.log() if line.startswith("act(") and "pan" not in line] == [
        "act(threeFingerSwipe,ended)", "act(doubleTap,ended)"]
    assert s.render_nodes()["palette"].get("hidden") is False
    drawings = display_lists(s, "canvas")
    assert any(drawings) and not drawings[-1], f"the line was drawn, then the double tap cleared it: {drawings}"


def display_lists(session, name: str) -> list[list]:
    """The view's display lists in the order the ``display`` ops sent them (none: an empty list)."""
    ids = {op["id"] for m in session.messages if m["type"] == "render" for op in m.get("ops", [])
           if op["op"] == "create" and op["name"] == name}
    return [op.get("displayList") or [] for m in session.messages if m["type"] == "render" for op in m.get("ops", [])
            if op["op"] == "display" and op["id"] in ids]


def test_gesture_pieces_long_press_reset_on_the_wire(module_server):
    s = run(module_server, "gesture-pieces", [D(1, 200, 430, 0), advance(600), U(1, 200, 430, 700), advance(1000)])
    assert [line for line in s.log() if line.startswith(("note: menu", "act("))] == [
        "act(greenLongPress,began)", "note: menu shown: Reset", "act(greenLongPress,ended)"]
    assert "menu-Reset" in created_names(s)


def test_triple_tap_reset_on_the_wire(module_server):
    s = run(module_server, "triple-tap-reset", [
        *drag(1, 200, 430, 260, 470, 0), *tap(2, 260, 470, 1000), *tap(3, 260, 470, 1200), *tap(4, 260, 470, 1400), advance(2000)])
    assert [line for line in s.log() if line.startswith(("act(pan", "image.te"))][-3:] == ["image.te(2)", "image.te(3×2)", "image.te(4×3)"]
    assert s.render_nodes()["image"]["transform"] == [1, 0, 0, 1, 0, 0]
