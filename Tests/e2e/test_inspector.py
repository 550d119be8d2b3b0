"""The inspector's correctness and clarity in real Chromium on a phone (web/inspector.mjs, web/legend.mjs).

The latest transition's reason, waits kept on the timeline, a log that follows new entries unless the
user scrolled back, the notation in words, every recognizer listed before the first touch, readable
instructions, WCAG AA contrast and no text under 12 CSS px.
"""

from __future__ import annotations

import time

import pytest

from test_page import PHONE, pages  # noqa: F401  (pages is a fixture)
from test_sheet import SETTLED

DESKTOP = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1, "is_mobile": False, "has_touch": False}


def visible_centre(page, view: str) -> tuple[float, float]:
    """The centre of the part of a view that is on the scene surface (not under the sheet)."""
    r = page.rect(view)
    stage = page.js("() => { const s = document.querySelector('#stage').getBoundingClientRect(); return [s.top, s.bottom]; }")
    top, bottom = max(r["y"], stage[0]), min(r["y"] + r["height"], stage[1])
    assert bottom - top > 20, (view, r, stage)
    return r["cx"], (top + bottom) / 2


def reason_text(page, recognizer: str) -> str:
    return page.page.inner_text(f"#recognizers li[data-name='{recognizer}'] .reason")


def test_the_reason_shown_is_the_latest_transitions(server, pages, artifacts):
    page = pages(server + "?scene=tap-recognition", panel="open")
    # Two fingers: the one-finger tap fails, with its reason in red.
    since = page.log_length()
    page.touch("touchStart", [(0, 120, 200), (1, 220, 200)])
    time.sleep(0.05)
    page.touch("touchEnd", [])
    page.wait_transition("tap", "failed", since)
    page.wait("(tb) => (tb.recognizers().tap.failure || '').startsWith('failed')")
    assert "numberOfTouchesRequired" in reason_text(page, "tap")
    # One finger: a discrete recognizer goes possible→ended without began. The old failure must go.
    since = page.log_length()
    page.tap(160, 300)
    page.wait_transition("tap", "ended", since)
    page.wait("(tb) => tb.recognizers().tap.failure === null")
    assert "failed" not in reason_text(page, "tap")
    assert page.page.get_attribute("#recognizers li[data-name='tap']", "data-state") in ("ended", "possible")
    page.screenshot(artifacts, "inspector-latest-reason", scale="css")


def test_waits_stay_on_the_timeline_after_they_end(server, pages, artifacts):
    page = pages(server + "?scene=single-double-tap", context=DESKTOP, panel="open")
    pane = page.rect("recognizers")
    since = page.log_length()
    page.page.mouse.click(pane["cx"], pane["cy"])
    # singleTap waits for doubleTap to fail (require(toFail:)), then recognizes.
    page.wait_transition("doubleTap", "failed", since)
    page.wait_transition("singleTap", "ended", since)
    waits = page.js("() => window.__touchbridge.recognizers().singleTap.waits")
    assert len(waits) == 1 and waits[0]["to"] is not None and waits[0]["to"] > waits[0]["from"], waits
    # The span is drawn: the timeline has the waiting colour along its bottom edge after the wait ended.
    page.wait("""() => {
        const c = document.querySelector("#recognizers li[data-name='singleTap'] canvas");
        const ctx = c.getContext('2d');
        const d = ctx.getImageData(0, c.height - 3, c.width, 1).data;
        for (let i = 0; i < d.length; i += 4) if (d[i] > 200 && d[i + 1] > 150 && d[i + 2] < 80 && d[i + 3] > 200) return true;
        return false;
    }""")
    assert page.js("() => window.__touchbridge.recognizers().singleTap.waiting") is None
    page.screenshot(artifacts, "inspector-wait-span", clip={"x": 880, "y": 150, "width": 400, "height": 300})


def log_at_end(page) -> bool:
    return page.js("() => { const l = document.querySelector('#log'); return l.scrollHeight > l.clientHeight && "
                   "l.scrollTop + l.clientHeight >= l.scrollHeight - 2; }")


def drags(page, count: int, x: float = 200, y: float = 150):
    for n in range(count):
        page.touch("touchStart", [(0, x, y + 10 * n)])
        for i in range(1, 7):
            page.touch("touchMove", [(0, x + 15 * i, y + 10 * n + 8 * i)])
            time.sleep(0.016)
        page.touch("touchEnd", [])


