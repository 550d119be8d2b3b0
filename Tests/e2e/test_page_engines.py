"""The page in every browser engine: Chromium, Firefox and WebKit (the only engine on iPhones).

Each test runs once per engine through engines.py (one browser per engine for the whole module): every
scene loads and draws, one finger drags a view and the server's recognizers answer, two fingers pinch
(real multi-touch in Chromium and Firefox; in WebKit script-created touch PointerEvents and the mouse
with Alt or Shift), the inspector opens as a sheet on a phone and beside the scene on a tablet, the stepping bar
steps back, and the page records no uncaught error. Screenshots go to Tests/e2e/artifacts/engine-*.png.
"""

from __future__ import annotations

import pytest

from engines import ENGINES, launch
from test_page import EXPECTED_SCENES, Pixels

PHONE_SE = (320, 568)
TABLET = (768, 1024)
DESKTOP = (1024, 768)
STEPS = 10
# Selenium's own WebKitGTK driver class still uses an API Selenium deprecated.
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")


@pytest.fixture(scope="module", params=ENGINES)
def engine(request):
    """One browser of each engine, shared by the module's tests (their setup is the slow part)."""
    playwright = request.getfixturevalue("playwright_driver") if request.param == "chromium" else None
    page = launch(request.param, playwright)
    yield page
    page.close()


@pytest.fixture
def browser_page(engine, server):
    """The engine's page; after the test, the page must have recorded no uncaught error."""
    yield engine
    errors = engine.js("const tb = window.__touchbridge; return tb ? tb.pageErrors : ['the page never started']")
    assert errors == [], f"{engine.engine}: page errors {errors}"


def log_since(page, since: int) -> list[dict]:
    return page.js("""return window.__touchbridge.log.slice(arguments[0]).map(({kind, recognizer, from, to, path}) =>
        ({kind, recognizer, from, to, path}))""", since)


def log_length(page) -> int:
    return page.js("return window.__touchbridge.log.length")


def wait_transition(page, recognizer: str, to: str, since: int):
    page.wait("const [r, to, since] = arguments[0]; return window.__touchbridge.log.slice(since).some(e => "
              "e.kind === 'transition' && e.recognizer === r && e.to === to)", [recognizer, to, since],
              what=f"{recognizer} → {to}")


def view_rect(page, name: str) -> dict:
    rect = page.js("return window.__touchbridge.viewRect(arguments[0])", name)
    assert rect, f"no view named {name!r}"
    return rect


def image_scale(page) -> float:
    return page.js("const t = window.__touchbridge.mirror.byName('image').props.transform; return Math.hypot(t[0], t[1]);")


def pinch_path(cx: float, cy: float, start_gap: float, end_gap: float) -> list[list[tuple[float, float]]]:
    gaps = [start_gap + (end_gap - start_gap) * i / STEPS for i in range(STEPS + 1)]
    return [[(cx - g / 2, cy) for g in gaps], [(cx + g / 2, cy) for g in gaps]]


def stage_rect(page) -> dict:
    return page.js("return document.querySelector('#stage').getBoundingClientRect().toJSON()")


def test_every_scene_loads_and_draws(browser_page, server, artifacts):
    page = browser_page
    page.open(server + "?scene=transform-image", *PHONE_SE)
    scenes = page.js("return window.__touchbridge.scenes.map(s => s.name)")
    assert EXPECTED_SCENES <= set(scenes)
    for name in scenes:
        page.open(server + f"?scene={name}", *PHONE_SE)
        page.wait("return window.__touchbridge.scene === arguments[0] && window.__touchbridge.paints > 0", name, what=f"{name} drawn")
        # The window the server lays out is the visible scene surface, in this engine's layout too.
        window = page.js("const tb = window.__touchbridge; return tb.mirror.views.get(tb.mirror.windows[0]).props.bounds")
        stage = stage_rect(page)
        assert (round(window[2]), round(window[3])) == (round(stage["width"]), round(stage["height"])), (name, window, stage)
        page.wait("return window.__touchbridge.overlayIdle", what="overlay idle")
        pixels = Pixels(page.screenshot(artifacts / f"engine-{page.engine}-{name}-320x568.png"))
        assert pixels.distinct_colours() > 3, f"{page.engine}: {name} looks blank"


def test_one_finger_drags_the_image_and_the_server_answers(browser_page, server):
    page = browser_page
    page.open(server + "?scene=transform-image", *DESKTOP)
    image = view_rect(page, "image")
    since = log_length(page)
    path = [(image["cx"] + 12 * i, image["cy"]) for i in range(STEPS + 1)]
    page.gesture([path])
    wait_transition(page, "pan", "ended", since)
    entries = log_since(page, since)
    hits = [e for e in entries if e["kind"] == "hitTest"]
    assert len(hits) == 1 and hits[0]["path"][-1] == "image", hits
    pan = [(e["from"], e["to"]) for e in entries if e["kind"] == "transition" and e["recognizer"] == "pan"]
    assert pan[0] == ("possible", "began") and ("changed", "ended") in pan, pan
    assert not any(e["kind"] == "transition" and e["recognizer"] == "pinch" and e["to"] == "began" for e in entries)
    page.wait("return Math.abs(window.__touchbridge.viewRect('image').cx - arguments[0]) < 4", image["cx"] + 12 * STEPS,
              what="the image under the lifted finger")


