"""Pausing in the middle of a gesture in the page (issue 24 item 1), in real Chromium at 390×844 with real
multi-touch: hold a pinch, tap "Pause and step", lift the fingers, tap "Live" — the pause cancelled the pinch
(the app resigned active, UIKIT-CANCEL-STAYS-OVER), nothing is stuck, and the next pinch works. One finger
still down at "Live" delivers nothing until it lifts, and an observer sees the same.
"""

from __future__ import annotations

import time

from test_page import PHONE, pages, pinch  # noqa: F401  (pages is a fixture)
from test_sheet import DESKTOP


def transitions(page, recognizer: str, since: int) -> list[str]:
    return page.js("([r, since]) => window.__touchbridge.log.slice(since).filter(e => e.kind === 'transition' && e.recognizer === r)"
                   ".map(e => e.to)", [recognizer, since])


def pause(page):
    page.page.click("#step-pause")
    page.wait("(tb) => tb.stepping.active && tb.stepping.frames > 0 && tb.stepping.frame === tb.stepping.frames - 1")


def resume(page):
    page.page.click("#step-live")
    page.wait("(tb) => !tb.stepping.active")


# Pins UIKIT-CANCEL-STAYS-OVER.
def test_a_pinch_held_across_pause_and_live_is_cancelled_and_the_next_pinch_works(server, pages, artifacts):
    page = pages(server + "?scene=transform-image", context=PHONE, panel="open")
    image = page.rect("image")
    cx, cy = image["cx"], image["cy"]
    since = page.log_length()
    pinch(page, cx, cy, 90, 150, steps=10, lift=False)
    page.wait_transition("pinch", "changed", since)
    assert len(page.js("() => window.__touchbridge.serverPointers")) == 2

    pause(page)
    page.touch("touchEnd", [])  # the fingers lift while paused
    time.sleep(0.2)
    resume(page)
    page.wait("(tb) => tb.recognizers().pinch.state === 'possible'")
    cancelled = transitions(page, "pinch", since)
    assert cancelled[-2:] == ["cancelled", "possible"] and "ended" not in cancelled, cancelled
    assert "rotation" not in page.js("() => Object.entries(window.__touchbridge.recognizers())"
                                     ".filter(([, r]) => r.state !== 'possible').map(([k]) => k)")
    texts = page.js("() => window.__touchbridge.log.map(e => e.text)")
    assert any("application will resign active" in t for t in texts) and any("application did become active" in t for t in texts)
    assert not [e for e in page.js("() => window.__touchbridge.errors") if e["code"] == "paused"], "the lift was not sent while paused"
    page.screenshot(artifacts, "pause-mid-pinch-phone")

    # Pinch again: recognized from the start, ended, and the server holds no finger afterwards.
    before = page.js("() => window.__touchbridge.mirror.byName('image').props.transform")
    again = page.log_length()
    pinch(page, cx, cy, 90, 150, steps=10)
    page.wait_transition("pinch", "ended", again)
    assert transitions(page, "pinch", again)[0] == "began"
    page.wait("(tb) => tb.serverPointers.length === 0 && tb.recognizers().pinch.state === 'possible'")
    assert page.js("() => window.__touchbridge.mirror.byName('image').props.transform") != before, "the second pinch scaled the image"


def test_one_finger_still_down_at_live_delivers_nothing_until_it_lifts_and_an_observer_sees_the_same(server, pages):
    device = pages(server + "?scene=transform-image", context=PHONE, panel="open")
    session = device.js("() => window.__touchbridge.session")
    watcher = pages(server + f"?watch={session}", context=DESKTOP)
    image = device.rect("image")
    x, y = image["cx"], image["cy"]
    since = device.log_length()
    device.touch("touchStart", [(0, x, y)])
    for i in range(1, 7):
        time.sleep(0.03)
        device.touch("touchMove", [(0, x + 8 * i, y)])
    device.wait_transition("pan", "changed", since)
    watcher.wait_transition("pan", "changed")

    pause(device)
    watcher.wait("(tb) => tb.stepping.active")
    resume(device)
    watcher.wait("(tb) => !tb.stepping.active")
    assert transitions(device, "pan", since)[-2:] == ["cancelled", "possible"]
    watcher.wait("(tb) => tb.log.some(e => e.kind === 'transition' && e.recognizer === 'pan' && e.to === 'cancelled')")

    # The finger is still down: it moves on and lifts, and nothing of it reaches the app.
    after = device.log_length()
    moved = device.sent("input")
    for i in range(1, 5):
        time.sleep(0.03)
        device.touch("touchMove", [(0, x + 48 + 8 * i, y)])
    device.touch("touchEnd", [])
    time.sleep(0.3)
    assert device.sent("input") == moved, "a finger the system cancelled sends nothing until it lifts"
    assert device.js("(since) => window.__touchbridge.log.slice(since).filter(e => e.kind === 'responder' || e.kind === 'hitTest' "
                     "|| e.kind === 'transition').length", after) == 0
    assert watcher.js("() => window.__touchbridge.fingers()") == []

    # The next drag pans from the start, on the device and for the observer.
    again = device.log_length()
    device.touch("touchStart", [(0, x, y + 40)])
    for i in range(1, 7):
        time.sleep(0.03)
        device.touch("touchMove", [(0, x - 8 * i, y + 40)])
    device.touch("touchEnd", [])
    device.wait_transition("pan", "ended", again)
    assert transitions(device, "pan", again)[0] == "began"
    watcher.wait("(tb) => tb.log.filter(e => e.kind === 'transition' && e.recognizer === 'pan' && e.to === 'ended').length >= 1")
