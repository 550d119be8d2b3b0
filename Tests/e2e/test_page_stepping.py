"""Stepping through a session in the page (issue 15 item 6), in real Chromium at phone, landscape phone,
tablet and desktop sizes: pause a live gesture and step back with the keyboard, the scene, the fingers and
the inspector showing that frame; open a recording from the server's list or by dropping the file, then
scrub it; observers follow. Screenshots go to Tests/e2e/artifacts/stepping-*.png.
"""

from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from test_page import PHONE, pages  # noqa: F401  (pages is a fixture)
from test_recordings_durable import wait_closed_files
from test_stepping import record_pinch, sharing_recordings
from test_sheet import DESKTOP, LANDSCAPE, TABLET

SIZES = {"phone": PHONE, "landscape": LANDSCAPE, "tablet": TABLET, "desktop": DESKTOP}
MOVES = 8
DX = 12


def drag(page, start: tuple[float, float]):
    """One finger drags the image MOVES × DX to the right, one message per move (the pan)."""
    x, y = start
    if page.context_options.get("has_touch"):
        page.touch("touchStart", [(0, x, y)])
        for i in range(1, MOVES + 1):
            time.sleep(0.06)
            page.touch("touchMove", [(0, x + DX * i, y)])
        time.sleep(0.06)
        page.touch("touchEnd", [])
    else:
        mouse = page.page.mouse
        mouse.move(x, y)
        mouse.down()
        for i in range(1, MOVES + 1):
            time.sleep(0.06)
            mouse.move(x + DX * i, y)
        time.sleep(0.06)
        mouse.up()


def texts(page) -> list[str]:
    return page.js("() => window.__touchbridge.log.filter(e => !e.marker).map(e => e.text)")


def stepping(page) -> dict:
    return page.js("() => window.__touchbridge.stepping")


def open_page(pages, url: str, context: dict):
    page = pages(url, context=context, panel="open")
    page.context_options = context
    return page


