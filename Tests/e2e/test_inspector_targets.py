"""The inspector's own controls on touch screens (issue 24): every one at least 44×44 pt, as iOS's touch
targets, on a phone's sheet and a tablet's side panel; with a mouse (pointer: fine) they stay compact.

Controls are what a finger can act on: buttons (the grab handle, close, Restart, Mark, Pause …), the
scene picker, the log filter, links, the sections' headings (they fold), hit-path chips and the log's
checkboxes, which are hit through their labels. Log entries are the text being read, not counted.
"""

from __future__ import annotations

from test_page import PHONE, pages  # noqa: F401  (pages is a fixture)
from test_sheet import DESKTOP, TABLET

CONTROLS = r"""
() => {
  const selector = ['#panel button', '#panel select', '#panel input:not([type=checkbox]):not([type=file])', '#panel a',
                    '#panel summary', '#panel .chip', '#panel label:has(input[type=checkbox])', '#panel-toggle'].join(', ');
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  return [...document.querySelectorAll(selector)].filter(shown).map((el) => {
    const r = el.getBoundingClientRect();
    const name = el.id ? `#${el.id}` : `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 24)}"`;
    return { name, width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 };
  });
}
"""


def small(controls: list[dict]) -> list[str]:
    return [f"{c['name']} {c['width']}×{c['height']}" for c in controls if c["width"] < 43.5 or c["height"] < 43.5]


def open_with_hit_path(pages, server: str, context: dict):
    """The inspector open on tap-recognition, after a tap on the image (so the hit path has chips)."""
    page = pages(server + "?scene=tap-recognition", context=context, panel="open")
    page.wait("(tb) => tb.overlayIdle")
    image = page.rect("image")
    if context.get("has_touch"):
        page.tap(image["cx"], image["cy"])
    else:
        page.page.mouse.click(image["cx"], image["cy"])
    page.wait("() => document.querySelectorAll('#hit-path .chip').length > 1")
    return page


def test_every_inspector_control_is_a_44_pt_target_on_touch_screens(server, pages):
    # A phone: the sheet at its full detent (all of it on screen), then closed (the tab bar).
    page = open_with_hit_path(pages, server, PHONE)
    assert page.js("() => matchMedia('(pointer: coarse)').matches")
    page.js("() => window.__touchbridge.setDetent('full')")
    page.wait("(tb) => tb.detent === 'full'")
    controls = page.js(CONTROLS)
    names = {c["name"] for c in controls}
    assert {"#panel-close", "#sheet-grab", "#restart", "#mark", "#step-pause", "#scene-picker", "#watch-link"} <= names, names
    assert sum(c["name"].startswith("label") for c in controls) == 9 and sum(c["name"].startswith("summary") for c in controls) >= 5
    assert len(controls) > 30, len(controls)
    assert small(controls) == [], small(controls)
    page.js("() => window.__touchbridge.setPanel(false)")
    page.wait("(tb) => !tb.panelOpen")
    assert small(page.js(CONTROLS)) == []
    # A tablet: the side panel.
    page = open_with_hit_path(pages, server, TABLET)
    controls = page.js(CONTROLS)
    assert len(controls) > 30 and small(controls) == [], small(controls)


def test_with_a_mouse_the_inspector_stays_compact(server, pages):
    page = open_with_hit_path(pages, server, DESKTOP)
    assert not page.js("() => matchMedia('(pointer: coarse)').matches")
    assert len(small(page.js(CONTROLS))) > 10