def test_two_fingers_pinch_the_image(browser_page, server):
    """Firefox regression: with preventDefault() on every pointerdown, Firefox dropped the second finger
    of a touchstart, so this pinch arrived as a one-finger pan (web/input.mjs)."""
    page = browser_page
    page.open(server + "?scene=transform-image", *DESKTOP)
    image = view_rect(page, "image")
    since = log_length(page)
    page.gesture(pinch_path(image["cx"], image["cy"], 80, 160))
    # Once every finger that went down was lifted: how many went down?
    downs = page.wait("const ps = window.__touchbridge.recentInputs.flatMap(m => m.pointers).map(p => p.phase), "
                      "n = (k) => ps.filter(p => p === k).length; return n('up') > 0 && n('up') === n('down') && n('down')",
                      what="the fingers lifted")
    assert downs == 2, f"{page.engine}: {downs} fingers went down"
    wait_transition(page, "pinch", "ended", since)
    entries = log_since(page, since)
    pinch = [(e["from"], e["to"]) for e in entries if e["kind"] == "transition" and e["recognizer"] == "pinch"]
    assert pinch[0] == ("possible", "began") and ("changed", "ended") in pinch, pinch
    assert 1.6 < image_scale(page) < 2.4, image_scale(page)


def test_the_mouse_with_alt_pinches(browser_page, server):
    """The desktop's two-finger input: Alt mirrors the mouse around the view under the press."""
    page = browser_page
    page.open(server + "?scene=transform-image", *DESKTOP)
    image = view_rect(page, "image")
    since = log_length(page)
    page.mouse_gesture_with_key("Alt", [(image["cx"] - 40 - 6 * i, image["cy"]) for i in range(13)])
    wait_transition(page, "pinch", "ended", since)
    hits = [e for e in log_since(page, since) if e["kind"] == "hitTest"]
    assert len(hits) == 2 and all(e["path"][-1] == "image" for e in hits), hits
    assert image_scale(page) > 1.5


def test_the_mouse_with_shift_pans_with_two_fingers(browser_page, server):
    """Shift adds a parallel finger: both move together, the image travels and does not scale."""
    page = browser_page
    page.open(server + "?scene=transform-image", *DESKTOP)
    image = view_rect(page, "image")
    since = log_length(page)
    page.mouse_gesture_with_key("Shift", [(image["cx"] - 40 + 6 * i, image["cy"] + 9 * i) for i in range(11)])
    wait_transition(page, "pan", "ended", since)
    touches = page.js("""return window.__touchbridge.log.slice(arguments[0]).filter(e => e.kind === 'transition' &&
        e.recognizer === 'pan' && e.to === 'changed').map(e => e.values.numberOfTouches)""", since)
    assert touches and set(touches) == {2}, touches
    page.wait("return Math.abs(window.__touchbridge.viewRect('image').cx - arguments[0]) < 12", image["cx"] + 60,
              what="the image moved with the fingers")
    assert abs(view_rect(page, "image")["cy"] - image["cy"] - 90) < 12
    assert abs(image_scale(page) - 1) < 0.05


@pytest.mark.parametrize("size", [PHONE_SE, TABLET], ids=["phone", "tablet"])
def test_the_inspector_opens_as_a_sheet_on_a_phone_and_beside_the_scene_on_a_tablet(browser_page, server, artifacts, size):
    page = browser_page
    page.open(server + "?scene=transform-image&panel=closed", *size)
    sheet = size[0] < 600
    assert page.js("return window.__touchbridge.panelMode") == ("sheet" if sheet else "side")
    assert not page.js("return window.__touchbridge.panelOpen")
    page.click("#panel-toggle")
    page.wait("return window.__touchbridge.panelOpen", what="the inspector open")
    page.wait("return document.querySelector('#panel').getAnimations().length === 0", what="the panel settled")
    stage = stage_rect(page)
    panel = page.js("return document.querySelector('#panel').getBoundingClientRect().toJSON()")
    if sheet:
        assert page.js("return window.__touchbridge.detent") in ("half", "full")
        assert panel["top"] >= stage["bottom"] - 1 and panel["height"] > 100, (panel, stage)
    else:
        assert panel["left"] >= stage["right"] - 1 and panel["height"] > size[1] / 2, (panel, stage)
    # The scene shrank to what is left, and the server's window followed.
    page.wait("const tb = window.__touchbridge, b = tb.mirror.views.get(tb.mirror.windows[0]).props.bounds, "
              "s = document.querySelector('#stage').getBoundingClientRect(); return Math.round(b[2]) === Math.round(s.width) && "
              "Math.round(b[3]) === Math.round(s.height)", what="the window to match the stage")
    # The inspector shows what a touch did.
    image = view_rect(page, "image")
    since = log_length(page)
    page.gesture([[(image["cx"] + 8 * i, image["cy"]) for i in range(STEPS + 1)]])
    wait_transition(page, "pan", "ended", since)
    page.wait("return document.querySelector('#log').innerText.includes('pan:changed→ended')", what="the log lists the pan")
    name = "phone-320x568" if sheet else "tablet-768x1024"
    assert Pixels(page.screenshot(artifacts / f"engine-{page.engine}-inspector-{name}.png")).distinct_colours() > 8


