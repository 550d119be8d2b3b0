"""The page walker: every scene, at the sizes phones, tablets and desktops really give it, in every state
of the inspector a user reaches, checked for what a person sees (issue 24).

Real Chromium with touch emulation and the device's safe-area insets (notch, status bar, home
indicator). One page per size walks every scene; each scene goes through the inspector's states in the
order a user meets them — closed, then the sheet's peek, half and full detents (phones in portrait) or
the side panel (landscape, tablets, desktops), then closed again, so a layout that depends on where the
user has been shows up. In each state, measured in the page from the drawn mirror tree:

* **window**: the scene's window is the visible scene area (the stage above the sheet / beside the
  panel), and the size the page declared to the server; at the full detent, where the sheet leaves a
  strip, the page draws the scene laid out for the half detent shrunk whole into the strip (a live
  miniature: not touchable, a tap brings the sheet back) and the walker checks that instead;
* **fit**: every interactive view (controls, views with recognizers, views of the scene's own classes)
  and every label lies inside the visible area, outside the safe-area insets (a view spanning the
  whole window on an axis is full-bleed on that axis and exempt), inside its clipping ancestors, and
  under none of the page's own chrome (the floating Inspector pill);
* **targets**: interactive views are at least 44×44 pt (switches, sliders, segmented controls and steppers
  31–32 pt tall, their fixed heights on iOS, as PhoneLayoutAudit allows);
* **overlap**: no control overlaps another control, a label, or a view drawn over it;
* **history**: closed again, every checked view is where it was when the scene was first shown closed;
* **text**: no label is cut (ellipsis, or a word wider than the label) and no button title squeezed,
  as the page's painter lays the text out (``window.__touchbridge.textProblems``).

The CI subset: every scene at 320×568 (all sheet states, the half detent among them), 568×320 and a
tablet (820×1180). ``E2E_WALK_ALL=1`` walks all nine sizes; ``E2E_WALK_SHOTS=1`` saves a screenshot of
each scene × size × state under ``artifacts/walker/`` for a person to look at.
"""

from __future__ import annotations

import os

import pytest

# Playwright's timeout: a state whose window never settles is reported, and the walk goes on.
PageTimeout = pytest.importorskip("playwright.sync_api", reason="pip install -r requirements-e2e.txt").TimeoutError
# A server without the engine-time share: one page builds every scene and lays it out five times per size.
from test_layout_fit import unmetered_server  # noqa: F401  (a fixture)

# (width, height) → safe-area insets of the device that has that window (points).
DEVICES = {
    (320, 568): {"top": 20, "bottom": 0, "left": 0, "right": 0},      # iPhone SE (1st gen): status bar
    (375, 667): {"top": 20, "bottom": 0, "left": 0, "right": 0},      # iPhone SE (2nd/3rd gen)
    (390, 844): {"top": 47, "bottom": 34, "left": 0, "right": 0},     # iPhone 14: notch, home indicator
    (430, 932): {"top": 59, "bottom": 34, "left": 0, "right": 0},     # iPhone 15 Pro Max: Dynamic Island
    (844, 390): {"top": 0, "bottom": 21, "left": 47, "right": 47},    # iPhone 14 in landscape
    (568, 320): {"top": 0, "bottom": 0, "left": 0, "right": 0},       # iPhone SE in landscape (no status bar)
    (820, 1180): {"top": 24, "bottom": 20, "left": 0, "right": 0},    # iPad Air
    (1180, 820): {"top": 24, "bottom": 20, "left": 0, "right": 0},    # iPad Air in landscape
    (1440, 900): {"top": 0, "bottom": 0, "left": 0, "right": 0},      # a laptop: mouse, no touch
}
CI_SIZES = [(320, 568), (568, 320), (820, 1180)]
SIZES = list(DEVICES) if os.environ.get("E2E_WALK_ALL") else CI_SIZES

