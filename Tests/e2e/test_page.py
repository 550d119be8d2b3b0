"""The web page in real headless Chromium against the real server.

Multi-touch goes through a CDP session (``Input.dispatchTouchEvent``) on a phone viewport with touch
emulation and deviceScaleFactor 3; device motion through sensor overrides enabled before navigation
(Shared notes "browser-e2e"). The page exposes ``window.__touchbridge`` (mirror tree, event log,
connection state) so tests read state instead of scraping pixels; one test checks pixels too.

Set E2E_UPDATE_SCREENSHOT=1 to refresh docs/screenshot.png from the pinch test.
"""

from __future__ import annotations

import math
import os
import shutil
import struct
import time
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
DESKTOP_NARROW = {"viewport": {"width": 400, "height": 800}, "device_scale_factor": 1, "is_mobile": False, "has_touch": False}
EXPECTED_SCENES = {"image-translation", "tap-recognition", "drag-and-drop", "draw-lines", "checkmark",
                   "transform-image", "single-double-tap", "swipe", "move-me"}


# ---------------------------------------------------------------------------------------------- helpers


class Page:
    """A page of the app in its own browser context, with one CDP session for touches and sensors."""

    def __init__(self, browser, url: str, *, context: dict = PHONE, sensors: bool = False, panel: str | None = None,
                 wait_joined: bool = True):
        # The harness's wait() evaluates predicate source inside the page, which the page's own
        # Content-Security-Policy forbids (no eval); test_page_security.py checks the page under it.
        self.context = browser.new_context(**{"bypass_csp": True, **context})
        self.page = self.context.new_page()
        self.console: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        self.cdp = self.context.new_cdp_session(self.page)
        if context.get("has_touch"):
            # Before navigation, so feature detection sees touch (notes: gotcha 4).
            self.cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        if sensors:
            # Before navigation, or the page's devicemotion listener never fires (notes: gotcha 5).
            self.cdp.send("Emulation.setSensorOverrideEnabled", {"enabled": True, "type": "accelerometer"})
            self.accelerate(0, 0, 9.8)
        if panel:
            url += ("&" if "?" in url else "?") + f"panel={panel}"
        self.page.goto(url)
        if wait_joined:
            self.wait_joined()

    # -- state

    def js(self, expression: str, arg=None):
        return self.page.evaluate(expression, arg)

    def wait(self, predicate: str, arg=None, timeout: float = 5000):
        """Waits until the JS function ``predicate(tb, arg)`` is truthy (tb = window.__touchbridge)."""
        self.page.wait_for_function(
            "([src, arg]) => { const tb = window.__touchbridge; return !!tb && (0, eval)(src)(tb, arg); }",
            arg=[predicate, arg], timeout=timeout)

    def wait_joined(self, timeout: float = 10000):
        self.wait("(tb) => tb.state === 'joined' && tb.mirror.windows.length > 0", timeout=timeout)

    def log(self) -> list[dict]:
        return self.js("() => window.__touchbridge.log.map(({kind, text, recognizer, from, to, reason, method, responder, touches, subtype, path, touch, seq, diagnostic}) => ({kind, text, recognizer, from, to, reason, method, responder, touches, subtype, path, touch, seq, diagnostic}))")

    def log_length(self) -> int:
        return self.js("() => window.__touchbridge.log.length")

    def wait_transition(self, recognizer: str, to: str, since: int = 0, timeout: float = 5000):
        self.wait("(tb, [r, to, since]) => tb.log.slice(since).some(e => e.kind === 'transition' && e.recognizer === r && e.to === to)",
                  [recognizer, to, since], timeout=timeout)

    def wait_responder(self, method: str, since: int = 0, timeout: float = 5000):
        self.wait("(tb, [m, since]) => tb.log.slice(since).some(e => e.kind === 'responder' && e.method === m)", [method, since],
                  timeout=timeout)

    def rect(self, name: str) -> dict:
        r = self.js("(n) => window.__touchbridge.viewRect(n)", name)
        assert r, f"no view named {name!r} in the mirror"
        return r

    def props(self, name: str) -> dict:
        return self.js("(n) => { const v = window.__touchbridge.mirror.byName(n); return v && v.props; }", name)

    def switch_scene(self, name: str):
        self.page.select_option("#scene-picker", name) if self.js("() => window.__touchbridge.panelOpen") else \
            self.js("(n) => window.__touchbridge.send({type: 'scene', scene: n})", name)
        self.wait("(tb, n) => tb.scene === n && tb.mirror.scene === n", name)

    # -- input

    def touch(self, kind: str, points: list[tuple[int, float, float]], at: float | None = None):
        """Dispatches one touch event; ``at`` (seconds since the epoch) becomes the event's timeStamp, which
        the page sends as the input's time — on a ``clock=manual`` page that alone decides timing."""
        event = {
            "type": kind,
            "touchPoints": [{"x": x, "y": y, "id": i, "radiusX": 10, "radiusY": 10, "force": 0.5} for i, x, y in points],
        }
        if at is not None:
            event["timestamp"] = at
        self.cdp.send("Input.dispatchTouchEvent", event)

    def double_tap(self, x: float, y: float, hold: float = 0.03, gap: float = 0.1):
        """Two taps ``gap`` s apart by their timestamps, however long the dispatch takes: on a page opened with
        ``clock=manual`` the engine sees exactly these times, so a loaded machine cannot stretch the interval
        past the 350 ms double-tap window."""
        start = time.time()
        for offset in (0, hold + gap):
            self.touch("touchStart", [(0, x, y)], at=start + offset)
            self.touch("touchEnd", [], at=start + offset + hold)

    def tap(self, x: float, y: float, hold: float = 0.06):
        self.touch("touchStart", [(0, x, y)])
        time.sleep(hold)
        self.touch("touchEnd", [])

    def accelerate(self, x: float, y: float, z: float):
        self.cdp.send("Emulation.setSensorOverrideReadings", {"type": "accelerometer", "reading": {"xyz": {"x": x, "y": y, "z": z}}})

    def sent(self, kind: str) -> int:
        return self.js("(k) => window.__touchbridge.sent[k] || 0", kind)

    # -- output

    def screenshot(self, artifacts: Path, name: str, **kw) -> bytes:
        data = self.page.screenshot(**kw)
        (artifacts / f"{name}.png").write_bytes(data)
        return data

    def close(self):
        self.context.close()


