"""The page draws what UIBezierPath, view.layer and CAShapeLayer describe (paths-and-layers scene),
in headless Chromium on a phone viewport; screenshots under Tests/e2e/artifacts/."""

from __future__ import annotations

import math

from test_page import Pixels, close_to, pages, view_point  # noqa: F401  (pages is a fixture)

BLUE = (0, 122, 255)
GREEN = (52, 199, 89)
RED = (255, 59, 48)
BACKDROP = (245, 245, 245)


def drawn_near(pixels: Pixels, x: float, y: float, colour, radius: int = 1, tolerance: int = 20) -> bool:
    """Whether `colour` is painted at (x, y) or a pixel next to it, within `tolerance`: a stroke's
    vertex can land on an antialiased edge pixel, and the tap's fading highlight may still tint it
    slightly (seen: (67, 188, 86) for (52, 199, 89)) — still far from the white box or any other colour."""
    return any(close_to(pixels.at(x + dx, y + dy), colour, tolerance)
               for dx in range(-radius, radius + 1) for dy in range(-radius, radius + 1))


def test_paths_and_shape_layers_are_drawn(server, pages, artifacts):
    page = pages(server + "?scene=paths-and-layers")
    page.wait("(tb) => tb.overlayIdle")
    box = page.rect("checkbox")
    page.tap(box["cx"], box["cy"])
    page.wait("(tb) => { const v = tb.mirror.byName('checkbox'); return v && Array.isArray(v.displayList) && v.displayList.length === 1; }")
    page.wait("(tb) => tb.overlayIdle")
    pixels = Pixels(page.screenshot(artifacts, "paths-and-layers", scale="css"))

    # The checkmark (a shape sublayer, strokeEnd 1 after the tap) passes through its corner point.
    corner = view_point(page, "checkbox", 0.42, 0.70)
    assert drawn_near(pixels, *corner, GREEN), f"checkmark corner: {pixels.at(*corner)}"
    # The ring is the view's own CAShapeLayer, filled even-odd: its hole shows the backdrop, its
    # body the translucent blue; the progress arc (a sublayer, strokeEnd 0.25) covers the top right.
    ring = page.rect("ring")
    assert close_to(pixels.at(ring["cx"], ring["cy"]), BACKDROP), f"hole: {pixels.at(ring['cx'], ring['cy'])}"
    body = pixels.at(ring["x"] + ring["width"] * 0.06, ring["cy"])
    assert close_to(body, (184, 214, 247)), f"ring body: {body}"
    r = ring["width"] * 0.35
    arc = pixels.at(ring["cx"] + r * math.cos(-math.pi / 4), ring["cy"] + r * math.sin(-math.pi / 4))
    assert close_to(arc, BLUE), f"progress arc: {arc}"
    bottom_left = pixels.at(ring["cx"] + r * math.cos(3 * math.pi / 4), ring["cy"] + r * math.sin(3 * math.pi / 4))
    assert not close_to(bottom_left, BLUE), "the arc stops at strokeEnd"
    # The backdrop's layer shadow darkens the white below its bottom edge (offset 6, radius 8).
    backdrop = page.rect("backdrop")
    below = pixels.at(backdrop["cx"], backdrop["y"] + backdrop["height"] + 5)
    assert max(below) < 235, f"shadow below the backdrop: {below}"
    far = pixels.at(backdrop["cx"], backdrop["y"] + backdrop["height"] + 28)
    assert min(far) > 245, f"no shadow far below: {far}"
    # The dial, drawn in draw(_:) with UIBezierPath: its red hub at the centre.
    dial = page.rect("dial")
    assert close_to(pixels.at(dial["cx"], dial["cy"]), RED)