# The measurement, in the page: (expected window rect or null, the state's name) → problems.
MEASURE = r"""
([state, miniature, halfWindow]) => {
  const tb = window.__touchbridge;
  const m = tb.mirror;
  const found = [];
  const r1 = (n) => Math.round(n);
  const box = (r) => `(${r1(r.x0)},${r1(r.y0)})–(${r1(r.x1)},${r1(r.y1)})`;
  const stageR = document.querySelector('#stage').getBoundingClientRect();
  const visible = { x0: Math.max(0, stageR.left), y0: Math.max(0, stageR.top),
                    x1: Math.min(innerWidth, stageR.right), y1: Math.min(innerHeight, stageR.bottom) };
  const windowId = m.windows[0];
  const win = tb.viewRect(windowId);
  const sent = tb.sentViewport;
  const rectOf = (id) => { const r = tb.viewRect(id); return { x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height }; };
  const w = rectOf(windowId);
  const near = (a, b) => Math.abs(a - b) <= 0.5;
  const [ww, wh] = m.views.get(windowId).props.bounds.slice(2);
  if (!near(ww, sent.width) || !near(wh, sent.height)) found.push(`window ${ww}×${wh} is not the declared ${sent.width}×${sent.height}`);
  if (miniature) {
    // The full detent's strip: the whole window drawn inside it, shrunk, and the strip is a button back.
    if (w.x0 < visible.x0 - 0.5 || w.y0 < visible.y0 - 0.5 || w.x1 > visible.x1 + 0.5 || w.y1 > visible.y1 + 0.5)
      found.push(`the miniature window ${box(w)} is not inside the strip ${box(visible)}`);
    if (!halfWindow || !near(ww, halfWindow[0]) || !near(wh, halfWindow[1]))
      found.push(`the miniature's window ${ww}×${wh} is not the half detent's ${halfWindow}`);
    const cover = document.querySelector('#scene-cover');
    const c = cover && cover.getBoundingClientRect();
    if (!c || c.height < 44 || !near(c.top, visible.y0) || !near(c.bottom, visible.y1)) found.push('the strip is not a button back to the scene');
    return { found, checked: 0, frames: {} };
  }
  if (!near(w.x0, visible.x0) || !near(w.y0, visible.y0) || !near(w.x1, visible.x1) || !near(w.y1, visible.y1))
    found.push(`window ${box(w)} is not the visible scene area ${box(visible)}`);
  const sa = sent.safeArea;
  const safe = { x0: w.x0 + sa.left, y0: w.y0 + sa.top, x1: w.x1 - sa.right, y1: w.y1 - sa.bottom };
  // The page's own chrome that floats over the stage (the Inspector pill when it floats).
  const chrome = [];
  for (const sel of ['#panel-toggle', '#panel', '#banner']) {
    const el = document.querySelector(sel);
    if (!el || el.hidden || getComputedStyle(el).display === 'none' || getComputedStyle(el).visibility === 'hidden') continue;
    const r = el.getBoundingClientRect();
    const c = { x0: Math.max(r.left, visible.x0), y0: Math.max(r.top, visible.y0), x1: Math.min(r.right, visible.x1), y1: Math.min(r.bottom, visible.y1) };
    if (c.x1 - c.x0 > 0.5 && c.y1 - c.y0 > 0.5) chrome.push({ sel, r: c });
  }
  const recognized = new Set(Object.values(tb.recognizers()).map((r) => r.view));
  // Views that handle no touches of their own: UIKit's plain classes, a declarative scene's generic
  // view (SceneView) and root views that only log their layout.
  const PLAIN = new Set(['UIView', 'UIImageView', 'UILabel', 'UIWindow', 'SceneView', 'LayoutLoggingRootView']);
  const isScroll = (kind) => /ScrollView$/.test(kind);
  const order = [];
  const walk = (id) => { order.push(id); for (const c of m.views.get(id).children) walk(c); };
  walk(windowId);
  const ancestors = (id) => { const out = []; let n = m.views.get(id); while (n && n.parent !== null) { out.push(n.parent); n = m.views.get(n.parent); } return out; };
  const inScroll = (id) => ancestors(id).some((a) => isScroll(m.views.get(a).kind));
  const info = [];
  for (const id of order) {
    const v = m.views.get(id);
    if (id === windowId || !m.isVisible(id) || inScroll(id)) continue;
    const p = v.props;
    const text = (typeof p.text === 'string' && p.text) || v.kind === 'UILabel';
    const control = !!(p.control && typeof p.control === 'object');
    const interactive = control || !PLAIN.has(v.kind) || recognized.has(v.name);
    const opaque = typeof p.backgroundColor === 'string' && !/^#[0-9a-f]{6}00$/i.test(p.backgroundColor);
    const draws = text || control || opaque || v.kind === 'UIImageView';
    info.push({ id, v, r: rectOf(id), text, control, interactive, draws });
  }
  let checked = 0;
  const frames = {};
  for (const a of info) {
    if (!a.interactive && !a.text && !a.draws) continue;
    checked += 1;
    const { r, v } = a;
    frames[`${v.name} (${v.kind})`] = [r.x0, r.y0, r.x1, r.y1].map((n) => Math.round(n * 2) / 2);
    const name = `${v.name} (${v.kind}) ${box(r)}`;
    if (r.x0 < visible.x0 - 0.5 || r.y0 < visible.y0 - 0.5 || r.x1 > visible.x1 + 0.5 || r.y1 > visible.y1 + 0.5) {
      found.push(`${name} is outside the visible area ${box(visible)}`);
      continue;
    }
    if (!a.interactive && !a.text) continue; // what it draws is seen; backgrounds may reach under the insets
    if (!isScroll(v.kind)) {
      // A touch surface (not a control, no text) may run to the window's edges, as a canvas does; a
      // view spanning the whole window on an axis is full-bleed on that axis.
      const surface = !a.control && !a.text;
      const edge = { x0: surface && r.x0 <= w.x0 + 0.5, y0: surface && r.y0 <= w.y0 + 0.5,
                     x1: surface && r.x1 >= w.x1 - 0.5, y1: surface && r.y1 >= w.y1 - 0.5 };
      const bleedX = r.x0 <= w.x0 + 0.5 && r.x1 >= w.x1 - 0.5;
      const bleedY = r.y0 <= w.y0 + 0.5 && r.y1 >= w.y1 - 0.5;
      const under = (!bleedX && ((!edge.x0 && r.x0 < safe.x0 - 0.5) || (!edge.x1 && r.x1 > safe.x1 + 0.5)))
        || (!bleedY && ((!edge.y0 && r.y0 < safe.y0 - 0.5) || (!edge.y1 && r.y1 > safe.y1 + 0.5)));
      if (under) found.push(`${name} is under the safe-area insets ${JSON.stringify(sa)}`);
    }
    for (const anc of ancestors(a.id)) {
      const av = m.views.get(anc);
      if (!av.props.clipsToBounds || anc === windowId) continue;
      const c = rectOf(anc);
      if (r.x0 < c.x0 - 0.5 || r.y0 < c.y0 - 0.5 || r.x1 > c.x1 + 0.5 || r.y1 > c.y1 + 0.5) { found.push(`${name} is clipped by ${av.name}`); break; }
    }
    for (const c of chrome) {
      if (Math.min(r.x1, c.r.x1) - Math.max(r.x0, c.r.x0) > 0.5 && Math.min(r.y1, c.r.y1) - Math.max(r.y0, c.r.y0) > 0.5)
        found.push(`${name} is under the page's ${c.sel}`);
    }
    if (a.interactive && !isScroll(v.kind)) {
      const width = r.x1 - r.x0, height = r.y1 - r.y0;
      const c = v.props.control || {};
      const fixedHeight = ['UISwitch', 'UISlider', 'UISegmentedControl', 'UIStepper'].includes(v.kind) || typeof c.on === 'boolean' || Number.isFinite(c.value);
      const minH = fixedHeight ? 31 : 44;
      if (width < 43.5 || height < minH - 0.5) found.push(`${name} is a ${r1(width)}×${r1(height)} pt target (at least 44×${minH})`);
    }
  }
  // Overlap: a control and another control, a label, or anything drawn over it (not its own subviews).
  const related = (a, b) => ancestors(a.id).includes(b.id) || ancestors(b.id).includes(a.id);
  const overlap = (a, b) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 1 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 1;
  for (let i = 0; i < info.length; i += 1) {
    const a = info[i];
    if (!a.control) continue;
    for (let j = 0; j < info.length; j += 1) {
      const b = info[j];
      if (i === j || (b.control && j < i) || !(b.control || b.text || (j > i && b.draws)) || related(a, b) || !overlap(a.r, b.r)) continue;
      found.push(`${a.v.name} (${a.v.kind}) overlaps ${b.v.name} (${b.v.kind})`);
    }
  }
  for (const t of tb.textProblems()) found.push(`text of ${t.name} is ${t.why}: ${JSON.stringify(t.text)}`);
  return { found, checked, frames };
}
"""