@pytest.fixture
def pages(browser):
    opened: list[Page] = []

    def open_page(url: str, **kw) -> Page:
        p = Page(browser, url, **kw)
        opened.append(p)
        return p

    yield open_page
    for p in opened:
        errors = [line for line in p.console if line.startswith("pageerror")]
        p.close()
        assert not errors, f"page errors: {errors}"


def decode_png(data: bytes) -> tuple[int, int, int, list[bytes]]:
    """Minimal PNG decoder (8-bit RGB/RGBA, not interlaced: what Chromium writes) → (w, h, bpp, rows)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, bytearray(), None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"unsupported PNG {header}"
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(bytes(idat))
    stride = width * bpp
    rows, prev = [], bytes(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif f == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = bytes(line)
        rows.append(prev)
    return width, height, bpp, rows


class Pixels:
    def __init__(self, png: bytes):
        self.width, self.height, self.bpp, self.rows = decode_png(png)

    def at(self, x: float, y: float) -> tuple[int, int, int]:
        xi, yi = int(round(x)), int(round(y))
        assert 0 <= xi < self.width and 0 <= yi < self.height, f"({x}, {y}) outside the screenshot"
        row = self.rows[yi]
        return tuple(row[xi * self.bpp:xi * self.bpp + 3])

    def distinct_colours(self, step: int = 7) -> int:
        return len({self.at(x, y) for y in range(0, self.height, step) for x in range(0, self.width, step)})


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def close_to(a, b, tolerance: int = 12) -> bool:
    return all(abs(int(x) - int(y)) <= tolerance for x, y in zip(a, b))


def view_point(page: Page, name: str, fx: float, fy: float) -> tuple[float, float]:
    return tuple(page.js("""([n, fx, fy]) => {
        const tb = window.__touchbridge, v = tb.mirror.byName(n), r = tb.viewRect(n);
        const [, , w, h] = v.props.bounds, m = r.matrix, s = document.querySelector('#stage').getBoundingClientRect();
        return [m[0] * w * fx + m[2] * h * fy + m[4] + s.left, m[1] * w * fx + m[3] * h * fy + m[5] + s.top];
    }""", [name, fx, fy]))


def twist(page: Page, cx: float, cy: float, start_gap: float, end_gap: float, start_deg: float, end_deg: float,
          steps: int = 10, lift: bool = True):
    """Two fingers on a line through (cx, cy): the gap and the line's angle change together."""
    def points(gap: float, deg: float):
        dx, dy = math.cos(math.radians(deg)) * gap / 2, math.sin(math.radians(deg)) * gap / 2
        return [(0, cx - dx, cy - dy), (1, cx + dx, cy + dy)]
    page.touch("touchStart", points(start_gap, start_deg))
    for i in range(1, steps + 1):
        f = i / steps
        page.touch("touchMove", points(start_gap + (end_gap - start_gap) * f, start_deg + (end_deg - start_deg) * f))
        time.sleep(0.016)
    if lift:
        page.touch("touchEnd", [])


