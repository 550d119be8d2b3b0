"""The page draws UISegmentedControl and UIStepper (controls scene) from their render state, and the real
controls track a touch: the selected segment's raised white pill, a stepper's − and + glyphs (the − dimmed
at the minimum). Headless Chromium on a phone viewport; screenshots under Tests/e2e/artifacts/."""

from __future__ import annotations

from test_page import Pixels, close_to, pages, view_point  # noqa: F401  (pages is a fixture)

WHITE = (255, 255, 255)


def control(page, name: str, key: str):
    return page.js("([n, k]) => { const v = window.__touchbridge.mirror.byName(n); return v && v.props.control && v.props.control[k]; }",
                   [name, key])


def darkest_near(pixels: Pixels, x: float, y: float, radius: int = 2) -> int:
    """The darkest channel sum around (x, y): a 2-point glyph stroke lands on one or two pixels."""
    return min(sum(pixels.at(x + dx, y + dy)) for dx in range(-radius, radius + 1) for dy in range(-radius, radius + 1))


def test_segmented_control_and_stepper_track_and_are_drawn(server, pages, artifacts):
    page = pages(server + "?scene=controls")
    page.wait("(tb) => tb.overlayIdle")
    assert control(page, "segmented", "segments") == ["One", "Two", "Three"]
    assert control(page, "segmented", "selectedSegment") == 0
    stepper = control(page, "stepper", "stepper")
    assert stepper == {"canDecrement": False, "canIncrement": True}, stepper

    before = Pixels(page.screenshot(artifacts, "segmented-stepper-before", scale="css"))
    # Segment 0 is selected: its pill is white above the title; segment 2 shows the grey track.
    assert close_to(before.at(*view_point(page, "segmented", 1 / 6, 0.2)), WHITE)
    assert not close_to(before.at(*view_point(page, "segmented", 5 / 6, 0.2)), WHITE)
    # At the minimum the − glyph is dimmed, the + glyph black.
    assert darkest_near(before, *view_point(page, "stepper", 0.25, 0.5)) > 300
    assert darkest_near(before, *view_point(page, "stepper", 0.75, 0.5)) < 150

    page.tap(*view_point(page, "segmented", 5 / 6, 0.5))
    page.wait("(tb) => { const v = tb.mirror.byName('segmented'); return v.props.control.selectedSegment === 2; }")
    page.tap(*view_point(page, "stepper", 0.75, 0.5))
    page.wait("(tb) => { const v = tb.mirror.byName('stepper'); return v.props.control.value === 1 && !v.props.control.stepper.pressed; }")
    page.wait("(tb) => tb.overlayIdle")
    after = Pixels(page.screenshot(artifacts, "segmented-stepper-after", scale="css"))
    assert close_to(after.at(*view_point(page, "segmented", 5 / 6, 0.2)), WHITE)
    assert not close_to(after.at(*view_point(page, "segmented", 1 / 6, 0.2)), WHITE)
    assert darkest_near(after, *view_point(page, "stepper", 0.25, 0.5)) < 150

    events = page.js("() => window.__touchbridge.log.filter(e => e.kind === 'controlEvent').map(e => e.control + ':' + e.event)")
    assert "segmented:valueChanged" in events and "stepper:valueChanged" in events, events
    assert not any(e.get("recognizer") == "containerTap" and e.get("to") == "ended" for e in page.log()), \
        "the container's tap leaves a segmented control and a stepper their taps (iOS 6 rule)"
