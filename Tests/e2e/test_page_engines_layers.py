"""Core Animation drawn as UIKit draws it, and the last round's page features, in every browser engine (Chromium,
Firefox, WebKit through engines.py, one browser per engine for the module):

* a shape sublayer's ``strokeEnd`` grows its stroke, another sublayer turns for a finite ``repeatCount`` of passes and
  a view's own layer follows a keyframe path — sampled in the screenshot's pixels with the page's engine clock frozen
  at a known instant (UIKIT-CA-SUBLAYER-DRAWN);
* ``anchorPoint`` and ``position`` of a declarative scene place a view by its corner (UIKIT-LAYER-ANCHOR-POINT);
* the key checks of test_page_segmented_stepper.py, test_page_anchor_point.py and test_page_margins_lints.py, which
  run in Chromium only there.
"""

from __future__ import annotations

import math

import pytest

from test_page import Pixels, close_to, hex_rgb
# engine: one browser of each engine for the module; browser_page: it, checked for uncaught page errors after each test.
from test_page_engines import DESKTOP, PHONE_SE, browser_page, engine, log_length, stage_rect, view_rect, wait_transition  # noqa: F401

pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")
RED, BLUE, GREEN, ORANGE, WHITE = (255, 0, 0), (0, 0, 255), (0, 204, 0), (255, 136, 0), (255, 255, 255)


def load(page, server: str, scene: dict, size=PHONE_SE, query: str = ""):
    """Opens the page and replaces its scene with ``scene`` (inline)."""
    page.open(server + "?" + query, *size)
    page.js("window.__touchbridge.send({type: 'scene', scene: arguments[0]})", scene)
    page.wait("return !!window.__touchbridge.mirror.byName(arguments[0])", scene["views"][0]["id"], what="the inline scene")


def settle(page, frozen: float | None = None):
    """Paints three more frames (at engine time ``frozen``, or following the clock), one after the other, so the screen
    shows the latest state (WebKit's driver can capture a frame behind the canvas)."""
    for _ in range(3):
        paints = page.js("return window.__touchbridge.paints")
        page.js("window.__touchbridge.freezeEngineTime(arguments[0])", frozen)
        page.wait("return window.__touchbridge.paints > arguments[0]", paints, what="a frame painted")


def shot(page, artifacts, name: str, frozen: float | None = None) -> tuple[Pixels, float, float]:
    """The viewport's pixels and the stage's top-left corner, in CSS px."""
    settle(page, frozen)
    pixels = Pixels(page.screenshot(artifacts / f"engine-{page.engine}-{name}.png"))
    stage = stage_rect(page)
    return pixels, stage["left"], stage["top"]


LAYERS = {
    "name": "layer-animations", "background": "#ffffff",
    "views": [
        {"id": "track", "frame": [20, 60, 280, 40],
         "shape": {"path": [["move", 0, 20], ["line", 280, 20]], "strokeColor": "#ff0000", "lineWidth": 20,
                   "bounds": [280, 40], "position": [140, 20]}},
        {"id": "spinner", "frame": [60, 160, 200, 200],
         "shape": {"path": [["rect", 0, 90, 200, 20]], "fillColor": "#0000ff", "bounds": [200, 200], "position": [100, 100]}},
        {"id": "dot", "frame": [20, 420, 40, 40], "color": "#00cc00"},
    ],
}
ACTIONS = [
    {"layerAnimation": {"view": "track", "layer": "shape", "keyPath": "strokeEnd", "from": 0, "to": 1, "duration": 4000}},
    {"layerAnimation": {"view": "spinner", "layer": "shape", "keyPath": "transform.rotation.z", "from": 0, "to": math.pi / 2,
                        "duration": 1000, "repeatCount": 3}},
    {"layerAnimation": {"view": "dot", "keyPath": "position", "values": [[40, 440], [280, 440], [280, 540]], "keyTimes": [0, 0.5, 1],
                        "duration": 4000}},
]