def pinch(page: Page, cx: float, cy: float, start_gap: float, end_gap: float, steps: int = 10, lift: bool = True):
    page.touch("touchStart", [(0, cx - start_gap / 2, cy), (1, cx + start_gap / 2, cy)])
    for i in range(1, steps + 1):
        gap = start_gap + (end_gap - start_gap) * i / steps
        page.touch("touchMove", [(0, cx - gap / 2, cy), (1, cx + gap / 2, cy)])
        time.sleep(0.016)
    if lift:
        page.touch("touchEnd", [])


# ---------------------------------------------------------------------------------------------- tests


def test_page_loads_connects_and_draws_the_scene(server, pages, artifacts):
    page = pages(server + "?scene=transform-image")
    tb = page.js("() => ({session: window.__touchbridge.session, role: window.__touchbridge.role, scene: window.__touchbridge.scene, "
                 "scenes: window.__touchbridge.scenes.map(s => s.name), clock: window.__touchbridge.welcome.clock})")
    assert tb["role"] == "device" and tb["scene"] == "transform-image" and tb["clock"] == "client"
    assert len(tb["session"]) == 32 and all(ch in "0123456789abcdef" for ch in tb["session"])
    assert EXPECTED_SCENES <= set(tb["scenes"])
    # The picker lists the catalog; the share link carries the session id; the HUD shows a round trip.
    assert set(page.page.eval_on_selector_all("#scene-picker option", "os => os.map(o => o.value)")) >= EXPECTED_SCENES
    assert tb["session"] in page.page.get_attribute("#watch-link", "href")
    page.wait("(tb) => tb.rtt !== null && tb.paints > 0")
    # The viewport the page declared is the scene surface: the screen above the closed inspector's tab bar.
    window = page.rect("window")
    assert (round(window["width"]), round(window["height"])) == (390, 800)
    tab = page.page.locator("#panel-toggle").bounding_box()
    assert (tab["y"], tab["width"], tab["height"]) == (800, 390, 44)

    page.wait("(tb) => tb.overlayIdle")
    png = page.screenshot(artifacts, "loads", scale="css")
    pixels = Pixels(png)
    assert (pixels.width, pixels.height) == (390, 844)
    assert pixels.distinct_colours() > 8, "the screenshot is blank"
    # Drawn where the server said: the image (a placeholder in its own colour) at the view's position …
    image = page.rect("image")
    expected = tuple(page.js("() => window.__touchbridge.placeholderColour('photo')"))
    for fx, fy in [(0.12, 0.18), (0.88, 0.12), (0.5, 0.08)]:
        x, y = view_point(page, "image", fx, fy)
        assert close_to(pixels.at(x, y), expected), f"image pixel at {(x, y)} is {pixels.at(x, y)}, expected {expected}"
    # … and the root view's background just outside it.
    root_name = page.js("() => { const tb = window.__touchbridge; const img = tb.mirror.byName('image'); return tb.mirror.views.get(img.parent).name; }")
    root_bg = hex_rgb(page.props(root_name)["backgroundColor"])
    outside = (image["x"] - 12, image["cy"])
    assert close_to(pixels.at(*outside), root_bg), f"background pixel {pixels.at(*outside)} != {root_bg}"
    page.screenshot(artifacts, "loads-device-scale")
    # Rotating the phone resizes the window on the server: the screen beside the closed inspector's rail.
    page.page.set_viewport_size({"width": 844, "height": 390})
    page.wait("(tb) => { const w = tb.mirror.views.get(tb.mirror.windows[0]).props.bounds; return w[2] === 800 && w[3] === 390; }")
    assert page.sent("resize") >= 1
    page.screenshot(artifacts, "loads-landscape")
    # A server `error` shows in a banner (here: `advance` is only for the manual clock).
    page.js("() => window.__touchbridge.send({type: 'advance', t: performance.now() + 1000, seq: 9999})")
    page.wait("(tb) => tb.errors.some(e => e.code === 'not-allowed' && e.seq === 9999)")
    assert page.page.is_visible("#banner") and "not-allowed" in page.page.inner_text("#banner")
    assert page.js("() => window.__touchbridge.state") == "joined"


