"""The inspector's layouts in real Chromium at real device sizes (web/sheet.mjs).

Phones get a bottom sheet with peek / half / full detents whose scene area (what the server lays out)
is the part above it; tablets, landscape phones and desktops get a side panel. Sheet gestures never
reach the scene and nothing zooms or scrolls the page. Screenshots of each layout go to artifacts/
(E2E_UPDATE_SCREENSHOT=1 also refreshes docs/screenshot-tablet.png).
"""

from __future__ import annotations

import os
import shutil
import time

from test_page import PHONE, ROOT, pages, pinch  # noqa: F401  (pages is a fixture)

LANDSCAPE = {**PHONE, "viewport": {"width": 844, "height": 390}}
SMALL_LANDSCAPE = {**PHONE, "viewport": {"width": 568, "height": 320}, "device_scale_factor": 2}
TABLET = {"viewport": {"width": 820, "height": 1180}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1, "is_mobile": False, "has_touch": False}


def window_size(page) -> tuple[float, float]:
    return tuple(page.js("() => { const tb = window.__touchbridge; const b = tb.mirror.views.get(tb.mirror.windows[0]).props.bounds; return [b[2], b[3]]; }"))


def wait_window(page, width: float, height: float):
    page.wait("(tb, [w, h]) => { const b = tb.mirror.views.get(tb.mirror.windows[0]).props.bounds; "
              "return Math.abs(b[2] - w) < 0.01 && Math.abs(b[3] - h) < 0.01; }", [width, height])


def rect(page, selector: str) -> dict:
    return page.js("(s) => { const r = document.querySelector(s).getBoundingClientRect(); "
                   "return {x: r.x, y: r.y, width: r.width, height: r.height, bottom: r.bottom, right: r.right}; }", selector)


# The sheet's height transition has finished (not merely come within a pixel of its end: its last
# frames are still a fraction of a pixel away) and the stage ends where the sheet begins.
SETTLED = ("() => document.querySelector('#panel').getAnimations().length === 0 && "
           "Math.abs(document.querySelector('#panel').getBoundingClientRect().top - "
           "document.querySelector('#stage').getBoundingClientRect().bottom) < 0.5")


def grab_rect(page) -> dict:
    """The grab handle once the sheet stopped moving (its height animates for 0.2 s)."""
    page.wait(SETTLED)
    return rect(page, "#sheet-grab")


def drag_touch(page, x: float, y0: float, y1: float, steps: int = 8, hold: float = 0.0):
    """One finger from (x, y0) to (x, y1); `hold` s still before lifting (no flick: the sheet stays near y1)."""
    page.touch("touchStart", [(0, x, y0)])
    for i in range(1, steps + 1):
        page.touch("touchMove", [(0, x, y0 + (y1 - y0) * i / steps)])
        time.sleep(0.016)
    time.sleep(hold)
    page.touch("touchEnd", [])