@pytest.mark.parametrize("size", SIZES)
def test_pause_a_live_gesture_and_step_back_three_frames(server, pages, artifacts, size):
    context = SIZES[size]
    page = open_page(pages, server + "?scene=transform-image", context)
    image = page.rect("image")
    stage = page.js("() => document.querySelector('#stage').getBoundingClientRect().toJSON()")
    since = page.log_length()
    drag(page, (image["cx"], image["cy"]))
    page.wait_transition("pan", "ended", since)
    live_tree = page.js("() => window.__touchbridge.tree()")
    live_log = texts(page)
    live_pan = page.js("() => window.__touchbridge.recognizers().pan.state")

    page.page.click("#step-pause")
    page.wait("(tb) => tb.stepping.active && tb.stepping.frames > 0 && tb.stepping.frame === tb.stepping.frames - 1")
    last = stepping(page)["frame"]
    assert page.js("() => window.__touchbridge.tree()") == live_tree, "the last frame is the live state"
    # ... after the pause's interruption (the app resigned active, docs/protocol.md §4.12): its notes end the log.
    shown_last = texts(page)
    assert shown_last[:len(live_log)] == live_log, shown_last
    assert "note: application will resign active: the system cancels every touch" in shown_last[len(live_log):], shown_last
    assert page.page.is_visible("#stepbar")

    for _ in range(3):
        page.page.keyboard.press("ArrowLeft")
    page.wait("(tb, n) => tb.stepping.frame === n", last - 3)
    # Each input message is a frame, then the interruption: frame last-3 is the state after the third
    # message from the end (a move; moves the page sent together in one message are one frame).
    fingers = page.js("() => window.__touchbridge.fingers()")
    sent = page.js("() => window.__touchbridge.recentInputs.slice(-3)[0].pointers.at(-1)")
    assert sent["phase"] == "move" and len(fingers) == 1, (sent, fingers)
    assert (round(fingers[0]["x"], 1), round(fingers[0]["y"], 1)) == (round(sent["x"], 1), round(sent["y"], 1)), (fingers, sent)
    assert fingers[0]["x"] < image["cx"] - stage["x"] + DX * MOVES, "short of where the drag ended"
    assert page.js("() => window.__touchbridge.recognizers().pan.state") == "changed"
    shown = texts(page)
    assert shown == live_log[:len(shown)] and len(shown) < len(live_log), "the log up to that frame"
    assert page.page.inner_text("#step-where").startswith(f"frame {last - 3} / {last}")
    earlier = page.js("() => window.__touchbridge.tree()")
    assert earlier != live_tree, "the image is where it was three frames earlier"
    page.screenshot(artifacts, f"stepping-{size}")

    page.page.keyboard.press("End")
    page.wait("(tb, n) => tb.stepping.frame === n", last)
    assert page.js("() => window.__touchbridge.tree()") == live_tree
    assert page.js("() => window.__touchbridge.recognizers().pan.state") == live_pan

    page.page.click("#step-live")
    page.wait("(tb) => !tb.stepping.active")
    assert not page.page.is_visible("#stepbar")
    page.wait("(tb, tree) => JSON.stringify(tb.tree()) === JSON.stringify(tree)", live_tree)
    since = page.log_length()
    page.tap(image["cx"] + DX * MOVES, image["cy"]) if context.get("has_touch") else page.page.mouse.click(image["cx"] + DX * MOVES, image["cy"])
    page.wait("(tb, since) => tb.log.slice(since).some(e => e.kind === 'hitTest')", since)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_open_a_recording_from_the_list_or_by_dropping_it_and_scrub(pages, artifacts, tmp_path, size):
    recordings = tmp_path / "recordings"
    server = sharing_recordings(tmp_path, recordings)
    server.start()
    try:
        # Playwright's loop runs in this thread (conftest): the recording client gets its own.
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, record_pinch(server.ws_url)).result(timeout=30)
        file = wait_closed_files(recordings, 1)[0]
        page = open_page(pages, server.base_url + "?scene=tap-recognition", SIZES[size])
        page.wait("(tb, name) => [...document.querySelectorAll('#step-recordings option')].some(o => o.value === name)", file.name)
        page.page.select_option("#step-recordings", file.name)
        page.wait("(tb) => tb.stepping.active && tb.stepping.source === 'recording' && tb.scene === 'transform-image'")
        assert stepping(page)["frame"] == 0 and stepping(page)["frames"] == 6
        assert page.js("() => window.__touchbridge.fingers()") == []

        # Scrub: the slider to frame 3 (seq 3 of the pinch: fingers at 110 and 290).
        page.page.locator("#step-slider").fill("3")
        page.wait("(tb) => tb.stepping.frame === 3")
        fingers = sorted((f["x"], f["y"]) for f in page.js("() => window.__touchbridge.fingers()"))
        assert fingers == [(110, 400), (290, 400)]
        assert page.js("() => window.__touchbridge.recognizers().pinch.state") == "changed"
        assert "16.0 ms" in page.page.inner_text("#step-where") or "32.0 ms" in page.page.inner_text("#step-where")
        page.screenshot(artifacts, f"stepping-recording-{size}")

        # The same file dropped on the page opens it again (uploaded: the server needs no --record for it).
        text = file.read_text()
        page.js("""(text) => {
            const data = new DataTransfer();
            data.items.add(new File([text], 'dropped.jsonl', { type: 'application/x-ndjson' }));
            document.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        }""", text)
        page.wait("(tb) => tb.stepping.name === 'dropped.jsonl' && tb.stepping.frame === 0")
        page.page.keyboard.press("End")
        page.wait("(tb) => tb.stepping.frame === 5")
        assert page.js("() => window.__touchbridge.fingers()") == []
        assert page.js("() => window.__touchbridge.log.some(e => e.recognizer === 'pinch' && e.to === 'ended')")

        # Not a recording: a clear message, and the page stays where it was.
        page.js("""() => {
            const data = new DataTransfer();
            data.items.add(new File(['hello\\n'], 'notes.txt'));
            document.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        }""")
        page.wait("(tb) => tb.errors.some(e => e.code === 'not-a-recording')")
        assert page.page.is_visible("#banner") and "not-a-recording" in page.page.inner_text("#banner-text")
        assert stepping(page)["frame"] == 5
    finally:
        server.stop()