def test_two_finger_pinch_on_transform_image(server, pages, artifacts):
    page = pages(server + "?scene=transform-image", panel="open")
    before = page.rect("image")
    page.wait("(tb) => tb.overlayIdle")
    before_png = Pixels(page.page.screenshot(scale="css"))
    # Two fingers around the image centre spread from 90 to 150 pt and turn by 20°: pinch and
    # rotation recognize together (the scene allows it), the centroid stays put.
    cx, cy = before["cx"], before["cy"]
    since = page.log_length()
    twist(page, cx, cy, 90, 150, 0, 20, steps=14, lift=False)
    page.wait_transition("pinch", "changed", since)
    page.wait("(tb) => { const t = tb.mirror.byName('image').props.transform; return Math.hypot(t[0], t[1]) > 1.5; }")
    time.sleep(0.2)
    page.screenshot(artifacts, "pinch-phone")
    if os.environ.get("E2E_UPDATE_SCREENSHOT"):
        shutil.copyfile(artifacts / "pinch-phone.png", ROOT / "docs" / "screenshot.png")
    page.touch("touchEnd", [])
    page.wait_transition("pinch", "ended", since)

    # Both fingers' changes of one frame travel in one `input` message. Chromium may deliver the two
    # pointerdowns of one touchstart on either side of an animation frame (seen in about one run in
    # five): then they are two messages of one down each, with the same timestamp, one after the other.
    frames = page.js("() => window.__touchbridge.recentInputs.map(m => m.pointers.map(p => [p.id, p.phase, p.t]))")
    downs = [f for f in frames if f[0][1] == "down"]
    assert [len(f) for f in downs] == [2] or ([len(f) for f in downs] == [1, 1] and downs[0][0][2] == downs[1][0][2]
                                              and frames.index(downs[1]) == frames.index(downs[0]) + 1), frames
    moves = [f for f in frames if f[0][1] == "move"]
    assert len(moves) >= 8 and all(len(f) == 2 and f[0][0] != f[1][0] for f in moves)
    times = [p[2] for f in frames for p in f]
    assert times == sorted(times)
    transitions = [(e["from"], e["to"]) for e in page.log()[since:] if e["kind"] == "transition" and e["recognizer"] == "pinch"]
    assert transitions[0] == ("possible", "began")
    assert ("began", "changed") in transitions
    assert ("changed", "ended") in transitions
    # The panel shows the pinch, its live state and its transitions.
    assert page.page.locator("#recognizers li[data-name='pinch']").count() == 1
    log_text = page.page.inner_text("#log")
    for text in ["pinch:possible→began", "pinch:began→changed", "pinch:changed→ended"]:
        assert text in log_text
    # The image grew (and turned) on screen, about its centre.
    after = page.rect("image")
    a, b = page.props("image")["transform"][:2]
    assert 1.5 < math.hypot(a, b) < 1.9, (a, b)
    assert after["width"] > before["width"] * 1.5
    assert abs(after["cx"] - before["cx"]) < 10 and abs(after["cy"] - before["cy"]) < 10
    # Pixels: a point that was background before is image colour now.
    colour = tuple(page.js("() => window.__touchbridge.placeholderColour('photo')"))
    x, y = view_point(page, "image", 0.12, 0.2)
    assert not (before["x"] <= x <= before["x"] + before["width"] and before["y"] <= y <= before["y"] + before["height"])
    assert not close_to(before_png.at(x, y), colour)
    page.wait("(tb) => tb.overlayIdle", timeout=5000)
    assert close_to(Pixels(page.page.screenshot(scale="css")).at(x, y), colour)


