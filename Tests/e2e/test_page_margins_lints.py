"""Margins and lints in the page's inspector (web/margins.mjs, web/lints.mjs) in real Chromium, on a phone and on
a tablet: the scene's lints listed from the welcome before any touch, and after a tap the margin bar of the
decision that failed the double tap, under its reason. Screenshots in Tests/e2e/artifacts/.
"""

from __future__ import annotations

import pytest

from test_page import PHONE, pages  # noqa: F401  (pages is a fixture)
from test_sheet import TABLET


@pytest.mark.parametrize("name,context", [("phone", PHONE), ("tablet", TABLET)])
def test_lints_and_the_margin_bar_of_a_failed_double_tap(server, pages, artifacts, name, context):
    page = pages(server + "?scene=single-double-tap", context=context, panel="open")
    # single-double-tap's singleTap waits for doubleTap: TB-L03 says what that costs, before any touch.
    page.page.wait_for_selector("#lints li[data-id='TB-L03']")
    lint = page.page.inner_text("#lints li[data-id='TB-L03']")
    assert "failure-wait-latency" in lint and "UIKIT-RELATION-REQUIRE-FAILURE" in lint and "350 ms" in lint, lint
    assert page.page.inner_text("#lint-count") == "(1)"
    pane = page.rect("recognizers")
    since = page.log_length()
    page.tap(pane["cx"], pane["cy"])
    page.wait_transition("doubleTap", "failed", since)
    page.wait_transition("singleTap", "ended", since)
    outside = "#recognizers li[data-name='doubleTap'] .margin[data-side='outside']"
    page.page.wait_for_selector(outside)
    assert page.page.inner_text(outside) == "maximumIntervalBetweenSuccessiveTaps 350 ms (≤ 350 ms)"
    # The bar: the fill reaches the threshold's tick (measured = limit), both drawn.
    fill, tick = page.js("""(sel) => { const m = document.querySelector(sel);
        return [m.querySelector('.m-fill').getBoundingClientRect().width, m.querySelector('.m-limit').getBoundingClientRect().left
                - m.querySelector('.m-bar').getBoundingClientRect().left]; }""", outside)
    assert fill > 10 and abs(fill - tick) < 3, (fill, tick)
    inside = page.page.inner_text("#recognizers li[data-name='singleTap'] .margins")
    assert "allowableMovement 0 pt (≤ 45 pt)" in inside and "maximumTapDuration" in inside, inside
    page.page.locator("#recognizers li[data-name='doubleTap']").scroll_into_view_if_needed()
    page.screenshot(artifacts, f"margins-lints-{name}")
