"""The inspector's "Copy as test" (issue 28 §1), in real Chromium at phone and tablet sizes: after a drag, one
press pauses the session and puts it on the clipboard as a Swift test; where the page may not write the
clipboard the test shows in a dialog, selected, to copy by hand. The dialog path — a phone reaching the server
over plain http — also in WebKit (the iPhone's engine) at phone size and Firefox at tablet size (engines.py).
Screenshots go to Tests/e2e/artifacts/copy-as-test-*.png."""

from __future__ import annotations

import pytest

from test_page import pages  # noqa: F401  (pages is a fixture)
from test_page_engines import engine, view_rect, wait_transition, log_length  # noqa: F401  (engine is a fixture)
from test_page_stepping import SIZES, drag, open_page

# Selenium's own WebKitGTK driver class still uses an API Selenium deprecated.
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")

STATUS = "() => document.querySelector('#export-status').textContent"


def dragged(pages, server, context):
    page = open_page(pages, server + "?scene=transform-image", context)
    image = page.rect("image")
    since = page.log_length()
    drag(page, (image["cx"], image["cy"]))
    page.wait_transition("pan", "ended", since)
    return page


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_copy_as_test_pauses_the_session_and_copies_it_as_a_swift_test(server, pages, artifacts, size):
    page = dragged(pages, server, {**SIZES[size], "permissions": ["clipboard-read", "clipboard-write"]})
    page.page.select_option("#export-format", "swift")
    page.page.click("#export-test")
    page.wait("(tb) => tb.stepping.active && tb.stepping.source === 'live'")
    page.page.wait_for_function(f"() => ({STATUS})().startsWith('Copied')")
    status = page.js(STATUS)
    last = page.js("() => window.__touchbridge.stepping.frames - 1")
    assert status.startswith(f"Copied the Swift test up to frame {last} ("), status
    copied = page.js("() => navigator.clipboard.readText()")
    assert 'static let scene: SceneRequest = .named("transform-image")' in copied, copied[:400]
    assert '.transition("pan", to: .began, from: .possible)' in copied and '.transition("pan", to: .ended, from: .changed)' in copied
    assert not page.page.is_visible("#export-dialog")
    page.page.locator("#export-test").scroll_into_view_if_needed()
    page.screenshot(artifacts, f"copy-as-test-{size}")


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_without_a_clipboard_the_test_is_shown_selected_in_a_dialog(server, pages, artifacts, size):
    page = dragged(pages, server, SIZES[size])
    # As on a phone reaching the server over plain http: no secure context, no navigator.clipboard.
    page.js("() => Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })")
    page.page.select_option("#export-format", "pytest")
    page.page.click("#export-test")
    page.page.wait_for_selector("#export-dialog[open]")
    text = page.js("() => document.querySelector('#export-text').value")
    assert 'tb.Transition("pan", from_="possible", to="began")' in text and "def test_transform_image_session():" in text, text[:400]
    selected = page.js("() => { const t = document.querySelector('#export-text'); return [t.selectionStart, t.selectionEnd]; }")
    assert selected == [0, len(text)], selected
    assert page.js(STATUS).startswith("The pytest test up to frame"), page.js(STATUS)
    box = page.js("() => document.querySelector('#export-dialog').getBoundingClientRect().toJSON()")
    width, height = SIZES[size]["viewport"]["width"], SIZES[size]["viewport"]["height"]
    assert box["x"] >= 0 and box["y"] >= 0 and box["right"] <= width and box["bottom"] <= height, (box, width, height)
    page.screenshot(artifacts, f"copy-as-test-dialog-{size}")
    page.page.click("#export-close")
    page.page.wait_for_selector("#export-dialog", state="hidden")


@pytest.mark.parametrize(("engine", "size"), [("webkit", (390, 844)), ("firefox", (768, 1024))],
                         ids=["webkit-phone", "firefox-tablet"], indirect=["engine"])
def test_copy_as_test_in_webkit_and_firefox_shows_the_swift_test_in_the_dialog(engine, server, artifacts, size):
    engine.open(server + "?scene=transform-image&panel=open", *size)
    image = view_rect(engine, "image")
    since = log_length(engine)
    engine.gesture([[(image["cx"] + 12 * i, image["cy"]) for i in range(9)]], step_pause=0.06)
    wait_transition(engine, "pan", "ended", since)
    engine.js("Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true }); "
              "const format = document.querySelector('#export-format'); format.value = 'swift'; "
              "format.dispatchEvent(new Event('change', { bubbles: true }));")
    engine.click("#export-test")
    engine.wait("return document.querySelector('#export-dialog').open", what="the export dialog")
    assert engine.js("const s = window.__touchbridge.stepping; return s.active && s.source === 'live'"), "the session is paused"
    text = engine.js("return document.querySelector('#export-text').value")
    assert 'static let scene: SceneRequest = .named("transform-image")' in text, text[:400]
    assert '.transition("pan", to: .began, from: .possible)' in text and '.transition("pan", to: .ended, from: .changed)' in text
    selected = engine.js("const t = document.querySelector('#export-text'); return [t.selectionStart, t.selectionEnd]")
    assert selected == [0, len(text)], selected
    box = engine.js("return document.querySelector('#export-dialog').getBoundingClientRect().toJSON()")
    assert box["x"] >= 0 and box["y"] >= 0 and box["right"] <= size[0] and box["bottom"] <= size[1], (box, size)
    engine.screenshot(artifacts / f"copy-as-test-dialog-{engine.engine}-{size[0]}x{size[1]}.png")
    engine.click("#export-close")
    engine.wait("return !document.querySelector('#export-dialog').open", what="the dialog closed")
    assert engine.js("return window.__touchbridge.pageErrors") == []