def test_input_batching_in_the_page(server, pages):
    """input.mjs on its own, with synthetic pointer events: batching, coalesced samples, limits, clock."""
    page = pages(server + "?scene=tap-recognition")
    sent = page.js("""async () => {
        const { InputCapture } = await import('./input.mjs');
        const el = document.createElement('div');
        el.style.cssText = 'position:fixed;left:10px;top:20px;width:400px;height:800px';
        document.body.append(el);
        const sent = [];
        let last = -Infinity;
        const cap = new InputCapture(el, {
            sink: (pointers) => { sent.push(pointers); return true; },
            stamp: (t) => (last = Math.max(last, t)),
            limits: () => ({ maxPointersPerInput: 3, maxTouches: 2, maxCoalescedPerPointer: 2 }),
            onChange: () => {},
        });
        cap.enabled = true;
        const ev = (id, x, y, t, extra = {}) => ({ pointerId: id, pointerType: 'touch', clientX: x, clientY: y, timeStamp: t,
            pressure: 0.5, width: 20, height: 10, button: 0, preventDefault() {}, ...extra });
        const samples = (pts) => () => pts.map(([x, y, t]) => ({ clientX: x, clientY: y, timeStamp: t }));
        cap.onPointerDown(ev(1, 110, 120, 100));
        cap.onPointerDown(ev(2, 210, 120, 101));
        cap.onPointerDown(ev(3, 310, 120, 102));                       // a third finger: over maxTouches
        cap.onPointerMove(ev(1, 130, 120, 116, { getCoalescedEvents: samples([[115, 120, 104], [120, 120, 108], [125, 120, 112], [130, 120, 116]]) }));
        cap.onPointerMove(ev(2, 230, 120, 90));                        // an older timestamp: clamped
        cap.onPointerMove(ev(3, 330, 120, 117));                       // never went down: not sent
        cap.flush();
        cap.onPointerEnd(ev(1, 130, 120, 130), 'up');
        cap.flush();
        cap.cancelAll();
        // Mouse + Alt: a second finger mirrored around the surface centre (200, 400).
        cap.onPointerDown(ev(9, 110, 420, 200, { pointerType: 'mouse', altKey: true }));
        cap.onPointerMove(ev(9, 90, 420, 216, { pointerType: 'mouse', altKey: true }));
        cap.onPointerEnd(ev(9, 90, 420, 230, { pointerType: 'mouse', altKey: true }), 'up');
        cap.flush();
        el.remove();
        return sent;
    }""")
    first, second, up, cancel, *mouse = sent
    assert [(p["id"], p["phase"]) for p in first] == [(1, "down"), (2, "down"), (1, "move")]
    assert first[0] == {"id": 1, "phase": "down", "x": 100, "y": 100, "t": 100, "pointerType": "touch",
                        "pressure": 0.5, "width": 20, "height": 10}
    assert first[2]["coalesced"] == [{"x": 110, "y": 100, "t": 108}, {"x": 115, "y": 100, "t": 112}]
    assert first[2]["t"] == 116
    assert [(p["id"], p["phase"], p["t"]) for p in second] == [(2, "move", 116)]
    assert [(p["id"], p["phase"]) for p in up] == [(1, "up")]
    assert [(p["id"], p["phase"]) for p in cancel] == [(2, "cancel")]
    mouse = [p for message in mouse for p in message]
    assert all(len(message) <= 3 for message in sent)
    assert cancel[0]["t"] == round(cancel[0]["t"], 3)
    assert [(p["phase"], p["x"], p["y"]) for p in mouse] == [
        ("down", 100, 400), ("down", 300, 400), ("move", 80, 400), ("move", 320, 400), ("up", 80, 400), ("up", 320, 400)]
    assert all(p["pointerType"] == "touch" and "pressure" not in p for p in mouse)