# The sheet's height transition has finished; the page declared the scene area it shows (or, at the
# full detent, the half detent's), and the server's window has that size for this scene.
SETTLED = r"""
(scene) => {
  const tb = window.__touchbridge;
  if (document.querySelector('#panel').getAnimations().length) return false;
  const v = tb.sentViewport;
  const m = tb.mirror;
  if (!v || m.scene !== scene || !m.windows.length) return false;
  const area = tb.sceneArea();
  const b = m.views.get(m.windows[0]).props.bounds;
  return Math.abs(v.width - area.width) < 0.01 && Math.abs(v.height - area.height) < 0.01
    && Math.abs(b[2] - v.width) < 0.01 && Math.abs(b[3] - v.height) < 0.01;
}
"""


def open_device(browser, url: str, width: int, height: int):
    """A page as the device of that size has it: touch (but the laptop), its scale and safe-area insets."""
    touch = (width, height) != (1440, 900)
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2 if touch else 1,
                                  is_mobile=touch, has_touch=touch, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    cdp = context.new_cdp_session(page)
    if touch:
        cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    cdp.send("Emulation.setSafeAreaInsetsOverride", {"insets": DEVICES[(width, height)]})
    page.goto(url)
    page.wait_for_function("() => window.__touchbridge && window.__touchbridge.state === 'joined'"
                           " && window.__touchbridge.mirror.windows.length > 0", timeout=15000)
    return context, page, errors


