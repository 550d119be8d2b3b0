"""Every scene in the page at a phone (390×844), a landscape phone (844×390) and a tablet (820×1180):
a screenshot each under ``Tests/e2e/artifacts/scenes/`` for a person to look at, and a check that the
picture is not blank and the scene's window fits the page (the fit of every view is checked from the
render tree in ``test_layout_fit.py``; what the pictures show is compared with goldens, and with the scene
files' frames, in ``test_page_goldens.py``).

No ``asyncio.run()`` here: this module uses the ``browser`` fixture (see conftest).
"""

from __future__ import annotations

from test_page import Pixels

SIZES = [("phone", 390, 844), ("landscape", 844, 390), ("tablet", 820, 1180)]


def test_every_scene_at_a_phone_a_landscape_phone_and_a_tablet(server, browser, artifacts):
    out = artifacts / "scenes"
    out.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    shots = 0
    for label, width, height in SIZES:
        context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2,
                                      is_mobile=True, has_touch=True, bypass_csp=True)
        page = context.new_page()
        page.goto(server + "?scene=welcome")
        page.wait_for_function("() => window.__touchbridge && window.__touchbridge.state === 'joined'"
                               " && window.__touchbridge.mirror.windows.length > 0", timeout=15000)
        scenes = page.evaluate("() => window.__touchbridge.scenes.map(s => s.name)")
        for scene in scenes:
            page.evaluate("(n) => window.__touchbridge.send({type: 'scene', scene: n})", scene)
            page.wait_for_function("(n) => window.__touchbridge.mirror.scene === n && window.__touchbridge.overlayIdle",
                                   arg=scene, timeout=15000)
            png = page.screenshot(scale="css")
            (out / f"{scene}-{label}.png").write_bytes(png)
            shots += 1
            if Pixels(png).distinct_colours() < 3:
                problems.append(f"{scene} at {label}: the screenshot is blank")
            window = page.evaluate("() => window.__touchbridge.viewRect('window')")
            if window["x"] < -0.5 or window["y"] < -0.5 or window["x"] + window["width"] > width + 0.5 \
                    or window["y"] + window["height"] > height + 0.5:
                problems.append(f"{scene} at {label}: the scene's window {window} does not fit the page")
        context.close()
    assert shots == 3 * len(scenes)
    assert problems == []