def test_tap_moves_the_image(server, pages, artifacts):
    page = pages(server + "?scene=tap-recognition")
    since = page.log_length()
    page.tap(300, 640)
    page.wait_transition("tap", "ended", since)
    page.wait("(tb) => { const c = tb.mirror.byName('image').props.center; return Math.abs(c[0] - 300) < 1 && Math.abs(c[1] - 640) < 1; }")
    entries = page.log()[since:]
    hit = [e for e in entries if e["kind"] == "hitTest"]
    assert len(hit) == 1 and hit[0]["path"][0] == "window"
    assert any(e["kind"] == "action" and e["recognizer"] == "tap" for e in entries)
    # The hit-test path is in the panel.
    assert page.js("() => window.__touchbridge.hitPath.join('>')") == ">".join(hit[0]["path"])
    rect = page.rect("image")
    assert abs(rect["cx"] - 300) < 1 and abs(rect["cy"] - 640) < 1
    page.screenshot(artifacts, "tap")


def test_long_press_picks_the_image_up(server, pages, artifacts):
    page = pages(server + "?scene=drag-and-drop")
    image = page.rect("image")
    since = page.log_length()
    page.touch("touchStart", [(0, image["cx"], image["cy"])])
    # No input follows: the server's timer (client clock, §10) must fire the long press by itself.
    page.wait_transition("longPress", "began", since, timeout=3000)
    page.wait("(tb) => tb.mirror.byName('image').props.alpha === 0.5")
    page.wait("(tb) => tb.recognizers().longPress.state === 'began'")
    assert page.page.get_attribute("#recognizers li[data-name='longPress']", "data-state") == "began"
    page.screenshot(artifacts, "long-press")
    # Drag while held: the image follows.
    for i in range(1, 6):
        page.touch("touchMove", [(0, image["cx"] + 12 * i, image["cy"] + 20 * i)])
        time.sleep(0.016)
    page.touch("touchEnd", [])
    page.wait_transition("longPress", "ended", since)
    page.wait("(tb) => tb.mirror.byName('image').props.alpha === 1")
    centre = page.props("image")["center"]
    assert centre[1] > image["cy"] + 60, centre