def test_the_log_follows_new_entries_unless_scrolled_back(server, pages, artifacts):
    page = pages(server + "?scene=image-translation", panel="open")
    page.page.eval_on_selector("#log", "l => l.scrollIntoView({block: 'end'})")
    drags(page, 6)
    page.wait("(tb) => tb.log.filter(e => e.method === 'touchesEnded' || (e.kind === 'transition' && e.to === 'ended')).length >= 6")
    page.wait("() => { const l = document.querySelector('#log'); return l.scrollTop + l.clientHeight >= l.scrollHeight - 2; }")
    assert log_at_end(page)
    # The newest row is inside the log's visible box.
    assert page.js("() => { const l = document.querySelector('#log'), r = l.lastElementChild.getBoundingClientRect(), b = l.getBoundingClientRect(); "
                   "return r.bottom <= b.bottom + 1 && r.top >= b.top - 1; }")
    page.screenshot(artifacts, "inspector-log-following", scale="css")
    # Another layout (rotating to landscape: a side panel) keeps following.
    page.page.set_viewport_size({"width": 844, "height": 390})
    page.wait("(tb) => tb.panelMode === 'side'")
    drags(page, 1, 100, 100)
    page.wait("() => { const l = document.querySelector('#log'); return l.scrollTop + l.clientHeight >= l.scrollHeight - 2; }")
    page.page.set_viewport_size({"width": 390, "height": 844})
    page.wait("(tb) => tb.panelMode === 'sheet'")
    page.wait(SETTLED)
    page.page.eval_on_selector("#log", "l => l.scrollIntoView({block: 'end'})")
    page.wait("() => { const l = document.querySelector('#log'); return l.scrollTop + l.clientHeight >= l.scrollHeight - 2; }")
    # The user scrolls back (a finger drags the log's content down): it stays put while entries arrive.
    box = page.js("() => { const b = document.querySelector('#log').getBoundingClientRect(); return [b.x + b.width / 2, b.y + 20, b.bottom - 20]; }")
    page.touch("touchStart", [(0, box[0], box[1])])
    for i in range(1, 9):
        page.touch("touchMove", [(0, box[0], box[1] + (box[2] - box[1]) * i / 8)])
        time.sleep(0.016)
    page.touch("touchEnd", [])
    page.wait("(tb) => !tb.logFollowing")
    top = page.js("() => document.querySelector('#log').scrollTop")
    count = page.log_length()
    drags(page, 2)
    page.wait("(tb, n) => tb.log.length > n + 5", count)
    assert page.js("() => document.querySelector('#log').scrollTop") == top
    assert page.page.is_visible("#log-latest")
    # "Newest entries" follows again.
    page.page.click("#log-latest")
    assert log_at_end(page) and page.js("() => window.__touchbridge.logFollowing")


def test_a_tapped_entry_reads_in_words(server, pages, artifacts):
    page = pages(server + "?scene=single-double-tap&clock=manual", panel="open")
    x, y = visible_centre(page, "tapCount")
    since = page.log_length()
    page.double_tap(x, y)
    page.wait("(tb, since) => tb.log.slice(since).some(e => e.kind === 'responder' && e.method === 'touchesBegan' && e.touches[0].tapCount === 2)", since)
    index = page.js("(since) => window.__touchbridge.log.findIndex((e, i) => i >= since && e.kind === 'responder' && e.method === 'touchesBegan' "
                    "&& e.responder === 'tapCount' && e.touches[0].tapCount === 2)", since)
    row = page.page.locator(f"#log li[data-index='{index}']")
    assert row.inner_text().strip().endswith("tapCount.tb(2×2)")
    row.scroll_into_view_if_needed()
    row.click()
    assert page.page.inner_text("#log-explain") == "touchesBegan for touch 2 (its 2nd tap) on view tapCount."
    # The notation legend is there to read.
    page.page.click("#log-legend summary")
    legend = page.page.inner_text("#log-legend")
    for text in ["V.tb(4×2)", "touchesBegan", "hit(4)", "act(pan,began)"]:
        assert text in legend
    page.page.eval_on_selector("#log-legend", "e => e.scrollIntoView({block: 'end'})")
    page.screenshot(artifacts, "inspector-log-in-words", scale="css")


def test_every_recognizer_is_listed_before_the_first_touch(server, pages):
    page = pages(server + "?scene=transform-image", panel="open")
    page.wait("(tb) => Object.keys(tb.recognizers()).length === 3")
    rows = page.page.eval_on_selector_all("#recognizers li", "ls => ls.map(l => [l.dataset.name, l.dataset.state, l.querySelector('.kind').textContent])")
    assert [r[0] for r in rows] == ["pinch", "rotation", "pan"]
    assert all(r[1] == "possible" for r in rows)
    assert rows[0][2] == "UIPinchGestureRecognizer on image", rows
    assert page.log_length() == 1  # only the page's own "scene:" marker: nothing was touched
    # Another scene replaces the list; a scene without recognizers says so.
    page.switch_scene("image-translation")
    page.wait("(tb) => Object.keys(tb.recognizers()).join() === 'pan'")
    page.switch_scene("draw-lines")
    page.wait("(tb) => Object.keys(tb.recognizers()).length === 0")
    assert page.page.inner_text("#rec-empty") == "This scene has no gesture recognizers: its views handle touches themselves."


