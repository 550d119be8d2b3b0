// The page's hooks for its end-to-end tests and for debugging from the console: `window.__touchbridge`
// reads the page's state (connection, mirror tree, fingers, inspector) and drives it (reconnect,
// send, the panel, a frozen animation clock for screenshots).

import { multiply, applyPoint, geometry } from './mirror.mjs';
import { placeholderColour, labelLayout, titleFits } from './paint.mjs';
import { presented } from './animation.mjs';
import { pageErrors } from './pageerrors.mjs';

/** Installs `window.__touchbridge` over the page's parts. */
export function installTestHooks({
  role, session, view, mirror, stage, conn, input, inspector, panel, stepper, appEl, engineClock, requestPaint,
}) {
  const { state } = session;
  const { sheet } = panel;
  /** Where a view is on the page (CSS px, page coordinates), as drawn now. */
  function viewRect(nameOrId) {
    const v = typeof nameOrId === 'number' ? mirror.views.get(nameOrId) : mirror.byName(nameOrId);
    if (!v) return null;
    const box = mirror.boxMatrixOf(v.id);
    if (!box) return null;
    const m = multiply(view.base, box);
    const [, , w, h] = geometry(v.props).bounds;
    const s = stage.getBoundingClientRect();
    const corners = [[0, 0], [w, 0], [w, h], [0, h]].map(([x, y]) => {
      const p = applyPoint(m, x, y);
      return [p[0] + s.left, p[1] + s.top];
    });
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    const centre = applyPoint(m, w / 2, h / 2);
    return {
      id: v.id, name: v.name, kind: v.kind, visible: mirror.isVisible(v.id),
      x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys),
      cx: centre[0] + s.left, cy: centre[1] + s.top, corners, matrix: m,
    };
  }

  const scratch = document.createElement('canvas').getContext('2d');
  /** Visible views whose text the painter cannot show whole: [{name, text, why}] (paint.mjs). */
  function textProblems() {
    const found = [];
    for (const v of mirror.views.values()) {
      if (!mirror.isVisible(v.id)) continue;
      const p = v.props;
      const [, , w, h] = geometry(p).bounds;
      if (typeof p.text === 'string' && p.text) {
        if (labelLayout(scratch, p, w, h).truncated) found.push({ name: v.name, text: p.text, why: 'cut' });
      } else if (p.control && typeof p.control.title === 'string' && p.control.title && !titleFits(scratch, p, w)) {
        found.push({ name: v.name, text: p.control.title, why: 'squeezed' });
      }
    }
    return found;
  }

  window.__touchbridge = {
    role,
    get state() { return state.conn; },
    get session() { return state.session; },
    get scene() { return state.scene; },
    get scenes() { return state.welcome ? state.welcome.scenes : []; },
    get welcome() { return state.welcome; },
    get limits() { return state.limits; },
    get rtt() { return conn.rtt; },
    get fps() { return view.fps; },
    get paints() { return view.paints; },
    /** No fingers, touches or highlights are drawn over the scene right now. */
    get overlayIdle() { return !!view.overlayIdle; },
    /** Fingers this page draws (contacts, virtual fingers, ghosts) and touches as the server reported them. */
    fingers: () => view.fingers(),
    touches: () => [...state.touches.values()],
    /** The device's pointers down as the server's latest `events` listed them. */
    get serverPointers() { return state.pointers; },
    get connects() { return conn.connects; },
    get errors() { return state.errors; },
    /** Uncaught errors and unhandled rejections of the page (pageerrors.mjs), for every engine's tests. */
    get pageErrors() { return [...pageErrors]; },
    get received() { return state.received; },
    get sent() { return state.sent; },
    get inputStats() { return input.stats; },
    /** The last 100 `input` messages sent (seq and pointers). */
    get recentInputs() { return state.recentInputs; },
    get log() { return inspector.entries; },
    get hitPath() { return inspector.hitPath; },
    get panelOpen() { return panel.open; },
    /** 'sheet' (phones) or 'side'; the sheet's detent ('peek' | 'half' | 'full') or '' when closed. */
    get panelMode() { return sheet.isSheet ? 'sheet' : 'side'; },
    get detent() { return appEl.dataset.detent; },
    get sentViewport() { return state.sentViewport; },
    /** The area (CSS px) the scene is laid out for: the stage, or at the full detent the half detent's area. */
    sceneArea: () => { const r = sheet.layoutRect(stage.getBoundingClientRect()); return { width: r.width, height: r.height }; },
    get logFollowing() { return inspector.follow; },
    /** Stepping: whether an earlier instant is shown, which frame of how many, from where. */
    get stepping() { return { active: stepper.active, frame: stepper.frame, frames: stepper.frames, source: stepper.source, name: stepper.name }; },
    mirror,
    tree: () => mirror.snapshot(),
    recognizers: () => Object.fromEntries([...inspector.recognizers].map(([k, r]) => [k, { state: r.state, kind: r.kind, view: r.view, waiting: r.waiting,
      failure: r.failure, waits: r.waits.map((w) => ({ from: w.from, to: w.to })), history: r.history.map((h) => h.state) }])),
    viewRect,
    /** Engine time (ms) the page draws animations at now, and a view's props as drawn then. */
    engineNow: () => engineClock.now(),
    presentedProps: (name) => { const v = mirror.byName(name); return v && presented(v.props, engineClock.now()); },
    /** Draw animations as at engine time `t` (ms), for screenshots; null follows the clock again. */
    freezeEngineTime: (t) => { engineClock.freeze(t); requestPaint(); },
    placeholderColour,
    setPanel: (open, remember) => panel.set(open, remember),
    /** Moves an open sheet to a detent ('peek' | 'half' | 'full'), as a tap on its handle would. */
    setDetent: (detent) => sheet.setDetent(detent),
    textProblems,
    reconnect: () => conn.restart(),
    send: (msg) => session.send(msg),
  };
}