def test_two_finger_tap(server, pages, artifacts):
    page = pages(server + "?scene=transform-image", panel="open")
    image = page.rect("image")
    since = page.log_length()
    page.touch("touchStart", [(0, image["cx"] - 30, image["cy"]), (1, image["cx"] + 30, image["cy"])])
    time.sleep(0.08)
    page.touch("touchEnd", [])
    page.wait("(tb, since) => { const ended = new Set(); for (const e of tb.log.slice(since)) if (e.kind === 'responder') "
              "for (const t of e.touches || []) if (t.phase === 'ended' || t.phase === 'cancelled') ended.add(t.id); return ended.size === 2; }", since)
    entries = page.log()[since:]
    hits = [e for e in entries if e["kind"] == "hitTest"]
    assert len(hits) == 2 and len({e["touch"] for e in hits}) == 2
    assert all(e["path"][-1] == "image" for e in hits)
    began = {t["id"] for e in entries if e["kind"] == "responder" and e["method"] == "touchesBegan" for t in e["touches"]}
    assert len(began) == 2
    assert all(t["tapCount"] == 1 for e in entries if e["kind"] == "responder" for t in e["touches"] or [])
    # Nothing recognized: the two fingers neither spread, turned nor travelled; failures carry reasons.
    assert not any(e["kind"] == "transition" and e["to"] == "began" for e in entries)
    failed = [e for e in entries if e["kind"] == "transition" and e["to"] == "failed"]
    assert failed and all(e["reason"] for e in failed)
    name = failed[0]["recognizer"]
    assert failed[0]["reason"] in page.page.inner_text(f"#recognizers li[data-name='{name}'] .reason")
    page.screenshot(artifacts, "two-finger-tap")


def test_shake_reaches_the_first_responder(server, pages, artifacts):
    page = pages(server + "?scene=responder-chain", sensors=True)
    since = page.log_length()
    end = time.monotonic() + 0.5
    sign = 1
    while time.monotonic() < end:
        page.accelerate(25 * sign, 3, 9.8)
        sign = -sign
        time.sleep(0.05)
    page.accelerate(0, 0, 9.8)
    page.wait_responder("motionBegan", since)
    page.wait_responder("motionEnded", since, timeout=4000)
    entries = [e for e in page.log()[since:] if e["kind"] == "responder" and e["method"].startswith("motion")]
    assert [e["method"] for e in entries][:1] == ["motionBegan"]
    assert all(e["subtype"] == "motionShake" for e in entries)
    # The first responder (the view controller) handled it: its log label says so.
    page.wait("(tb) => [...tb.mirror.views.values()].some(v => (v.props.text || '').includes('motionBegan'))")
    assert page.sent("motion") == 2
    page.cdp.send("Emulation.setSensorOverrideEnabled", {"enabled": False, "type": "accelerometer"})
    page.screenshot(artifacts, "shake")


def test_remote_control_buttons(server, pages, artifacts):
    page = pages(server + "?scene=responder-chain", panel="open")
    since = page.log_length()
    page.page.click("#media-buttons [data-remote='togglePlayPause']")
    page.wait("(tb, since) => tb.log.slice(since).some(e => e.kind === 'responder' && e.method === 'remoteControlReceived' && e.subtype === 'togglePlayPause')", since)
    page.page.keyboard.press("MediaTrackNext")
    page.wait("(tb, since) => tb.log.slice(since).some(e => e.kind === 'responder' && e.method === 'remoteControlReceived' && e.subtype === 'nextTrack')", since)
    page.screenshot(artifacts, "remote")


def test_mouse_with_alt_pinches(server, pages, artifacts):
    # A desktop window whose centre is the image's centre: Alt mirrors the mouse around it (iOS Simulator).
    page = pages(server + "?scene=transform-image", context=DESKTOP_NARROW, panel="closed")
    image = page.rect("image")
    centre = page.js("() => { const r = document.querySelector('#stage').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }")
    assert abs(image["cx"] - centre[0]) < 40 and abs(image["cy"] - centre[1]) < 40
    since = page.log_length()
    mouse, keyboard = page.page.mouse, page.page.keyboard
    x0, y = centre[0] - 40, centre[1]
    mouse.move(x0, y)
    keyboard.down("Alt")
    page.wait("(tb) => true")
    mouse.down()
    for i in range(1, 13):
        mouse.move(x0 - 6 * i, y)
        time.sleep(0.016)
    page.screenshot(artifacts, "mouse-alt-pinch")
    mouse.up()
    keyboard.up("Alt")
    page.wait_transition("pinch", "ended", since)
    entries = page.log()[since:]
    hits = [e for e in entries if e["kind"] == "hitTest"]
    assert len(hits) == 2 and all(e["path"][-1] == "image" for e in hits), hits
    assert page.props("image")["transform"][0] > 1.5


