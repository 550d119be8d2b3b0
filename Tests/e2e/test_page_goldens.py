"""What the page draws, checked from pixels in Chromium, Firefox and WebKit — not from the page's own model.

* Scenes that together draw every view kind and property the page's painter draws (``GOLDEN_SCENES``), each on
  the stage of a desktop page (1024×768, inspector closed), match their golden image for this engine (goldens.py,
  docs/testing.md "Golden images"); so does the probe scene below.
* A probe scene sent inline (``PROBE``) draws each view's colour where the scene file's frames put it, and a
  finger there hits that view on the server, and ``viewRect`` (what most page tests aim with) gives the same
  rects: the expected places come from the scene's own JSON (scene_frames.py),
  never from ``window.__touchbridge.mirror`` or ``viewRect``, so a geometry bug shared by the mirror, the painter
  and the page's hit helpers fails here.
* config/scenes/photo-gestures.json's photo is drawn where the file's frame puts it, moved by a finger's travel,
  and scaled about its centre by a pinch (pixels again, not the model).
"""

from __future__ import annotations

import json
import time

import pytest

import goldens
from conftest import ROOT
from scene_frames import area_points, frame_rect, hex_colour, place, probe_points
from test_page_engines import DESKTOP, browser_page, engine, log_length, pinch_path, wait_transition  # noqa: F401  (engine, browser_page: fixtures)

# Selenium's own WebKitGTK driver class still uses an API Selenium deprecated.
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")

#: The probe scene: nested frames in points and percentages, edges anchored right and bottom, alpha, hidden,
#: a corner radius, an anchor point with a position, a clipping view, and content (label, image, button)
#: that only the golden checks.
PROBE = {
    "name": "pixel-probe",
    "background": "#ffffff",
    "views": [
        {"id": "panel", "frame": [40, 40, 400, 300], "color": "#1e64c8", "children": [
            {"id": "inner", "frame": {"left": 20, "top": 30, "width": 120, "height": 80}, "color": "#ff9500"},
            {"id": "corner", "frame": {"right": 20, "bottom": 20, "width": "25%", "height": "20%"}, "color": "#34c759"},
        ]},
        {"id": "faded", "frame": ["50%", 40, 200, 120], "color": "#ff0000", "alpha": 0.5},
        {"id": "ghost", "frame": [740, 40, 200, 120], "color": "#000000", "hidden": True},
        {"id": "round", "frame": [740, 200, 160, 160], "color": "#af52de", "cornerRadius": 80},
        {"id": "anchored", "frame": [490, 200, 160, 100], "anchorPoint": [0, 0], "position": [500, 400], "color": "#5ac8fa"},
        {"id": "clipper", "frame": [40, 400, 200, 150], "color": "#8e8e93", "clipsToBounds": True, "children": [
            {"id": "overflow", "frame": {"centerX": "75%", "top": 100, "width": 200, "height": 200}, "color": "#ffcc00"},
        ]},
        {"id": "caption", "kind": "label", "text": "Probe", "frame": [300, 400, 150, 40], "color": "#e5e5ea"},
        {"id": "photo", "kind": "image", "image": "probe", "frame": [300, 480, 120, 90]},
        {"id": "go", "kind": "button", "text": "Go", "frame": [700, 560, 120, 44], "color": "#007aff", "cornerRadius": 8},
    ],
}
#: Built-in scenes whose pictures have goldens, with what each adds to the painter's coverage (the probe adds
#: alpha, anchor points and clipping): all 25 would take about three times as long for little more.
GOLDEN_SCENES = {
    "welcome": "a scroll view clipping its content, buttons with corner radii, bold and centred labels",
    "controls": "a slider, a switch, a segmented control, a stepper and a button",
    "paths-and-layers": "a shadow, a border, display lists (paths, arcs, strokes) and a checkbox control",
    "hit-test-lab": "overlapping nested views, switches beside labels",
    "transform-image": "an image placeholder with a corner radius under a wrapped label",
    "single-double-tap": "custom views that draw their own counters beside labels",
    "tap-over-controls": "a declarative scene: a label with a colour, a button and a switch on a safe-area container",
    "scroll-over-buttons": "a declarative scroll view over a button and a plain control",
}
#: Views a finger is put on: each must be what the server's hit-testing finds there; the hidden one is not found
#: (the scene's root view behind it is).
TOUCHED = ("inner", "corner", "faded", "anchored", "overflow", "round", "ghost")


