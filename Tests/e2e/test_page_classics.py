"""The classic exercises in real Chromium on a small phone (320×568): TouchTracker's "tap a line, Delete" and the
pieces' "hold a piece, Reset" menus drawn by the page as the server's ``menu`` views (UIKIT-MENU-SHOW), and a tap on
the drawn item performing it (UIKIT-MENU-ITEM-ACTION). Screenshots in the artifacts, checked in their pixels.
"""

from __future__ import annotations

import time

import pytest

from test_page import PHONE, Pixels, close_to, pages  # noqa: F401  (pages is a fixture)

SMALL_PHONE = {**PHONE, "viewport": {"width": 320, "height": 568}, "device_scale_factor": 2}
SIZES = {"320x568": SMALL_PHONE, "568x320": {**SMALL_PHONE, "viewport": {"width": 568, "height": 320}},
         "844x390": {**PHONE, "viewport": {"width": 844, "height": 390}}, "tablet": {**PHONE, "viewport": {"width": 820, "height": 1180}}}


def stroke(page, points: list[tuple[float, float]]):
    """One finger along ``points``, about 16 ms apart (real time, as the page's clock reads it)."""
    page.touch("touchStart", [(0, *points[0])])
    for point in points[1:]:
        time.sleep(0.016)
        page.touch("touchMove", [(0, *point)])
    page.touch("touchEnd", [])


def menu_item_centre(page, name: str) -> tuple[float, float]:
    page.wait("(tb, n) => !!tb.mirror.byName(n)", name)
    # The tap's touch was withheld (delaysTouchesBegan) and then claimed: over for the views, its hit path fades.
    page.wait("(tb) => tb.overlayIdle")
    rect = page.rect(name)
    return rect["cx"], rect["cy"]


# Pins UIKIT-MENU-SHOW and UIKIT-MENU-ITEM-ACTION in the page, at a small phone either way up, a landscape phone and
# a tablet.
@pytest.mark.parametrize("size", SIZES)
def test_touch_tracker_tap_a_line_then_delete_in_the_page(server, pages, artifacts, size):
    page = pages(server + "?scene=touch-tracker", context=SIZES[size])
    canvas = page.rect("canvas")
    y = canvas["y"] + canvas["height"] * 0.6
    stroke(page, [(canvas["x"] + 60 + 20 * i, y) for i in range(11)])
    page.wait("(tb) => (tb.mirror.byName('canvas').displayList || []).length === 1")
    since = page.log_length()
    page.tap(canvas["x"] + 160, y)
    x, item_y = menu_item_centre(page, "menu-Delete")
    assert abs(x - (canvas["x"] + 160)) < 2 and item_y < y, (x, item_y)
    shot = Pixels(page.screenshot(artifacts, f"touch-tracker-menu-{size}", scale="css"))
    # The bar is dark; its title white.
    assert max(shot.at(x - 25, item_y - 15)) < 60, shot.at(x - 25, item_y - 15)
    assert not close_to(shot.at(x - 25, item_y - 15), shot.at(x - 25, item_y - 60)), "the bar stands out from the canvas"
    page.tap(x, item_y)
    page.wait("(tb, since) => tb.log.slice(since).some(e => e.text === 'note: menu item Delete: deleteLine: sent to canvas')", since)
    page.wait("(tb) => !tb.mirror.byName('menu') && !(tb.mirror.byName('canvas').displayList || []).length")
    page.wait("(tb) => tb.overlayIdle")
    page.screenshot(artifacts, f"touch-tracker-deleted-{size}", scale="css")


def test_gesture_pieces_hold_for_reset_in_the_page(server, pages, artifacts):
    page = pages(server + "?scene=gesture-pieces", context=SMALL_PHONE)
    piece = page.rect("greenPiece")
    since = page.log_length()
    page.touch("touchStart", [(0, piece["cx"], piece["cy"])])
    page.wait_transition("greenLongPress", "began", since, timeout=3000)
    page.touch("touchEnd", [])
    x, y = menu_item_centre(page, "menu-Reset")
    page.screenshot(artifacts, "gesture-pieces-reset-320", scale="css")
    page.tap(x, y)
    page.wait("(tb, since) => tb.log.slice(since).some(e => e.text.startsWith('note: menu item Reset: resetPiece: sent to GesturePiecesViewController'))", since)


def test_triple_tap_reset_in_the_page(server, pages, artifacts):
    page = pages(server + "?scene=triple-tap-reset", context=SMALL_PHONE)
    image = page.rect("image")
    stroke(page, [(image["cx"] + 4 * i, image["cy"] + 3 * i) for i in range(11)])
    page.wait("(tb) => tb.mirror.byName('image').props.transform[4] > 30")
    start = time.time()
    for i in range(3):
        page.touch("touchStart", [(0, image["cx"] + 40, image["cy"] + 30)], at=start + 0.2 * i)
        page.touch("touchEnd", [], at=start + 0.2 * i + 0.05)
    page.wait("(tb) => tb.mirror.byName('image').props.transform.every((v, i) => v === [1, 0, 0, 1, 0, 0][i])")
    page.wait("(tb) => tb.overlayIdle")
    page.screenshot(artifacts, "triple-tap-reset-320", scale="css")


def test_touch_tracker_three_fingers_up_show_the_palette_in_the_page(server, pages, artifacts):
    page = pages(server + "?scene=touch-tracker", context=SMALL_PHONE)
    canvas = page.rect("canvas")
    xs, y = (80, 160, 240), canvas["y"] + canvas["height"] * 0.8
    since = page.log_length()
    page.touch("touchStart", [(i, x, y) for i, x in enumerate(xs)])
    for step in range(1, 7):
        time.sleep(0.016)
        page.touch("touchMove", [(i, x, y - 30 * step) for i, x in enumerate(xs)])
    page.touch("touchEnd", [])
    page.wait("(tb, since) => tb.log.slice(since).some(e => e.text === 'act(threeFingerSwipe,ended)')", since)
    page.wait("(tb) => tb.mirror.byName('palette').props.hidden === false")
    page.wait("(tb) => tb.overlayIdle")
    page.screenshot(artifacts, "touch-tracker-palette-320", scale="css")
    blue = page.rect("palette-blue")
    page.tap(blue["cx"], blue["cy"])
    page.wait("(tb) => tb.mirror.byName('palette').props.hidden === true")