def test_the_stepping_bar_steps_back_and_returns_to_live(browser_page, server):
    page = browser_page
    page.open(server + "?scene=transform-image&panel=open", *DESKTOP)
    image = view_rect(page, "image")
    since = log_length(page)
    page.gesture([[(image["cx"] + 12 * i, image["cy"]) for i in range(9)]], step_pause=0.06)
    wait_transition(page, "pan", "ended", since)
    live = page.js("return JSON.stringify(window.__touchbridge.tree())")
    page.click("#step-pause")
    page.wait("const s = window.__touchbridge.stepping; return s.active && s.frames > 0 && s.frame === s.frames - 1", what="paused")
    last = page.js("return window.__touchbridge.stepping.frame")
    assert page.js("return !document.querySelector('#stepbar').hidden")
    for _ in range(3):
        page.press_key("ArrowLeft")
    page.wait("return window.__touchbridge.stepping.frame === arguments[0]", last - 3, what="three frames back")
    assert page.js("return JSON.stringify(window.__touchbridge.tree())") != live, "an earlier instant is shown"
    assert page.js("return document.querySelector('#step-where').textContent").startswith(f"frame {last - 3} / {last}")
    page.click("#step-live")
    page.wait("return !window.__touchbridge.stepping.active && document.querySelector('#stepbar').hidden", what="live again")
    page.wait("return JSON.stringify(window.__touchbridge.tree()) === arguments[0]", live, what="the live tree again")


def test_a_what_if_from_the_inspector_on_a_phone(browser_page, server, artifacts):
    """The What if… section (web/whatif.mjs) in each engine at the smallest phone: one tap, then "what if
    the double tap needed one tap" flips both recognizers, shown side by side within the sheet's width."""
    page = browser_page
    page.open(server + "?scene=single-double-tap&panel=open", *PHONE_SE)
    pane = view_rect(page, "recognizers")
    since = log_length(page)
    page.gesture([[(pane["cx"], pane["cy"]), (pane["cx"], pane["cy"])]])
    wait_transition(page, "singleTap", "ended", since)
    page.js("""document.querySelector('#whatif-section').open = true;
        for (const [id, value] of [['#whatif-recognizer', 'doubleTap'], ['#whatif-property', 'numberOfTapsRequired']]) {
          const select = document.querySelector(id); select.value = value; select.dispatchEvent(new Event('change')); }
        document.querySelector('#whatif-value').value = '1';""")
    page.click("#whatif-run")
    changed = page.wait("const rows = [...document.querySelectorAll('.wi-outcomes tr[data-changed=\"true\"] th')].map(th => th.textContent); "
                        "return rows.length >= 2 && rows", what="the what-if answer")
    assert "doubleTap" in changed and "singleTap" in changed, changed
    assert page.js("const r = document.querySelector('#whatif-result'); r.scrollIntoView(); return r.scrollWidth <= r.clientWidth + 1")
    page.screenshot(artifacts / f"engine-{page.engine}-whatif-phone-320x568.png")


def test_the_page_records_its_uncaught_errors(browser_page, server):
    """WebKit's driver cannot read the console: the page keeps its own list, which every test checks."""
    page = browser_page
    page.open(server + "?scene=transform-image", *DESKTOP)
    # The events the browser fires for an uncaught error and an unhandled rejection (Firefox runs the
    # driver's scripts in a sandbox whose own errors never reach the page, so they are made here).
    page.js("""window.dispatchEvent(new ErrorEvent('error', {message: 'thrown on purpose', filename: 'x.mjs', lineno: 7}));
        const reason = new Error('rejected on purpose'), promise = Promise.reject(reason); promise.catch(() => {});
        window.dispatchEvent(new PromiseRejectionEvent('unhandledrejection', {promise, reason}));""")
    errors = page.wait("const e = window.__touchbridge.pageErrors; return e.length === 2 && e", what="two page errors")
    assert errors[0] == "error: thrown on purpose (x.mjs:7)" and errors[1].startswith("unhandledrejection: Error: rejected on purpose"), errors
    page.open(server + "?scene=transform-image&fresh=1", *DESKTOP)  # a fresh page for the check after the test