def test_sheet_detents_size_the_scene(server, pages, artifacts):
    page = pages(server + "?scene=tap-recognition", panel="open")
    assert page.js("() => window.__touchbridge.panelMode") == "sheet"
    # Opened at the half detent: the server lays out the 390×422 area above the sheet, nothing under it.
    page.wait("(tb) => tb.detent === 'half'")
    wait_window(page, 390, 422)
    page.wait(SETTLED)  # the sheet's height animates for 0.2 s after the layout is sent
    stage, panel = rect(page, "#stage"), rect(page, "#panel")
    assert stage["bottom"] == panel["y"] == 422
    page.screenshot(artifacts, "sheet-half", scale="css")

    # Dragging the grab handle up settles at the full detent. The 120 pt strip it leaves shows the scene
    # whole: still laid out for the half detent's 390×422, drawn shrunk into the strip (no resize) …
    grab = grab_rect(page)
    gx, gy = grab["x"] + grab["width"] / 2, grab["y"] + grab["height"] / 2
    resizes = page.sent("resize")
    # Held still before lifting: a flick would start a fling, and Chromium eats a tap that stops a fling
    # (its tap suppression), so the tap on the strip below would be lost.
    drag_touch(page, gx, gy, 110, hold=0.2)
    page.wait("(tb) => tb.detent === 'full'")
    page.wait(SETTLED)
    assert rect(page, "#stage")["bottom"] == 120
    page.wait("() => { const w = window.__touchbridge.viewRect('window'); return w.y + w.height <= 120.5 && w.height > 100; }")
    window = page.js("() => window.__touchbridge.viewRect('window')")
    assert abs(window["width"] - window["height"] * 390 / 422) < 0.5 and window["x"] >= 0, window
    assert window_size(page) == (390, 422) and page.sent("resize") == resizes
    page.screenshot(artifacts, "sheet-full", scale="css")
    # … and is a button back: a tap on it brings the sheet to half, and is not a touch of the scene.
    inputs = page.sent("input")
    page.tap(195, 60)
    page.wait("(tb) => tb.detent === 'half'")
    assert page.sent("input") == inputs
    page.page.click("#sheet-grab")
    page.wait("(tb) => tb.detent === 'full'")
    # … down slowly, stopping near peek (150 px of sheet): it settles there …
    grab = grab_rect(page)
    drag_touch(page, gx, grab["y"] + 11, 844 - 170, hold=0.3)
    page.wait("(tb) => tb.detent === 'peek'")
    wait_window(page, 390, 844 - 150)
    page.screenshot(artifacts, "sheet-peek", scale="css")
    # … a tap on the handle steps through the detents (peek → half) …
    page.page.click("#sheet-grab")
    page.wait("(tb) => tb.detent === 'half'")
    wait_window(page, 390, 422)
    # … and a pull well below peek closes the sheet: the scene has the screen again, above a tab bar
    # that reopens it (a bar below the scene, not a button over it).
    grab = grab_rect(page)
    drag_touch(page, gx, grab["y"] + 11, 840)
    page.wait("(tb) => !tb.panelOpen && tb.detent === ''")
    wait_window(page, 390, 800)
    assert rect(page, "#panel-toggle") == {"x": 0, "y": 800, "width": 390, "height": 44, "bottom": 844, "right": 390}
    page.screenshot(artifacts, "sheet-closed", scale="css")
    page.page.click("#panel-toggle")
    page.wait("(tb) => tb.detent === 'half'")
    wait_window(page, 390, 422)
    # Dragging the tab bar up pulls the sheet out with the finger, to where it is let go (peek here).
    drag_touch(page, gx, grab_rect(page)["y"] + 11, 840)
    page.wait("(tb) => !tb.panelOpen")
    drag_touch(page, gx, 822, 844 - 160, hold=0.3)
    page.wait("(tb) => tb.panelOpen && tb.detent === 'peek'")
    wait_window(page, 390, 844 - 150)
    # One resize per settled detent, not one per drag frame.
    assert page.sent("resize") <= 10, page.sent("resize")