def settled_stage(page, scene: str) -> bytes:
    """The stage as drawn once ``scene`` is in the mirror and painted (a paint asked for after it arrived)."""
    painted = page.wait("""const tb = window.__touchbridge;
        if (tb.mirror.scene !== arguments[0]) return false;
        const before = tb.paints; tb.freezeEngineTime(null); return {before};""", scene, what=f"{scene} in the mirror")
    page.wait("const tb = window.__touchbridge; return tb.paints > arguments[0] && tb.overlayIdle", painted["before"],
              what=f"{scene} painted")
    return page.element_png("#stage")


def golden_problem(page, scene: str, name: str, artifacts) -> tuple[bytes, str | None]:
    """The settled stage and how it differs from golden ``name`` (None: it matches). A later render may still
    change the picture (a layout pass after the scene's first one): for a few seconds, pictures are taken again
    until one matches, so the wait is for the picture asserted, not for a sign that it may be ready."""
    png = settled_stage(page, scene)
    deadline = time.monotonic() + 5
    while (problem := goldens.check(png, page.engine, name, artifacts)) and time.monotonic() < deadline:
        time.sleep(0.2)
        png = page.element_png("#stage")
    return png, problem


def open_desktop(page, server: str, scene: str):
    page.open(server + f"?scene={scene}&panel=closed", *DESKTOP)
    assert not page.js("return window.__touchbridge.panelOpen")


def test_scenes_match_their_goldens(browser_page, server, artifacts):
    page = browser_page
    open_desktop(page, server, "welcome")
    offered = set(page.js("return window.__touchbridge.scenes.map(s => s.name)"))
    assert set(GOLDEN_SCENES) <= offered, f"scenes with goldens the server does not offer: {set(GOLDEN_SCENES) - offered}"
    problems = []
    for name in GOLDEN_SCENES:
        page.js("window.__touchbridge.send({type: 'scene', scene: arguments[0]})", name)
        _, problem = golden_problem(page, name, name, artifacts)
        if problem:
            problems.append(problem)
    names = set(GOLDEN_SCENES) | {PROBE["name"]}
    problems += [f"{page.engine}/{name}: a golden for no scene (remove it)" for name in goldens.stale(page.engine, names)]
    assert problems == [], "\n".join(problems)


def test_the_probe_scene_draws_and_hits_where_its_frames_say(browser_page, server, artifacts):
    page = browser_page
    open_desktop(page, server, "welcome")
    stage = page.js("return document.querySelector('#stage').getBoundingClientRect().toJSON()")
    page.js("window.__touchbridge.send({type: 'scene', scene: arguments[0]})", PROBE)
    png, problem = golden_problem(page, "inline", PROBE["name"], artifacts)  # "inline": every inline scene's name
    picture = goldens.image(png)
    assert picture.size == (round(stage["width"]), round(stage["height"])), (picture.size, stage)

    width, height = stage["width"], stage["height"]
    points = probe_points(PROBE, width, height)
    # The stage's right edge, beside the closed inspector's rail: nothing but the scene may be drawn there
    # (WebKitGTK once drew the rail's "● Inspector" over the scene).
    edge = area_points(PROBE, width, height, (width - 40, 0, 40, height), step=2)
    wrong = [f"{p.why} at ({p.x:.0f}, {p.y:.0f}): drawn {picture.getpixel((round(p.x), round(p.y)))}, expected {p.colour}"
             for p in points + edge if not p.matches(picture.getpixel((round(p.x), round(p.y))))]
    assert len(points) > 60 and len(edge) > 3000 and wrong == [], f"{len(wrong)} points drawn wrong: {wrong[:12]}"

    # viewRect, which most page tests aim their fingers with and read positions from, agrees with the file.
    placed = place(PROBE["views"], size=(width, height))
    rects = page.js("return arguments[0].map(n => { const r = window.__touchbridge.viewRect(n); return r && [r.x, r.y, r.width, r.height]; })",
                    [item.view["id"] for item in placed])
    off = [f"{item.view['id']}: viewRect {rect}, the file {item.rect}" for item, rect in zip(placed, rects)
           if rect is None or not close((rect[0] - stage["left"], rect[1] - stage["top"], *rect[2:]), item.rect, 0.5)]
    assert off == [], "\n".join(off)

    missed = []
    for name in TOUCHED:
        # Its centre, unless something covers or clips it; for the hidden view, its centre.
        point = next(p for p in points if p.front == name or (p.view == name and p.front is None))
        since = log_length(page)
        x, y = stage["left"] + point.x, stage["top"] + point.y
        page.gesture([[(x, y), (x, y)]])
        path = page.wait("const e = window.__touchbridge.log.slice(arguments[0]).find(e => e.kind === 'hitTest'); return e && e.path",
                         since, what=f"the hit test of a touch on {name}")
        expected = point.front or "root"
        if path[-1] != expected:
            missed.append(f"a touch at ({point.x:.0f}, {point.y:.0f}) on {name} hit {path}, not {expected}")
    assert missed == [], "\n".join(missed)
    assert problem is None, problem