def test_pointercancel_cancels_the_gesture(server, pages, artifacts):
    page = pages(server + "?scene=transform-image")
    image = page.rect("image")
    since = page.log_length()
    pinch(page, image["cx"], image["cy"], 80, 160, steps=8, lift=False)
    page.wait_transition("pinch", "changed", since)
    cancels_before = page.js("() => window.__touchbridge.log.length")
    page.touch("touchCancel", [])
    page.wait_transition("pinch", "cancelled", cancels_before)
    last = page.js("() => window.__touchbridge.recentInputs.slice(-1)[0].pointers.map(p => p.phase)")
    assert last == ["cancel", "cancel"]
    cancelled = [e for e in page.log()[cancels_before:] if e["kind"] == "transition" and e["to"] == "cancelled"]
    assert cancelled and all(e["reason"] for e in cancelled)
    # No touch is left down on the server: a new one-finger touch is touch number 3 and lands cleanly.
    since2 = page.log_length()
    page.tap(image["cx"], image["cy"])
    page.wait("(tb, since) => tb.log.slice(since).some(e => e.kind === 'hitTest')", since2)
    assert not page.js("() => window.__touchbridge.errors.length")
    page.screenshot(artifacts, "pointercancel")


def test_observer_sees_the_same_transitions(server, pages, artifacts):
    device = pages(server + "?scene=transform-image")
    session = device.js("() => window.__touchbridge.session")
    observer = pages(server + f"?watch={session}", context={"viewport": {"width": 1000, "height": 700}}, panel="open")
    assert observer.js("() => window.__touchbridge.role") == "observer"
    assert observer.js("() => window.__touchbridge.scene") == "transform-image"
    image = device.rect("image")
    d_since, o_since = device.log_length(), observer.log_length()
    pinch(device, image["cx"], image["cy"], 80, 180, steps=10)
    device.wait_transition("pinch", "ended", d_since)
    observer.wait_transition("pinch", "ended", o_since)
    strip = lambda entries: [e["text"] for e in entries if e["kind"] != "note"]
    assert strip(observer.log()[o_since:]) == strip(device.log()[d_since:])
    assert observer.props("image")["transform"] == device.props("image")["transform"]
    # Read-only: the observer's touches and scene picker do nothing.
    assert observer.js("() => document.querySelector('#scene-picker').disabled")
    assert observer.sent("input") == 0
    observer.screenshot(artifacts, "observer")


def test_reconnect_after_server_restart(server_process, pages, artifacts):
    page = pages(server_process.base_url + "?scene=tap-recognition")
    first = page.js("() => window.__touchbridge.session")
    server_process.stop()
    page.wait("(tb) => tb.state === 'waiting'", timeout=15000)
    assert page.page.is_visible("#banner")
    assert "reconnecting" in page.page.inner_text("#banner").lower()
    page.screenshot(artifacts, "disconnected")
    server_process.start(server_process.port)
    page.wait("(tb, first) => tb.state === 'joined' && tb.session && tb.session !== first", first, timeout=20000)
    page.wait_joined()
    assert page.js("() => window.__touchbridge.scene") == "tap-recognition"
    page.wait("() => document.querySelector('#banner').hidden")
    # The new session works: a tap is recognized.
    since = page.log_length()
    page.tap(120, 500)
    page.wait_transition("tap", "ended", since)
    page.screenshot(artifacts, "reconnected")