def test_sheet_gestures_never_reach_the_scene_and_nothing_zooms(server, pages):
    page = pages(server + "?scene=transform-image", panel="open")
    page.wait("(tb) => tb.detent === 'half'")
    inputs = page.sent("input")
    # A scroll-like drag, a tap and a two-finger spread on the sheet's body: the sheet's, not the scene's.
    drag_touch(page, 200, 700, 560)
    page.tap(200, 600)
    pinch(page, 195, 640, 60, 220, steps=8)
    # Input leaves at the page's next animation frame: two frames later, anything the sheet let through was sent.
    page.js("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert page.sent("input") == inputs
    assert page.js("() => window.__touchbridge.log.filter(e => e.kind === 'hitTest').length") == 0
    # The same spread on the scene is the scene's, and neither zooms nor scrolls the page.
    image = page.rect("image")
    pinch(page, image["cx"], image["cy"], 60, 160, steps=8)
    page.wait("(tb) => tb.log.some(e => e.kind === 'hitTest')")
    assert page.sent("input") > inputs
    viewport = page.js("() => ({scale: visualViewport.scale, x: scrollX, y: scrollY, top: visualViewport.offsetTop})")
    assert viewport == {"scale": 1, "x": 0, "y": 0, "top": 0}, viewport


def test_side_panel_beside_the_scene_on_wide_screens(server, pages, artifacts):
    for name, context, scene in [("landscape", LANDSCAPE, "tap-recognition"), ("small-landscape", SMALL_LANDSCAPE, "controls"),
                                 ("tablet", TABLET, "transform-image"),
                                 ("desktop", DESKTOP, "transform-image")]:
        page = pages(server + f"?scene={scene}", context=context, panel="open")
        assert page.js("() => window.__touchbridge.panelMode") == "side", name
        stage, panel = rect(page, "#stage"), rect(page, "#panel")
        width, height = context["viewport"]["width"], context["viewport"]["height"]
        # Side by side, no overlap, the scene's window is exactly the stage.
        assert stage["right"] == panel["x"] and panel["right"] == width and stage["height"] == height, (name, stage, panel)
        # A small landscape phone (568×320) gets a narrower panel: the scene keeps its full height and a
        # phone's width (328 pt) beside it, where a bottom sheet would leave it 160 pt tall.
        assert (240 if width < 640 else 280) <= panel["width"] <= 400 and stage["width"] >= 320, (name, panel)
        wait_window(page, stage["width"], height)
        page.wait("(tb) => tb.overlayIdle")
        page.screenshot(artifacts, f"side-panel-{name}", scale="css")
        if name == "tablet":
            image = page.rect("image")
            pinch(page, image["cx"], image["cy"], 90, 150, steps=10, lift=False)
            page.wait_transition("pinch", "changed")
            time.sleep(0.2)
            page.screenshot(artifacts, "tablet-pinch", scale="css")
            if os.environ.get("E2E_UPDATE_SCREENSHOT"):
                shutil.copyfile(artifacts / "tablet-pinch.png", ROOT / "docs" / "screenshot-tablet.png")
            page.touch("touchEnd", [])
        # Closing the panel gives the scene the whole width but a 44 pt rail at the right edge: the
        # Inspector toggle, docked beside the scene rather than floating over its controls.
        page.page.click("#panel-close")
        wait_window(page, width - 44, height)
        assert rect(page, "#panel-toggle") == {"x": width - 44, "y": 0, "width": 44, "height": height, "bottom": height, "right": width}


def test_phones_start_with_the_inspector_closed_either_way_up(server, pages):
    for context in (PHONE, LANDSCAPE, SMALL_LANDSCAPE, TABLET):
        page = pages(server + "?scene=welcome", context=context)
        expected_open = context is TABLET
        assert page.js("() => window.__touchbridge.panelOpen") is expected_open, context["viewport"]


def safe_area_page(browser, url: str, context: dict, insets: dict):
    """A page whose device has these safe-area insets (Chromium's emulation of env(safe-area-inset-*)),
    and the list of frames it sends."""
    ctx = browser.new_context(**{"bypass_csp": True, **context})  # as test_page.Page: the waits evaluate source
    tab = ctx.new_page()
    cdp = ctx.new_cdp_session(tab)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    cdp.send("Emulation.setSafeAreaInsetsOverride", {"insets": insets})
    sent: list[str] = []
    tab.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(payload)))
    tab.goto(url)
    tab.wait_for_function("() => window.__touchbridge && window.__touchbridge.state === 'joined'")
    return ctx, tab, sent


def test_safe_area_insets_reach_the_server(server, browser):
    # A phone with a notch and a home indicator: the closed inspector's tab bar covers the indicator.
    ctx, tab, sent = safe_area_page(browser, server + "?scene=tap-recognition&panel=closed", PHONE, {"top": 47, "bottom": 34, "left": 0, "right": 0})
    try:
        hello = next(m for m in sent if '"type":"hello"' in m)
        assert '"viewport":{"width":390,"height":766,"scale":3,"safeArea":{"top":47,"left":0,"bottom":0,"right":0}}' in hello, hello
    finally:
        ctx.close()
    # The same phone in landscape: the notch and indicator sides, but the right one, which the closed
    # inspector's rail (44 pt + the 47 pt inset) covers, as the side panel does once open.
    ctx, tab, sent = safe_area_page(browser, server + "?scene=tap-recognition&panel=closed", LANDSCAPE, {"top": 0, "bottom": 21, "left": 47, "right": 47})
    try:
        hello = next(m for m in sent if '"type":"hello"' in m)
        assert '"viewport":{"width":753,"height":390,"scale":3,"safeArea":{"top":0,"left":47,"bottom":21,"right":0}}' in hello, hello
        tab.evaluate("() => window.__touchbridge.setPanel(true)")
        tab.wait_for_function("() => window.__touchbridge.sentViewport.width < 753")
        resize = [m for m in sent if '"type":"resize"' in m][-1]
        assert '"safeArea":{"top":0,"left":47,"bottom":21,"right":0}' in resize, resize
        # The server laid the scene out for the area beside the panel.
        tab.wait_for_function("() => { const w = window.__touchbridge.mirror.views.get(window.__touchbridge.mirror.windows[0]); return w.props.bounds[2] < 753; }")
    finally:
        ctx.close()