def test_an_observer_page_follows_the_steps(server, pages, artifacts):
    device = open_page(pages, server + "?scene=transform-image", DESKTOP)
    session = device.js("() => window.__touchbridge.session")
    watcher = pages(server + f"?watch={session}", context=DESKTOP, panel="open")
    image = device.rect("image")
    since = device.log_length()
    device.context_options = DESKTOP
    drag(device, (image["cx"], image["cy"]))
    device.wait_transition("pan", "ended", since)
    device.page.click("#step-pause")
    # Pausing opens at the last frame once its `step` has come (the `stepping` before it has no frame yet).
    device.wait("(tb) => tb.stepping.active && tb.stepping.frames > 0 && tb.stepping.frame === tb.stepping.frames - 1")
    last = stepping(device)["frame"]
    device.page.keyboard.press("ArrowLeft")
    device.page.keyboard.press("ArrowLeft")
    device.wait("(tb, n) => tb.stepping.frame === n", last - 2)
    watcher.wait("(tb, n) => tb.stepping.active && tb.stepping.frame === n", last - 2)
    assert watcher.js("() => window.__touchbridge.fingers()") == device.js("() => window.__touchbridge.fingers()")
    assert watcher.js("() => window.__touchbridge.tree()") == device.js("() => window.__touchbridge.tree()")
    assert watcher.js("() => window.__touchbridge.recognizers().pan.state") == "changed"
    assert not watcher.page.is_visible("#step-back"), "observers watch, they do not steer"
    watcher.screenshot(artifacts, "stepping-observer")
    device.page.click("#step-live")
    watcher.wait("(tb) => !tb.stepping.active")


def test_a_step_refused_as_rate_limited_is_asked_again(browser, server):
    # Right after a long replay the connection is over its engine share; the server then answers a step
    # `rate-limited` with retryAfterMs. The socket is routed so that the first step gets that answer.
    context = browser.new_context(bypass_csp=True, **DESKTOP)
    refused = []

    def route(ws):
        upstream = ws.connect_to_server()

        def from_page(message):
            if json.loads(message).get("type") == "step" and not refused:
                refused.append(message)
                ws.send(json.dumps({"type": "error", "code": "rate-limited", "message": "over this connection's share",
                                    "retryAfterMs": 300}))
                return
            upstream.send(message)

        ws.on_message(from_page)
        upstream.on_message(lambda message: ws.send(message))

    try:
        tab = context.new_page()
        tab.route_web_socket("**/ws*", route)
        tab.goto(server + "?scene=tap-recognition&panel=open")
        tab.wait_for_function("() => window.__touchbridge && window.__touchbridge.state === 'joined'")
        tab.mouse.click(200, 400)
        tab.wait_for_function("() => window.__touchbridge.log.some(e => e.kind === 'hitTest')")
        tab.click("#step-pause")
        # `stepping` comes before the `step` of the last frame: wait for both, or `frame` is still 0.
        tab.wait_for_function("() => { const s = window.__touchbridge.stepping; return s.active && s.frames > 1 && s.frame === s.frames - 1 }")
        last = tab.evaluate("() => window.__touchbridge.stepping.frame")
        tab.keyboard.press("ArrowLeft")
        tab.wait_for_function("(n) => window.__touchbridge.stepping.frame === n", arg=last - 1)
        assert len(refused) == 1
        assert tab.evaluate("() => window.__touchbridge.sent.step") == 2, "asked once, refused, asked again"
    finally:
        context.close()


def test_a_reconnect_while_paused_comes_back_live(server, pages):
    # The server forgets a pause with its connection: the page must not stay frozen on the old timeline.
    page = open_page(pages, server + "?scene=transform-image", DESKTOP)
    page.page.click("#step-pause")
    page.wait("(tb) => tb.stepping.active")
    connects = page.js("() => window.__touchbridge.connects")
    page.js("() => window.__touchbridge.reconnect()")
    page.wait("(tb, n) => tb.connects > n && tb.state === 'joined' && !tb.stepping.active", connects)
    assert not page.page.is_visible("#stepbar")
    image = page.rect("image")
    since = page.log_length()
    page.page.mouse.click(image["cx"], image["cy"])
    page.wait("(tb, since) => tb.log.slice(since).some(e => e.kind === 'hitTest')", since)