def wait_for_pixels(page, check, what: str, timeout: float = 10.0):
    """Takes stage pictures until ``check(picture)`` finds no problem (the page may still be drawing the
    server's last render), or fails with the last problems."""
    deadline = time.monotonic() + timeout
    while True:
        problems = check(goldens.image(page.element_png("#stage")))
        if not problems or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert problems == [], f"{page.engine}: {what}: {problems}"


def around(cx: float, cy: float, half_width: float, half_height: float) -> list[tuple[float, float]]:
    """The midpoints of a box's four edges (clear of a corner radius)."""
    return [(cx - half_width, cy), (cx + half_width, cy), (cx, cy - half_height), (cx, cy + half_height)]


def covers_exactly(background, inside: list, outside: list):
    """A check of a stage picture: something but the background is drawn at each ``inside`` point, the background
    alone at each ``outside`` point."""
    def check(picture):
        pixel = lambda p: picture.getpixel((round(p[0]), round(p[1])))  # noqa: E731
        return [f"background inside the photo at {p}" for p in inside if close(pixel(p), background, 30)] + \
               [f"{pixel(p)}, not the background, outside the photo at {p}" for p in outside if not close(pixel(p), background, 6)]
    return check


def close(a, b, tolerance: float) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def open_photo(page, server):
    """config/scenes/photo-gestures.json on a desktop page: the page, the stage rect, the photo's centre and half
    size from the file's frame, and the scene's background colour."""
    scene = json.loads((ROOT / "config" / "scenes" / "photo-gestures.json").read_text())
    open_desktop(page, server, scene["name"])
    stage = page.js("return document.querySelector('#stage').getBoundingClientRect().toJSON()")
    photo = next(view for view in scene["views"] if view["id"] == "photo")
    x, y, w, h = frame_rect(photo, stage["width"], stage["height"])
    background = hex_colour(scene["background"])
    # Drawn 8 px inside each edge, the background 6 px outside it.
    wait_for_pixels(page, covers_exactly(background, around(x + w / 2, y + h / 2, w / 2 - 8, h / 2 - 8),
                                         around(x + w / 2, y + h / 2, w / 2 + 6, h / 2 + 6)), "the photo where its frame says")
    return stage, (x + w / 2, y + h / 2), (w / 2, h / 2), background


def test_a_dragged_photo_is_drawn_where_the_finger_took_it(browser_page, server):
    """The photo's frame read from the file, then moved by the finger's travel."""
    page = browser_page
    stage, (cx, cy), (hw, hh), background = open_photo(page, server)
    travel = (120, 60)
    since = log_length(page)
    start = (stage["left"] + cx, stage["top"] + cy)
    page.gesture([[(start[0] + travel[0] * i / 10, start[1] + travel[1] * i / 10) for i in range(11)]])
    moved = (cx + travel[0], cy + travel[1])
    wait_for_pixels(page, covers_exactly(background, around(*moved, hw - 8, hh - 8), around(*moved, hw + 6, hh + 6) + [(cx - hw + 10, cy)]),
                    f"the photo moved by {travel}")
    wait_transition(page, "pan", "ended", since)


def test_a_pinched_photo_is_drawn_scaled_about_its_centre(browser_page, server):
    """Two fingers spread from 80 to 160 px apart over the photo: its transform scales it about its anchor point
    (about 2×, as test_page_engines.py reads from the model: 1.6–2.4), so it covers points 1.4 × its half size
    from its centre, and not 2.6 ×."""
    page = browser_page
    stage, (cx, cy), (hw, hh), background = open_photo(page, server)
    since = log_length(page)
    page.gesture(pinch_path(stage["left"] + cx, stage["top"] + cy, 80, 160))
    wait_for_pixels(page, covers_exactly(background, around(cx, cy, 1.4 * hw, 1.4 * hh), around(cx, cy, 2.6 * hw, 2.6 * hh)),
                    "the photo scaled about 2×")
    wait_transition(page, "pinch", "ended", since)
