"""The inspector's What if… section (web/whatif.mjs, docs/whatif.md "In the page") in real Chromium, at the
sizes people use: pick a recognizer, change a property, see both timelines side by side with the flipped
rows marked, the first differing event and each changed outcome with its reason; and the flake view. The
answer fits the panel's width at every size; an observer sees the device's answer. Screenshots in
Tests/e2e/artifacts/whatif-*.png.
"""

from __future__ import annotations

import time

import pytest

from test_page import PHONE, pages  # noqa: F401  (pages is a fixture)
from test_sheet import DESKTOP, SMALL_LANDSCAPE, TABLET

PHONE_SE = {**PHONE, "viewport": {"width": 320, "height": 568}, "device_scale_factor": 2}
SIZES = [("phone-half", PHONE), ("phone-320x568", PHONE_SE), ("landscape-568x320", SMALL_LANDSCAPE), ("tablet", TABLET),
         ("desktop", DESKTOP)]

FITS = """() => { const r = document.querySelector('#whatif-result'), p = document.querySelector('#panel-body');
    return r.scrollWidth <= r.clientWidth + 1 && r.getBoundingClientRect().right <= p.getBoundingClientRect().right + 1; }"""


def single_tap_on_the_left_pane(page, wobble: float = 0):
    """A tap on singleTap's pane; with `wobble`, the finger moves that far on the way (a tap allows 45 pt)."""
    pane = page.rect("recognizers")
    since = page.log_length()
    page.touch("touchStart", [(0, pane["cx"], pane["cy"])])
    if wobble:
        time.sleep(0.02)
        page.touch("touchMove", [(0, pane["cx"] + wobble, pane["cy"])])
    time.sleep(0.05)
    page.touch("touchEnd", [])
    page.wait_transition("singleTap", "ended", since, timeout=8000)


def ask_what_if(page, recognizer: str, prop: str, value: str):
    """Fills the form (the section open) and sends the what-if."""
    open_section(page)
    page.page.select_option("#whatif-recognizer", recognizer)
    page.page.select_option("#whatif-property", prop)
    page.page.fill("#whatif-value", value)
    page.page.click("#whatif-run")


def open_section(page):
    page.page.locator("#whatif-section > summary").scroll_into_view_if_needed()
    if not page.js("() => document.querySelector('#whatif-section').open"):
        page.page.click("#whatif-section > summary")


@pytest.mark.parametrize("name,context", SIZES)
def test_a_what_if_from_the_inspector_shows_the_flipped_decisions(server, pages, artifacts, name, context):
    page = pages(server + "?scene=single-double-tap", context=context, panel="open")
    if context.get("is_mobile") and context["viewport"]["width"] < 568:
        page.wait("(tb) => tb.detent === 'half'")
    single_tap_on_the_left_pane(page)
    if name == "tablet":
        # A tap on a recognizer's row picks it for a what-if and opens the section.
        page.page.click("#recognizers li[data-name='doubleTap']")
        assert page.js("() => document.querySelector('#whatif-recognizer').value") == "doubleTap"
        assert page.js("() => document.querySelector('#whatif-section').open")
    ask_what_if(page, "doubleTap", "numberOfTapsRequired", "1")
    page.page.wait_for_selector("#whatif-result table.wi-outcomes", timeout=15000)
    rows = page.js("""() => [...document.querySelectorAll('.wi-outcomes tbody tr')].map(tr =>
        [tr.querySelector('th').textContent, tr.dataset.changed, ...[...tr.querySelectorAll('td')].map(td => td.textContent)])""")
    by_subject = {row[0]: row[1:] for row in rows}
    # One tap: as it ran the double tap failed (its interval passed) and the single tap ended; with one tap
    # required the double tap recognizes at the lift, and the single tap, waiting for it, fails.
    assert by_subject["doubleTap"] == ["true", "failed", "ended"], rows
    assert by_subject["singleTap"] == ["true", "ended", "failed"], rows
    changed = page.page.inner_text(".wi-changed")
    assert "doubleTap #1" in changed and "singleTap #1" in changed, changed
    assert page.page.inner_text(".wi-first .wi-head").startswith("First difference: event line")
    assert "outcome(s) changed" in page.page.inner_text("#whatif-status")
    assert page.js(FITS), "the answer fits the panel's width"
    page.js("() => document.querySelector('#whatif-status').scrollIntoView({ block: 'start' })")
    page.screenshot(artifacts, f"whatif-{name}")


@pytest.mark.parametrize("name,context", [("phone-half", PHONE), ("tablet", TABLET)])
def test_the_flake_view_lists_each_recognizers_distribution(server, pages, artifacts, name, context):
    page = pages(server + "?scene=single-double-tap", context=context, panel="open")
    single_tap_on_the_left_pane(page, wobble=20)
    open_section(page)
    page.page.fill("#flake-variants", "30")
    page.page.fill("#flake-ms", "8")
    # ±40 pt on every sample: in some variants the finger's 20 pt move goes past allowableMovement (45 pt).
    page.page.fill("#flake-pt", "40")
    page.page.fill("#flake-seed", "4")
    page.page.click("#flake-run")
    page.page.wait_for_selector("#whatif-result .fl-subjects", timeout=20000)
    subjects = page.js("""() => [...document.querySelectorAll('.fl-subjects > li')].map(li =>
        [li.querySelector('.fl-subject').textContent, li.querySelector('.fl-count').textContent, li.dataset.flaky])""")
    names = [s[0] for s in subjects]
    assert "singleTap" in names and "doubleTap" in names, subjects
    assert all(s[1].endswith("of 30 as it ran") for s in subjects), subjects
    assert any(s[2] == "true" for s in subjects), subjects
    why = page.page.inner_text(".fl-groups li")
    assert "became [failed]" in why and "allowableMovement" in why, why
    assert page.page.inner_text("#whatif-status").startswith("30 variants of the last gesture, seed 4")
    assert page.js(FITS), "the answer fits the panel's width"
    page.js("() => document.querySelector('#whatif-status').scrollIntoView({ block: 'start' })")
    page.screenshot(artifacts, f"whatif-flake-{name}")


def test_an_observer_sees_the_answer_and_a_refusal_shows_where_it_was_asked(server, pages, artifacts):
    device = pages(server + "?scene=single-double-tap", context=TABLET, panel="open")
    session = device.js("() => window.__touchbridge.session")
    watcher = pages(server + f"?watch={session}", context=DESKTOP, panel="open")
    # Nothing to sweep yet: the refusal shows in the section, not as a stray banner.
    open_section(device)
    device.page.click("#flake-run")
    device.page.wait_for_selector("#whatif-status[data-state='error']")
    assert "not-allowed" in device.page.inner_text("#whatif-status")
    single_tap_on_the_left_pane(device)
    ask_what_if(device, "singleTap", "enabled", "false")
    device.page.wait_for_selector("#whatif-result .wi-changed li", timeout=15000)
    # The observer has no form, and the answer opens its section.
    watcher.page.wait_for_selector("#whatif-result .wi-changed li", timeout=15000)
    assert not watcher.page.is_visible("#whatif-run")
    assert watcher.page.inner_text(".wi-changed") == device.page.inner_text(".wi-changed")
    watcher.page.locator("#whatif-result").scroll_into_view_if_needed()
    watcher.screenshot(artifacts, "whatif-observer-desktop")
