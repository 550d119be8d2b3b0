"""What users expect around the scene, in real Chromium: observers see every finger, desktop two-finger
input (Alt mirrored around the view pressed, Shift parallel), scene history and Back, restarting a
scene, a truthful Mark, the LAN QR code on the desktop page, PNG icons.
"""

from __future__ import annotations

import time
import urllib.request

from conftest import ServerProcess
from test_page import PHONE, Page, pages, pinch  # noqa: F401  (pages is a fixture)

DESKTOP = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1, "is_mobile": False, "has_touch": False}


def test_observer_draws_every_finger_of_a_pinch(server, pages, artifacts):
    device = pages(server + "?scene=transform-image")
    session = device.js("() => window.__touchbridge.session")
    observer = pages(server + f"?watch={session}", context=DESKTOP, panel="closed")
    image = device.rect("image")
    cx, cy = image["cx"], image["cy"]
    # Two fingers spread and hold: the pinch takes both touches (the views get touchesCancelled), yet
    # the observer still draws both fingers where the device has them.
    pinch(device, cx, cy, 80, 160, steps=8, lift=False)
    device.wait_transition("pinch", "changed")
    observer.wait("(tb) => tb.fingers().length === 2")
    fingers = sorted((round(f["x"]), round(f["y"])) for f in observer.js("() => window.__touchbridge.fingers()"))
    assert fingers == sorted([(round(cx - 80), round(cy)), (round(cx + 80), round(cy))]), fingers
    observer.screenshot(artifacts, "observer-fingers-pinch")
    device.touch("touchEnd", [])
    observer.wait("(tb) => tb.fingers().length === 0")


def press_with(page, key: str | None, start: tuple[float, float], delta: tuple[float, float], steps: int = 12):
    mouse, keyboard = page.page.mouse, page.page.keyboard
    mouse.move(*start)
    if key:
        keyboard.down(key)
    mouse.down()
    for i in range(1, steps + 1):
        mouse.move(start[0] + delta[0] * i / steps, start[1] + delta[1] * i / steps)
        time.sleep(0.016)
    mouse.up()
    if key:
        keyboard.up(key)


def test_alt_mirrors_around_the_view_under_the_press(server, pages, artifacts):
    page = pages(server + "?scene=transform-image", context=DESKTOP, panel="open")
    # First drag the image (one finger: the pan) away from the centre of the scene surface.
    image = page.rect("image")
    since = page.log_length()
    press_with(page, None, (image["cx"], image["cy"]), (-220, -120))
    page.wait_transition("pan", "ended", since)
    page.wait("(tb) => tb.overlayIdle")
    image = page.rect("image")
    stage = page.js("() => { const r = document.querySelector('#stage').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }")
    assert abs(image["cx"] - stage[0]) > 60 or abs(image["cy"] - stage[1]) > 60, "the test needs an off-centre image"
    since = page.log_length()
    press_with(page, "Alt", (image["cx"] - 30, image["cy"]), (-36, 0))
    page.wait_transition("pinch", "ended", since)
    downs = [p for m in page.js("() => window.__touchbridge.recentInputs") for p in m["pointers"] if p["phase"] == "down"]
    real, virtual = downs[-2], downs[-1]
    # The second finger starts mirrored around the image's centre, so both land on the image.
    assert abs(real["x"] + virtual["x"] - 2 * image["cx"]) < 1 and abs(real["y"] + virtual["y"] - 2 * image["cy"]) < 1, (real, virtual, image)
    hits = [e for e in page.log()[since:] if e["kind"] == "hitTest"]
    assert len(hits) == 2 and all(e["path"][-1] == "image" for e in hits), hits
    assert page.props("image")["transform"][0] > 1.5


def test_shift_gives_a_two_finger_pan(server, pages, artifacts):
    page = pages(server + "?scene=transform-image", context=DESKTOP, panel="open")
    image = page.rect("image")
    before = page.props("image")["center"]
    since = page.log_length()
    press_with(page, "Shift", (image["cx"] - 40, image["cy"]), (60, 90))
    page.wait_transition("pan", "ended", since)
    pans = [e for e in page.js("(s) => window.__touchbridge.log.slice(s)", since)
            if e["kind"] == "transition" and e["recognizer"] == "pan" and e["to"] == "changed"]
    assert pans and all(e["values"]["numberOfTouches"] == 2 for e in pans)
    # Both fingers moved together: the image travelled with them and did not scale.
    after = page.props("image")["center"]
    assert abs(after[0] - before[0] - 60) < 12 and abs(after[1] - before[1] - 90) < 12, (before, after)
    transform = page.props("image")["transform"]
    assert abs(transform[0] - 1) < 0.05 and abs(transform[1]) < 0.05, transform


