"""The page draws a Core Animation animation of a view's layer (UIKIT-CA-EXPLICIT): a ``layerAnimation`` action moves
move-me's placard's layer from 100 pt left and 150 pt below back to its model position; with the page's engine clock
frozen half way, the screenshot shows the placard half way — where neither the model nor the start is."""

from __future__ import annotations

from test_page import Pixels, close_to, pages  # noqa: F401  (pages is a fixture)

YELLOW = (255, 204, 0)


# Pins UIKIT-CA-EXPLICIT.
def test_the_page_draws_a_layer_animation_half_way(server, pages, artifacts):
    page = pages(server + "?scene=move-me&clock=manual")
    page.wait("(tb) => tb.overlayIdle")
    props = page.props("placard")
    cx, cy = props["center"]
    height = props["bounds"][3]
    # The manual clock: an act a second after the page's engine time (later than any input it sent).
    t = page.js("() => Math.ceil(window.__touchbridge.engineNow() || 0) + 1000")
    page.js("(m) => window.__touchbridge.send(m)", {"type": "act", "t": t, "actions": [{"layerAnimation": {
        "view": "placard", "keyPath": "position", "from": [cx - 100, cy + 150], "duration": 1000, "timing": "linear"}}]})
    page.wait("(tb) => tb.errors.length > 0 || (tb.mirror.byName('placard').props.animations || []).some(a => a.absolute)")
    assert not page.js("() => window.__touchbridge.errors"), page.js("() => window.__touchbridge.errors")
    assert not page.js("() => window.__touchbridge.errors"), page.js("() => window.__touchbridge.errors")
    entry = next(a for a in page.props("placard")["animations"] if a.get("absolute"))
    assert (entry["property"], entry["from"], entry["to"], entry["duration"]) == ("center", [cx - 100, cy + 150], [cx, cy], 1000)
    page.js("(t) => window.__touchbridge.freezeEngineTime(t)", entry["begin"] + 500)
    drawn = page.js("() => window.__touchbridge.presentedProps('placard').center")
    assert abs(drawn[0] - (cx - 50)) < 0.01 and abs(drawn[1] - (cy + 75)) < 0.01, drawn
    assert page.props("placard")["center"] == [cx, cy], "the model never moves"
    page.js("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    pixels = Pixels(page.screenshot(artifacts, "layer-animation-half-way", scale="css"))
    stage = page.js("() => { const r = document.querySelector('#stage').getBoundingClientRect(); return [r.left, r.top]; }")
    below_model = (stage[0] + cx - 50, stage[1] + cy + 75 + height / 2 - 4)
    top_of_model = (stage[0] + cx + 60, stage[1] + cy - height / 2 + 4)
    assert close_to(pixels.at(*below_model), YELLOW), f"drawn placard at {below_model}: {pixels.at(*below_model)}"
    assert min(pixels.at(*top_of_model)) > 200, f"model-only area at {top_of_model}: {pixels.at(*top_of_model)}"
