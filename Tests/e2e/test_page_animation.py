"""The page interpolates UIView animations from the `animations` render property: move-me's placard
moves under the finger over 0.25 s (model value at once, drawn on its way), in headless Chromium.
The page's engine clock is frozen mid-animation so the screenshot is exact; a second test lets the
page's clock run and watches the drawn value move from frame to frame."""

from __future__ import annotations

from test_page import Pixels, close_to, pages  # noqa: F401  (pages is a fixture)

YELLOW = (255, 204, 0)


def test_the_page_draws_the_placard_on_its_way(server, pages, artifacts):
    # The manual clock: the server's animation lasts until the page sends a later time, so the
    # frozen frame below cannot race the server ending it.
    page = pages(server + "?scene=move-me&clock=manual")
    page.wait("(tb) => tb.overlayIdle")
    start = page.rect("placard")
    cx, cy = start["cx"], start["cy"]
    page.touch("touchStart", [(0, cx + 60, cy + 30)])
    page.wait("(tb) => (tb.mirror.byName('placard').props.animations || []).some(a => a.property === 'center')")
    props = page.props("placard")
    move = next(a for a in props["animations"] if a["property"] == "center")
    assert move["duration"] == 250 and move["curve"] == "easeInOut"
    # The model is under the finger at once …
    model = props["center"]
    assert [round(v) for v in model] == [round(v) for v in move["to"]]
    # … and the page draws it half way at half time (ease-in-out is symmetric).
    page.js("(t) => window.__touchbridge.freezeEngineTime(t)", move["begin"] + 125)
    drawn = page.js("() => window.__touchbridge.presentedProps('placard').center")
    halfway = [(f + t) / 2 for f, t in zip(move["from"], move["to"])]
    assert all(abs(d - h) < 0.01 for d, h in zip(drawn, halfway)), (drawn, halfway)
    page.js("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    pixels = Pixels(page.screenshot(artifacts, "move-me-mid-animation", scale="css"))
    # Left of the model placard but inside the drawn one: yellow; the model's right end (outlined by
    # the page's hit-view highlight, which follows the model as hit-testing does): no placard.
    stage = page.js("() => { const r = document.querySelector('#stage').getBoundingClientRect(); return [r.left, r.top]; }")
    # (The placard is 220 pt wide, drawn at about 1.01× then and 1.1× in the model.)
    left = (stage[0] + halfway[0] - 102, stage[1] + halfway[1])
    right = (stage[0] + model[0] + 110, stage[1] + model[1])
    assert close_to(pixels.at(*left), YELLOW), f"drawn placard at {left}: {pixels.at(*left)}"
    assert not close_to(pixels.at(*right), YELLOW, tolerance=40), f"model-only area at {right}: {pixels.at(*right)}"
    assert min(pixels.at(*right)) > 200, f"model-only area at {right} is light: {pixels.at(*right)}"
    # Followed again, the animation ends where the model is.
    page.js("() => window.__touchbridge.freezeEngineTime(null)")
    page.js("(t) => window.__touchbridge.freezeEngineTime(t)", move["begin"] + 400)
    end = page.js("() => window.__touchbridge.presentedProps('placard').center")
    assert all(abs(e - m) < 0.01 for e, m in zip(end, model))
    page.touch("touchEnd", [])


def test_the_drawn_value_moves_between_frames(server, pages):
    # The manual clock keeps the server's animation in the render (nothing ends it until the page
    # sends a later time), while the page's own engine clock runs: frames show the value moving.
    page = pages(server + "?scene=move-me&clock=manual")
    page.wait("(tb) => tb.overlayIdle")
    inside, seen = [], 0
    # A starved browser may draw no frame within the 250 ms move; then the gesture is tried again.
    for _attempt in range(5):
        start = page.rect("placard")
        page.touch("touchStart", [(0, start["cx"] + 60, start["cy"] + 30)])
        page.wait("(tb, seen) => (tb.mirror.byName('placard').props.animations || []).some(a => a.property === 'center' && a.id > seen)",
                  seen)
        samples = page.js("""(seen) => new Promise((resolve) => {
            const tb = window.__touchbridge, out = [];
            const a = tb.mirror.byName('placard').props.animations.find((x) => x.property === 'center' && x.id > seen);
            const step = () => {
                out.push([tb.engineNow() - a.begin, tb.presentedProps('placard').center[0], a.from[0], a.to[0], a.id]);
                if (tb.engineNow() < a.begin + a.duration && out.length < 1000) requestAnimationFrame(step); else resolve(out);
            };
            requestAnimationFrame(step);
        })""", seen)
        page.touch("touchEnd", [])
        for _elapsed, x, frm, to, _id in samples:
            assert min(frm, to) - 0.01 <= x <= max(frm, to) + 0.01, "drawn between the old and the new value"
        xs = [s[1] for s in samples]
        assert xs == sorted(xs), "the drawn x only moves towards the finger"
        inside = [s[1] for s in samples if 0 < s[0] < 250]
        if len(inside) >= 2:
            break
        # Let the spring back to the centre finish on the page's clock, so the next touch (stamped
        # later) finds interaction on again.
        page.wait("(tb) => (tb.mirror.byName('placard').props.animations || []).some(a => a.duration === 500) && "
                  "tb.mirror.byName('placard').props.animations.every(a => tb.engineNow() > a.begin + a.duration + 50)",
                  timeout=10000)
        seen = page.js("() => Math.max(0, ...window.__touchbridge.mirror.byName('placard').props.animations.map(a => a.id))")
    assert len(inside) >= 2, "no two frames were drawn during the move in 5 attempts"
    assert inside[-1] > inside[0], "it moved between frames"