def test_scene_changes_are_history(server, pages):
    page = pages(server + "?scene=tap-recognition", panel="open")
    page.switch_scene("swipe")
    page.switch_scene("move-me")
    assert "scene=move-me" in page.page.url
    page.page.go_back()
    page.wait("(tb) => tb.scene === 'swipe' && tb.mirror.scene === 'swipe'")
    assert "scene=swipe" in page.page.url
    page.page.go_back()
    page.wait("(tb) => tb.scene === 'tap-recognition' && tb.mirror.scene === 'tap-recognition'")
    page.page.go_forward()
    page.wait("(tb) => tb.scene === 'swipe'")
    assert page.js("() => window.__touchbridge.connects") == 1  # one socket, one session throughout


def test_restart_scene(server, pages):
    page = pages(server + "?scene=tap-recognition", context=DESKTOP, panel="open")
    start = page.props("image")["center"]
    since = page.log_length()
    page.page.mouse.click(start[0] + 150, start[1] + 120)
    page.wait_transition("tap", "ended", since)
    page.wait("(tb, s) => { const c = tb.mirror.byName('image').props.center; return c[0] !== s[0] || c[1] !== s[1]; }", start)
    session = page.js("() => window.__touchbridge.session")
    page.page.click("#restart")
    page.wait("(tb, s) => { const c = tb.mirror.byName('image').props.center; return c[0] === s[0] && c[1] === s[1]; }", start)
    assert page.js("() => window.__touchbridge.session") == session
    assert page.js("() => window.__touchbridge.log.filter(e => e.text === 'scene: tap-recognition').length") == 2


def test_mark_says_whether_the_server_records(pages, tmp_path):
    for args, status, note in [((), "not recording", "mark 1 (not saved: the server is not recording)"),
                               (("--record", str(tmp_path / "rec")), "● recording", "mark 1 (saved in the server's recording)")]:
        server = ServerProcess(extra_args=args)
        server.start()
        try:
            page = pages(server.base_url + "?scene=tap-recognition&panel=open", context=DESKTOP)
            assert page.page.inner_text("#mark-status") == status
            page.page.click("#mark")
            page.wait("(tb, note) => tb.log.some(e => e.text === note)", note)
        finally:
            server.stop()


def test_the_desktop_page_shows_the_lan_url_as_a_qr_code(browser, artifacts):
    # Reached through an advertised address (a documentation one: the test needs no network of its own),
    # the server requires its access token (docs/security.md).
    server = ServerProcess(extra_args=("--advertised-host", "192.0.2.10"))
    server.start()
    page = Page(browser, server.base_url + f"?token={server.token}&scene=tap-recognition&panel=open", context=DESKTOP)
    try:
        lan = page.js("() => window.__touchbridge.welcome.lan")
        assert lan and lan["url"] == f"http://192.0.2.10:{server.port}/?token={server.token}" and lan["qr"]["size"] >= 21
        assert page.page.is_visible("#lan-qr")
        assert page.page.get_attribute("#lan-qr-path", "d") == lan["qr"]["path"]
        assert page.page.inner_text("#lan-url") == lan["url"]
        box = page.page.locator("#lan-qr").bounding_box()
        assert box["width"] >= 100 and box["height"] >= 100
        page.page.locator("#lan").scroll_into_view_if_needed()
        page.screenshot(artifacts, "lan-qr", clip={"x": 880, "y": 0, "width": 400, "height": 800})
    finally:
        page.close()
        server.stop()
    # Loopback only: no network address to show.
    local = ServerProcess()
    local.start()
    page = Page(browser, local.base_url + "?panel=open", context=DESKTOP)
    try:
        assert page.js("() => window.__touchbridge.welcome.lan") is None
        assert not page.page.is_visible("#lan")
    finally:
        page.close()
        local.stop()


def test_png_icons(server):
    for path, size in [("icon-32.png", 32), ("apple-touch-icon.png", 180)]:
        with urllib.request.urlopen(server + path) as response:
            body = response.read()
            assert response.headers["Content-Type"] == "image/png"
        assert body[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(body[16:20], "big") == size and int.from_bytes(body[20:24], "big") == size
    with urllib.request.urlopen(server) as response:
        html = response.read().decode()
    assert '<link rel="apple-touch-icon" href="apple-touch-icon.png" sizes="180x180">' in html
    assert '<link rel="icon" href="icon-32.png" type="image/png" sizes="32x32">' in html
