"""Apple's gesture sample in real Chromium: a pinch off the image's middle moves the layer's anchor point
to the fingers, and the page draws the image scaled about them, not about its middle and with no jump
(UIKIT-LAYER-ANCHOR-POINT). Checked in the screenshot's pixels, not in the page's model.
"""

from __future__ import annotations

from test_page import Pixels, close_to, hex_rgb, pages, pinch  # noqa: F401  (pages is a fixture)


# Pins UIKIT-LAYER-ANCHOR-POINT.
def test_pinching_a_piece_turns_it_about_the_fingers_without_a_jump(server, pages, artifacts):
    page = pages(server + "?scene=anchor-point")
    page.wait("(tb) => tb.overlayIdle")
    before = page.rect("image")
    x0, y0, w, h = before["x"], before["y"], before["width"], before["height"]
    colour = tuple(page.js("() => window.__touchbridge.placeholderColour('photo')"))
    background = hex_rgb(page.js("() => { const tb = window.__touchbridge; const v = tb.mirror.byName('image'); "
                                 "return tb.mirror.views.get(v.parent).props.backgroundColor; }"))
    # The fingers' midpoint: a quarter of the way into the image from its top-left corner.
    px, py = x0 + w / 4, y0 + h / 4
    # Where to look after a 2× pinch about (px, py): the image then spans px − w/2 … px + 1.5·w. About its
    # middle (the fingers' point made the centre, as without anchor points) it would span px − w … px + w.
    # (The first point is near the top of the scaled image, above the placeholder's sun.)
    inside_only_if_about_fingers = (px + 1.1 * w, py - 0.2 * h)
    outside_only_if_about_fingers = (px - 0.5 * w - 15, py + 0.1 * h)
    shot = Pixels(page.page.screenshot(scale="css"))
    assert close_to(shot.at(px, py), colour), "the fingers start on the image"
    for point in (inside_only_if_about_fingers, outside_only_if_about_fingers):
        assert 0 <= point[0] < shot.width, f"{point} is off the screen: the image is not where this test expects"
        assert close_to(shot.at(*point), background), f"before the pinch {point} is background, not {shot.at(*point)}"

    since = page.log_length()
    pinch(page, px, py, 40, 80, steps=10)
    page.wait_transition("pinch", "ended", since)
    page.wait("(tb) => tb.overlayIdle")
    after = Pixels(page.screenshot(artifacts, "anchor-point-pinch", scale="css"))
    assert close_to(after.at(px, py), colour), "the content under the fingers is still under them"
    assert close_to(after.at(*inside_only_if_about_fingers), colour), \
        f"{inside_only_if_about_fingers} should be the image, scaled about the fingers; it is {after.at(*inside_only_if_about_fingers)}"
    assert close_to(after.at(*outside_only_if_about_fingers), background), \
        f"{outside_only_if_about_fingers} should still be background; it is {after.at(*outside_only_if_about_fingers)} (the image jumped)"