def test_instructions_are_readable_on_a_phone(server, pages):
    page = pages(server + "?scene=single-double-tap", panel="open")
    description = page.js("() => window.__touchbridge.scenes.find(s => s.name === 'single-double-tap').description")
    assert len(description) > 60
    desc = page.page.locator("#scene-desc")
    assert desc.inner_text() == description
    assert page.js("() => { const d = document.querySelector('#scene-desc'); return d.scrollWidth <= d.clientWidth && d.scrollHeight <= d.clientHeight; }")


CONTRAST = """() => {
    const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
        const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
    const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
    const background = (el) => { for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c[3] > 0.5) return c; } return [255, 255, 255, 1]; };
    const problems = [];
    let checked = 0;
    for (const el of document.querySelectorAll('#panel *, #panel-toggle, #panel-toggle *')) {
        const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
        if (!own || el.closest('[hidden], option, select') || el.matches(':disabled') || !el.getClientRects().length) continue;
        const cs = getComputedStyle(el);
        if (cs.visibility !== 'visible' || cs.display === 'none') continue;
        checked += 1;
        const size = parseFloat(cs.fontSize);
        if (size < 12) problems.push(`${el.tagName}#${el.id}.${el.className} "${el.textContent.trim().slice(0, 30)}": ${size}px`);
        const fg = parse(cs.color), bg = background(el);
        const mixed = fg.slice(0, 3).map((v, i) => v * fg[3] + bg[i] * (1 - fg[3]));
        const [a, b] = [lum(mixed), lum(bg)].sort((x, y) => y - x);
        const ratio = (a + 0.05) / (b + 0.05);
        const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
        if (ratio < (large ? 3 : 4.5)) problems.push(`${el.tagName}#${el.id}.${el.className} "${el.textContent.trim().slice(0, 30)}": contrast ${ratio.toFixed(2)}`);
    }
    return {checked, problems};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_contrast_and_text_size_on_a_phone(server, pages, scheme):
    page = pages(server + "?scene=tap-recognition", context={**PHONE, "color_scheme": scheme}, panel="open")
    # Some state to show: a failed recognizer with its reason, a hit path, log rows, every section open.
    page.touch("touchStart", [(0, 120, 200), (1, 220, 200)])
    page.touch("touchEnd", [])
    page.wait("(tb) => (tb.recognizers().tap.failure || '').startsWith('failed')")
    page.js("() => { document.querySelectorAll('#panel details').forEach(d => { d.open = true; }); }")
    page.page.click("#sheet-grab")
    page.wait("(tb) => tb.detent === 'full'")
    result = page.js(CONTRAST)
    assert result["checked"] > 40, result
    assert not result["problems"], result["problems"]


def test_the_hit_path_says_why_a_touch_went_past_an_image_view(server, pages, artifacts):
    """An image view keeps UIImageView's default (no user interaction): the inspector's hit path ends at the root and
    says which view the touch went past and why (UIKIT-HIT-INTERACTION-DEFAULTS)."""
    page = pages(server + "?scene=tap-recognition", panel="open")
    avatar = {"name": "avatar", "views": [{"id": "avatar", "kind": "image", "frame": [60, 60, 160, 160], "color": "#4a90e2"}],
              "recognizers": [{"id": "avatarTap", "kind": "tap", "view": "avatar"}]}
    page.js("(scene) => window.__touchbridge.send({type: 'scene', scene})", avatar)
    page.wait("(tb) => !!tb.mirror.byName('avatar')")
    x, y = visible_centre(page, "avatar")
    since = page.log_length()
    page.tap(x, y)
    page.wait("(tb, since) => tb.log.slice(since).some(e => e.kind === 'delivery')", since)
    assert page.page.inner_text("#hit-path").split() == ["window", "›", "root"]
    assert page.page.inner_text("#hit-note") == ("avatar: skipped by hit-testing: isUserInteractionEnabled false (UIImageView default);"
                                                 " avatarTap cannot see the touch")
    page.page.eval_on_selector("#hit-section", "e => e.scrollIntoView({block: 'center'})")
    page.screenshot(artifacts, "inspector-hit-note", scale="css")
