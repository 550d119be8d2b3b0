"""The inspector's "Copy as test" (issue 28 §1), in real Chromium at phone and tablet sizes: after a drag, one
press pauses the session and puts it on the clipboard as a Swift test; where the page may not write the
clipboard the test shows in a dialog, selected, to copy by hand. Screenshots go to
Tests/e2e/artifacts/copy-as-test-*.png."""

from __future__ import annotations

import pytest

from test_page import pages  # noqa: F401  (pages is a fixture)
from test_page_stepping import SIZES, drag, open_page

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