def states_for(mode: str) -> list[str]:
    return ["closed", "peek", "half", "full", "closed again"] if mode == "sheet" else ["closed", "side panel", "closed again"]


def enter(page, state: str) -> None:
    if state.startswith("closed"):
        page.evaluate("() => window.__touchbridge.setPanel(false, false)")
    else:
        page.evaluate("() => window.__touchbridge.setPanel(true, false)")
        if state in ("peek", "half", "full"):
            page.evaluate("(d) => window.__touchbridge.setDetent(d)", state)


def walk(browser, base_url: str, width: int, height: int, shots) -> tuple[int, list[str]]:
    """Every scene through every inspector state at one size: the problems found and the views checked."""
    context, page, errors = open_device(browser, base_url + "?scene=welcome&panel=closed", width, height)
    found: list[str] = []
    checked = 0
    try:
        mode = page.evaluate("() => window.__touchbridge.panelMode")
        scenes = page.evaluate("() => window.__touchbridge.scenes.map(s => s.name)")
        for scene in scenes:
            page.evaluate("(n) => window.__touchbridge.send({type: 'scene', scene: n})", scene)
            half_window = first_frames = None
            for state in states_for(mode):
                enter(page, state)
                where = f"{scene} at {width}×{height}, {state}"
                try:
                    page.wait_for_function(SETTLED, arg=scene, timeout=8000)
                except PageTimeout:
                    found.append(f"{where}: the scene's window never matched the scene area")
                    continue
                page.wait_for_function("() => window.__touchbridge.overlayIdle", timeout=5000)
                miniature = page.evaluate("() => window.__touchbridge.detent === 'full'")
                result = page.evaluate(MEASURE, [state, miniature, half_window])
                if state == "half":
                    half_window = page.evaluate(WINDOW_SIZE)
                # A layout is a function of the current bounds, safe area and traits, never of where the
                # user has been: closed again, every view is where it was when first closed.
                if state == "closed":
                    first_frames = result["frames"]
                elif state == "closed again" and first_frames is not None:
                    found += [f"{where}: {name} is at {frame}, not at {first_frames.get(name)} as when first closed"
                              for name, frame in result["frames"].items() if first_frames.get(name) != frame]
                checked += result["checked"]
                found += [f"{where}: {problem}" for problem in result["found"]]
                if shots:
                    (shots / f"{scene}-{width}x{height}-{state.replace(' ', '-')}.png").write_bytes(page.screenshot(scale="css"))
        found += [f"page error at {width}×{height}: {e}" for e in errors]
        return checked, found
    finally:
        context.close()

WINDOW_SIZE = "() => { const m = window.__touchbridge.mirror; return m.views.get(m.windows[0]).props.bounds.slice(2); }"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_scene_in_every_inspector_state_looks_right(unmetered_server, browser, artifacts, size):
    shots = None
    if os.environ.get("E2E_WALK_SHOTS"):
        shots = artifacts / "walker"
        shots.mkdir(parents=True, exist_ok=True)
    checked, found = walk(browser, unmetered_server.base_url, *size, shots)
    (artifacts / f"walker-{size[0]}x{size[1]}.txt").write_text("\n".join(found) + "\n")
    assert checked > 100, f"only {checked} views checked: the walk did not reach the scenes"
    assert found == [], f"{len(found)} problems:\n" + "\n".join(found)