# Pins UIKIT-CA-SUBLAYER-DRAWN.
def test_sublayer_keyframe_and_repeating_animations_are_drawn(browser_page, server, artifacts):
    page = browser_page
    load(page, server, LAYERS, query="clock=manual")
    # A second after anything the page has sent (its messages carry its clock, performance.now()).
    t = page.js("return Math.ceil(Math.max(window.__touchbridge.engineNow() || 0, performance.now())) + 1000")
    page.js("const [t, actions] = arguments[0]; window.__touchbridge.send({type: 'act', t, actions})", [t, ACTIONS])
    page.wait("const tb = window.__touchbridge; return tb.errors.length || ['track', 'spinner', 'dot'].every(n => (tb.mirror.byName(n).props.animations || []).length)",
              what="the three animations in the render")
    assert page.js("return window.__touchbridge.errors") == []
    begin = page.js("return window.__touchbridge.mirror.byName('track').props.animations[0].begin")
    # 2.5 s in: the stroke is 62.5 % long; the bar is half way through its third quarter turn (45°); the dot is a
    # quarter of the way along the keyframe path's second segment, (280, 440) → (280, 540).
    pixels, sx, sy = shot(page, artifacts, "layer-animations", frozen=begin + 2500)
    at = lambda x, y: pixels.at(sx + x, sy + y)  # noqa: E731
    assert close_to(at(20 + 150, 80), RED), f"{page.engine}: the stroke has grown past 150 pt: {at(170, 80)}"
    assert close_to(at(20 + 220, 80), WHITE), f"{page.engine}: ... and not to 220 pt: {at(240, 80)}"
    cx, cy, d = 160, 260, 70 / math.sqrt(2)
    assert close_to(at(cx + d, cy + d), BLUE), f"{page.engine}: the bar lies at 45°: {at(cx + d, cy + d)}"
    assert close_to(at(cx + 80, cy), WHITE) and close_to(at(cx, cy + 80), WHITE), \
        f"{page.engine}: neither at its model angle nor at the end of a pass: {at(cx + 80, cy)} {at(cx, cy + 80)}"
    assert close_to(at(280, 465), GREEN), f"{page.engine}: the dot is on the path's second segment: {at(280, 465)}"
    assert close_to(at(40, 440), WHITE), f"{page.engine}: not at its model position: {at(40, 440)}"


# Pins UIKIT-LAYER-ANCHOR-POINT (scenes).
def test_a_scene_places_a_view_by_its_anchor_point(browser_page, server, artifacts):
    page = browser_page
    corner = {"name": "anchored", "background": "#ffffff",
              "views": [{"id": "corner", "frame": [0, 0, 120, 120], "anchorPoint": [0, 0], "position": [40, 120], "color": "#ff8800"}]}
    load(page, server, corner)
    assert page.js("return window.__touchbridge.mirror.byName('corner').props.center") == [40, 120]
    pixels, sx, sy = shot(page, artifacts, "scene-anchor-point")
    assert close_to(pixels.at(sx + 45, sy + 125), ORANGE) and close_to(pixels.at(sx + 155, sy + 235), ORANGE)
    assert close_to(pixels.at(sx + 35, sy + 115), WHITE), "the anchor point, the top-left corner, sits at the position"


def test_segmented_control_and_stepper(browser_page, server, artifacts):
    page = browser_page
    page.open(server + "?scene=controls", *PHONE_SE)
    segmented, stepper = view_rect(page, "segmented"), view_rect(page, "stepper")
    tap = lambda x, y: page.gesture([[(x, y), (x, y)]])  # noqa: E731
    tap(segmented["x"] + segmented["width"] * 5 / 6, segmented["cy"])
    page.wait("return window.__touchbridge.mirror.byName('segmented').props.control.selectedSegment === 2", what="segment 3 selected")
    tap(stepper["x"] + stepper["width"] * 0.75, stepper["cy"])
    page.wait("const c = window.__touchbridge.mirror.byName('stepper').props.control; return c.value === 1 && !c.stepper.pressed",
              what="the stepper at 1")
    page.wait("return window.__touchbridge.overlayIdle", what="overlay idle")
    pixels, _, _ = shot(page, artifacts, "segmented-stepper")
    pill = (segmented["x"] + segmented["width"] * 5 / 6, segmented["y"] + segmented["height"] * 0.2)
    track = (segmented["x"] + segmented["width"] / 6, segmented["y"] + segmented["height"] * 0.2)
    assert close_to(pixels.at(*pill), WHITE) and not close_to(pixels.at(*track), WHITE), (pixels.at(*pill), pixels.at(*track))


def test_a_pinch_turns_a_piece_about_its_anchor_point(browser_page, server, artifacts):
    page = browser_page
    page.open(server + "?scene=anchor-point", 390, 844)
    page.wait("return window.__touchbridge.overlayIdle", what="overlay idle")
    image = view_rect(page, "image")
    colour = tuple(page.js("return window.__touchbridge.placeholderColour('photo')"))
    background = hex_rgb(page.js("const tb = window.__touchbridge, v = tb.mirror.byName('image'); "
                                 "return tb.mirror.views.get(v.parent).props.backgroundColor"))
    px, py = image["x"] + image["width"] / 4, image["y"] + image["height"] / 4
    since = log_length(page)
    steps = 10
    page.gesture([[(px - (20 + 2 * i), py) for i in range(steps + 1)], [(px + (20 + 2 * i), py) for i in range(steps + 1)]])
    wait_transition(page, "pinch", "ended", since)
    page.wait("return window.__touchbridge.overlayIdle", what="overlay idle")
    pixels, _, _ = shot(page, artifacts, "anchor-point-pinch")
    # About the fingers, the content under them stays and the image grows to the right of where it ended.
    assert close_to(pixels.at(px, py), colour), f"{page.engine}: the content under the fingers moved: {pixels.at(px, py)}"
    right = (px + 1.1 * image["width"], py - 0.2 * image["height"])
    if right[0] < pixels.width:
        assert close_to(pixels.at(*right), colour), f"{page.engine}: not scaled about the fingers: {pixels.at(*right)}"
    left = (px - 0.5 * image["width"] - 15, py + 0.1 * image["height"])
    assert close_to(pixels.at(*left), background), f"{page.engine}: the image jumped: {pixels.at(*left)}"


def test_lints_and_margins_in_the_inspector(browser_page, server, artifacts):
    page = browser_page
    page.open(server + "?scene=single-double-tap&panel=open", *DESKTOP)
    lint = page.wait("const li = document.querySelector(\"#lints li[data-id='TB-L03']\"); return li && li.innerText.trim()", what="TB-L03 listed")
    assert "failure-wait-latency" in lint and "350 ms" in lint, lint
    pane = view_rect(page, "recognizers")
    since = log_length(page)
    page.gesture([[(pane["cx"], pane["cy"]), (pane["cx"], pane["cy"])]])
    wait_transition(page, "doubleTap", "failed", since)
    outside = "#recognizers li[data-name='doubleTap'] .margin[data-side='outside']"
    text = page.wait("const m = document.querySelector(arguments[0]); return m && m.innerText.trim()", outside, what="the margin bar")
    assert text == "maximumIntervalBetweenSuccessiveTaps 350 ms (≤ 350 ms)", text
    page.screenshot(artifacts / f"engine-{page.engine}-margins-lints.png")


MODES = {
    "name": "content-modes", "background": "#ffffff",
    "views": [
        {"id": "fit", "kind": "image", "image": "photo", "frame": [20, 40, 120, 60], "contentMode": "scaleAspectFit"},
        {"id": "fill", "kind": "image", "image": "photo", "frame": [180, 40, 120, 60], "contentMode": "scaleAspectFill"},
        {"id": "drawn", "kind": "drawing", "frame": [20, 200, 100, 100]},
    ],
}
RESIZES = [{"set": {"view": "fit", "property": "frame", "value": [20, 40, 120, 120]}},
           {"set": {"view": "fill", "property": "frame", "value": [210, 40, 60, 60]}},
           {"set": {"view": "drawn", "property": "frame", "value": [20, 200, 200, 200]}}]


# Pins UIKIT-VIEW-CONTENT-MODE.
def test_content_modes_place_images_and_drawings(browser_page, server, artifacts):
    page = browser_page
    load(page, server, MODES, query="clock=manual")
    stage = stage_rect(page)
    # A line across the drawing view's middle, (10, 50) to (90, 50) in its coordinates, drawn at 100 × 100.
    page.gesture([[(stage["left"] + 30 + 8 * i, stage["top"] + 250) for i in range(11)]])
    page.wait("return window.__touchbridge.log.some(e => e.kind === 'responder' && e.method === 'touchesEnded' && e.responder === 'drawn')",
              what="the line drawn and the finger lifted")
    t = page.js("return Math.ceil(Math.max(window.__touchbridge.engineNow() || 0, performance.now())) + 1000")
    page.js("const [t, actions] = arguments[0]; window.__touchbridge.send({type: 'act', t, actions})", [t, RESIZES])
    page.wait("return window.__touchbridge.mirror.byName('drawn').props.bounds[2] === 200", what="the resizes")
    props = page.js("const m = window.__touchbridge.mirror; return ['fit', 'fill', 'drawn'].map(n => "
                    "[m.byName(n).props.contentMode || null, m.byName(n).props.contentSize || null])")
    assert props == [["scaleAspectFit", [120, 60]], ["scaleAspectFill", [120, 60]], [None, [100, 100]]], props
    colour = tuple(page.js("return window.__touchbridge.placeholderColour('photo')"))
    pixels, sx, sy = shot(page, artifacts, "content-modes")
    at = lambda x, y: pixels.at(sx + x, sy + y)  # noqa: E731
    # Fit: the 120 × 60 image in the middle band of the 120 × 120 view, nothing above it.
    assert close_to(at(30, 100), colour, 40) and close_to(at(80, 50), WHITE), (at(30, 100), at(80, 50))
    # Fill: the image 120 pt wide, centred on the 60 pt view, overflowing it on both sides (no clipsToBounds).
    assert close_to(at(190, 70), colour, 40) and close_to(at(290, 70), colour, 40), (at(190, 70), at(290, 70))
    # The drawing stretched with its view (scaleToFill): the line now at y 100 of 200, from x 20 to 180.
    assert sum(at(150, 300)) < 120 and sum(at(150, 250)) > 600, (at(150, 300), at(150, 250))
