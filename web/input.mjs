// Pointer capture on the scene surface and batching: every pointer change of one animation frame goes
// out in ONE `input` message (docs/protocol.md §4.2), with coalesced samples and their own timestamps.
//
// Desktop: the mouse is one finger. Holding Alt/Option adds a second finger mirrored around the centre
// of the view under the pointer at press (pinch/rotate that view, like the iOS Simulator mirrors around
// its screen centre); Shift adds a parallel one (two-finger pan). Holding F and clicking places up to
// five fingers that the next press puts down and drags together (placed.mjs).

import { PlacedFingers } from './placed.mjs';

const VIRTUAL_ID = 1000001;
const PARALLEL_OFFSET = 64;

const round3 = (n) => Math.round(n * 1000) / 1000;

/**
 * @typedef {{id:number, phase:'down'|'move'|'up'|'cancel', x:number, y:number, t:number, pointerType:string,
 *            pressure?:number, width?:number, height?:number, coalesced?:{x:number,y:number,t:number}[]}} Change
 */

export class InputCapture {
  /**
   * @param {HTMLElement} el the scene surface (its top-left is window point 0,0)
   * @param {object} o
   * @param {(pointers: Change[], meta: object) => boolean} o.sink   sends one `input` message
   * @param {(t: number) => number} o.stamp  makes a client time monotonic for the session
   * @param {() => object} o.limits          welcome.limits (or defaults)
   * @param {() => void} o.onChange          something visible (fingers) changed
   * @param {string} [o.mouseType]           pointerType sent for mouse fingers ('touch' = a finger, like the Simulator)
   * @param {(x: number, y: number) => number[]|null} [o.mirrorCentre] the point Alt mirrors around for a
   *        press at (x, y), in window points (the centre of the view there); the surface centre without it
   */
  constructor(el, { sink, stamp, limits, onChange, mouseType = 'touch', mirrorCentre = () => null }) {
    this.el = el;
    this.sink = sink;
    this.stamp = stamp;
    this.limits = limits;
    this.onChange = onChange;
    this.mouseType = mouseType;
    this.mirrorCentre = mirrorCentre;
    this.enabled = false;
    /** Fingers this page shows: wire id → {x, y, size, virtual, type}. */
    this.fingers = new Map();
    /** Wire ids the server has (or will have, once the queue is sent) down. */
    this.serverDown = new Set();
    /** Downs sent in this scene: the server's touch number of the next finger is landed + 1. */
    this.landed = 0;
    this.queue = [];
    this.flushScheduled = false;
    this.mouse = { down: false, id: null, x: 0, y: 0, hover: null, alt: false, shift: false, mode: null, offset: [0, 0], centre: null, placed: false };
    /** Fingers placed with F-clicks; `placing` while F is held. */
    this.placed = new PlacedFingers();
    this.placing = false;
    this.stats = { messages: 0, changes: 0, coalesced: 0, dropped: 0 };
    this.install();
  }

  // ---------------------------------------------------------------- public

  /** A new session (or a scene switch): the server knows no pointer; live ones are ignored until lifted. */
  resetSession() {
    this.landed = 0;
    this.touchesCancelledBySystem();
  }

  /**
   * The server cancelled every touch (pausing makes the app resign active, docs/protocol.md §4.12):
   * as on iOS, fingers still down send nothing more until they lift (UIKIT-CANCEL-STAYS-OVER).
   */
  touchesCancelledBySystem() {
    this.queue = [];
    this.serverDown.clear();
    for (const f of this.fingers.values()) f.touch = null;
    this.onChange();
  }

  /** Cancel every live touch now (pointercancel of the page: blur, hidden, lost capture). */
  cancelAll() {
    const t = this.now();
    for (const id of [...this.serverDown]) this.push({ id, phase: 'cancel', ...this.lastPos(id), t, pointerType: this.fingers.get(id)?.type || 'touch' });
    this.fingers.clear();
    this.mouse.down = false;
    this.mouse.mode = null;
    this.mouse.placed = false;
    this.placed.release();
    this.flush();
    this.onChange();
  }

  /**
   * The server rejected a frame: it is exactly as before that frame, and we no longer know which
   * pointers it holds. Cancel each one we think is down, one per message (errors for those are expected),
   * and forget them; new contacts start clean.
   */
  recover() {
    const ids = [...this.serverDown];
    this.queue = [];
    this.serverDown.clear();
    const t = this.now();
    for (const id of ids) this.sink([{ id, phase: 'cancel', ...this.lastPos(id), t, pointerType: 'touch' }], { cleanup: true });
  }

  /** Fingers to draw: contacts, virtual fingers and (Alt/Shift hover) ghosts, in window points. */
  fingersForPaint() {
    const out = [];
    for (const [id, f] of this.fingers) out.push({ id, x: f.x, y: f.y, size: f.size, virtual: f.virtual, touch: f.touch ?? null });
    if (!this.placed.down) for (const f of this.placed.fingers) out.push({ x: f.x, y: f.y, ghost: true });
    const m = this.mouse;
    if (!m.down && m.hover && (m.alt || m.shift) && this.enabled) {
      out.push({ x: m.hover[0], y: m.hover[1], ghost: true });
      const v = this.virtualPosition(m.alt && !m.shift ? 'mirror' : 'parallel', m.hover[0], m.hover[1], this.parallelOffset(m.hover[0]),
        this.centreFor(m.hover[0], m.hover[1]));
      out.push({ x: v[0], y: v[1], ghost: true });
    }
    return out;
  }

  // ---------------------------------------------------------------- plumbing

  now() { return round3(this.stamp(performance.now())); }

  lastPos(id) {
    const f = this.fingers.get(id);
    return f ? { x: round3(f.x), y: round3(f.y) } : { x: 0, y: 0 };
  }

  point(clientX, clientY) {
    const r = this.el.getBoundingClientRect();
    return [clientX - r.left, clientY - r.top];
  }

  centre() {
    const r = this.el.getBoundingClientRect();
    return [r.width / 2, r.height / 2];
  }

  /** What Alt's finger mirrors around for a press at (x, y). */
  centreFor(x, y) {
    const c = this.mirrorCentre(x, y);
    return Array.isArray(c) && c.every(Number.isFinite) ? c : this.centre();
  }

  /** Queues a change if it is valid for what the server holds; keeps the order of happening. */
  push(change) {
    const { id, phase } = change;
    const maxTouches = this.limits().maxTouches ?? 10;
    if (phase === 'down') {
      if (this.serverDown.has(id) || this.serverDown.size >= maxTouches) { this.stats.dropped += 1; return false; }
      this.serverDown.add(id);
      // The server numbers touches 1, 2, 3… in landing order within the scene (§7): remember ours.
      this.landed += 1;
      const finger = this.fingers.get(id);
      if (finger) finger.touch = this.landed;
      delete change.coalesced;
    } else {
      if (!this.serverDown.has(id)) { this.stats.dropped += 1; return false; }
      if (phase === 'up' || phase === 'cancel') this.serverDown.delete(id);
    }
    this.queue.push(change);
    this.scheduleFlush();
    return true;
  }

  scheduleFlush() {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    const run = () => {
      if (!this.flushScheduled) return;
      this.flush();
    };
    requestAnimationFrame(run);
    // rAF does not run in a hidden tab; never sit on input for long.
    setTimeout(run, 100);
  }

  flush() {
    this.flushScheduled = false;
    if (!this.queue.length) return;
    const max = Math.max(1, this.limits().maxPointersPerInput ?? 32);
    const changes = this.queue;
    this.queue = [];
    for (let i = 0; i < changes.length; i += max) {
      const chunk = changes.slice(i, i + max);
      this.stats.messages += 1;
      this.stats.changes += chunk.length;
      this.sink(chunk, {});
    }
  }

  /** One change from a PointerEvent-like object (with optional coalesced samples). */
  changeFrom(id, phase, e, pointerType, [x, y], coalesced) {
    const c = { id, phase, x: round3(x), y: round3(y), t: 0, pointerType };
    if (coalesced && coalesced.length && phase !== 'down') {
      const max = Math.max(0, (this.limits().maxCoalescedPerPointer ?? 64));
      const samples = coalesced.slice(-max);
      c.coalesced = samples.map((s) => ({ x: round3(s.x), y: round3(s.y), t: round3(this.stamp(s.t)) }));
      this.stats.coalesced += samples.length;
    }
    c.t = round3(this.stamp(e.timeStamp || performance.now()));
    const fromMouse = pointerType === 'mouse' || e.pointerType === 'mouse' || e.pointerType === undefined;
    if (!fromMouse && e.pressure > 0 && Number.isFinite(e.pressure)) c.pressure = round3(e.pressure);
    if (!fromMouse && (e.width > 1 || e.height > 1)) {
      c.width = round3(Math.max(0, e.width || 0));
      c.height = round3(Math.max(0, e.height || 0));
    }
    return c;
  }

  // ---------------------------------------------------------------- listeners

  install() {
    const el = this.el;
    const opts = { passive: false };
    const stop = (e) => { if (this.enabled) e.preventDefault(); };
    for (const type of ['contextmenu', 'selectstart', 'dragstart', 'gesturestart', 'gesturechange', 'dblclick']) el.addEventListener(type, stop, opts);

    if ('PointerEvent' in window) {
      el.addEventListener('pointerdown', (e) => this.onPointerDown(e), opts);
      el.addEventListener('pointermove', (e) => this.onPointerMove(e), opts);
      el.addEventListener('pointerup', (e) => this.onPointerEnd(e, 'up'), opts);
      el.addEventListener('pointercancel', (e) => this.onPointerEnd(e, 'cancel'), opts);
      el.addEventListener('lostpointercapture', (e) => this.onLostCapture(e));
      el.addEventListener('pointerleave', () => { this.mouse.hover = null; this.onChange(); });
      // Touch events only to stop the browser's own scrolling / zooming where touch-action is not honoured.
      el.addEventListener('touchmove', stop, opts);
    } else {
      this.installTouchFallback(opts);
    }

    window.addEventListener('keydown', (e) => this.onKey(e), true);
    window.addEventListener('keyup', (e) => this.onKey(e), true);
    window.addEventListener('blur', () => { this.mouse.alt = false; this.mouse.shift = false; this.placing = false; if (this.serverDown.size || this.fingers.size) this.cancelAll(); });
    document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden' && (this.serverDown.size || this.fingers.size)) this.cancelAll(); });
    window.addEventListener('pagehide', () => { if (this.serverDown.size) this.cancelAll(); });
  }

  onPointerDown(e) {
    if (!this.enabled) return;
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    // Touch needs no preventDefault here: the stage's `touch-action: none` already stops scrolling and
    // zooming, and Firefox drops every other finger of a touchstart whose first pointerdown is prevented
    // (a pinch would arrive as a one-finger pan).
    if (e.pointerType !== 'touch') e.preventDefault();
    try { this.el.setPointerCapture(e.pointerId); } catch { /* not capturable (synthetic) */ }
    const p = this.point(e.clientX, e.clientY);
    if (e.pointerType === 'mouse' && this.pressPlaced(e, p)) return;
    const type = this.wireType(e.pointerType);
    this.fingers.set(e.pointerId, { x: p[0], y: p[1], size: Math.max(e.width || 0, e.height || 0), virtual: false, type });
    this.push(this.changeFrom(e.pointerId, 'down', e, type, p));
    if (e.pointerType === 'mouse') {
      Object.assign(this.mouse, { down: true, id: e.pointerId, x: p[0], y: p[1], alt: e.altKey, shift: e.shiftKey, hover: null });
      this.updateVirtual(e);
    }
    this.onChange();
  }

  onPointerMove(e) {
    const p = this.point(e.clientX, e.clientY);
    if (e.pointerType === 'mouse' && this.mouse.placed) {
      if (this.enabled) e.preventDefault();
      this.dragPlaced(e, p);
      return;
    }
    if (e.pointerType === 'mouse' && !this.fingers.has(e.pointerId)) {
      // Hover: remember where the mouse is for the Alt/Shift ghost fingers.
      const changed = this.mouse.alt !== e.altKey || this.mouse.shift !== e.shiftKey || this.mouse.alt || this.mouse.shift;
      Object.assign(this.mouse, { hover: p, alt: e.altKey, shift: e.shiftKey });
      if (changed) this.onChange();
      return;
    }
    const f = this.fingers.get(e.pointerId);
    if (!f || !this.enabled) return;
    e.preventDefault();
    const samples = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : [];
    const coalesced = [];
    for (const s of samples) {
      const q = this.point(s.clientX, s.clientY);
      coalesced.push({ x: q[0], y: q[1], t: s.timeStamp || e.timeStamp });
    }
    // The main event itself is usually the last sample: drop it (harmless, but smaller).
    const last = coalesced[coalesced.length - 1];
    if (last && last.x === p[0] && last.y === p[1]) coalesced.pop();
    f.x = p[0];
    f.y = p[1];
    f.size = Math.max(e.width || 0, e.height || 0);
    this.push(this.changeFrom(e.pointerId, 'move', e, f.type, p, coalesced));
    if (e.pointerType === 'mouse') {
      const dx = p[0] - this.mouse.x;
      const dy = p[1] - this.mouse.y;
      Object.assign(this.mouse, { x: p[0], y: p[1] });
      this.updateVirtual(e, coalesced, [dx, dy]);
    }
    this.onChange();
  }

  onPointerEnd(e, phase) {
    if (e.pointerType === 'mouse' && this.mouse.placed && e.pointerId === this.mouse.id) {
      if (this.enabled) e.preventDefault();
      this.liftPlaced(e, phase);
      return;
    }
    const f = this.fingers.get(e.pointerId);
    if (!f) return;
    if (this.enabled) e.preventDefault();
    const p = phase === 'cancel' ? [f.x, f.y] : this.point(e.clientX, e.clientY);
    this.push(this.changeFrom(e.pointerId, phase, e, f.type, p));
    this.fingers.delete(e.pointerId);
    if (e.pointerType === 'mouse') {
      this.endVirtual(phase, e);
      this.mouse.down = false;
      this.mouse.hover = p;
    }
    this.onChange();
  }

  onLostCapture(e) {
    // After pointerup the finger is already gone; a capture lost while down means we lost the pointer.
    if (this.fingers.has(e.pointerId) || (this.mouse.placed && e.pointerId === this.mouse.id)) this.onPointerEnd(e, 'cancel');
  }

  onKey(e) {
    if (this.placingKey(e)) return;
    if (e.key !== 'Alt' && e.key !== 'Shift') return;
    if (e.key === 'Alt' && this.enabled) e.preventDefault(); // keep Alt from focusing a menu bar
    const m = this.mouse;
    m.alt = e.altKey;
    m.shift = e.shiftKey;
    if (m.down) this.updateVirtual({ altKey: e.altKey, shiftKey: e.shiftKey, timeStamp: e.timeStamp });
    this.onChange();
  }

  wireType(pointerType) {
    if (pointerType === 'pen') return 'pen';
    if (pointerType === 'mouse') return this.mouseType;
    return 'touch';
  }

  // ---------------------------------------------------------------- placed fingers (F-click, then drag)

  /** F held: clicks place fingers (F up ends it); Esc takes them away. Whether the key was theirs. */
  placingKey(e) {
    if (e.key === 'Escape' && e.type === 'keydown' && this.placed.clear()) {
      this.onChange();
      return true;
    }
    if (e.code !== 'KeyF') return false;
    const typing = /^(INPUT|SELECT|TEXTAREA)$/.test(e.target?.tagName ?? '');
    const placing = e.type === 'keydown' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey;
    if (placing === this.placing) return placing;
    this.placing = placing;
    this.onChange();
    return true;
  }

  /** A mouse press: with F held it places or takes away a finger; with fingers placed they touch down. Whether it was theirs. */
  pressPlaced(e, p) {
    if (this.placing) {
      if (this.placed.toggle(p[0], p[1])) this.onChange();
      return true;
    }
    if (!this.placed.count) return false;
    for (const f of this.placed.press(p[0], p[1])) {
      this.fingers.set(f.id, { x: f.x, y: f.y, size: 0, virtual: true, type: this.mouseType });
      this.push(this.changeFrom(f.id, 'down', e, this.mouseType, [f.x, f.y]));
    }
    Object.assign(this.mouse, { down: true, id: e.pointerId, x: p[0], y: p[1], hover: null, placed: true });
    this.onChange();
    return true;
  }

  /** The mouse moved while placed fingers touch: those that follow it move as much. */
  dragPlaced(e, p) {
    const [dx, dy] = [p[0] - this.mouse.x, p[1] - this.mouse.y];
    Object.assign(this.mouse, { x: p[0], y: p[1] });
    if (dx === 0 && dy === 0) return;
    for (const f of this.placed.drag(dx, dy)) {
      const finger = this.fingers.get(f.id);
      if (!finger) continue;
      Object.assign(finger, { x: f.x, y: f.y });
      this.push(this.changeFrom(f.id, 'move', e, this.mouseType, [f.x, f.y]));
    }
    this.onChange();
  }

  /** The press ended: every placed finger lifts (or is cancelled) and stays placed where it is. */
  liftPlaced(e, phase) {
    for (const f of this.placed.release()) {
      if (this.fingers.delete(f.id)) this.push(this.changeFrom(f.id, phase, e, this.mouseType, [f.x, f.y]));
    }
    Object.assign(this.mouse, { down: false, placed: false, hover: null });
    this.onChange();
  }

  // ---------------------------------------------------------------- virtual second finger

  virtualPosition(mode, x, y, offset, centre) {
    if (mode === 'mirror') {
      const [cx, cy] = centre;
      return [2 * cx - x, 2 * cy - y];
    }
    return [x + offset[0], y + offset[1]];
  }

  parallelOffset(x) {
    const [cx] = this.centre();
    return [x <= cx ? PARALLEL_OFFSET : -PARALLEL_OFFSET, 0];
  }

  /** Starts, moves or ends the virtual finger to match the modifiers held now. */
  updateVirtual(e, coalesced = [], delta = [0, 0]) {
    const m = this.mouse;
    if (!m.down || m.placed) return;
    const want = e.shiftKey ? 'parallel' : e.altKey ? 'mirror' : null;
    if (want !== m.mode) {
      this.endVirtual('up', e);
      if (want) {
        m.mode = want;
        m.offset = this.parallelOffset(m.x);
        m.centre = this.centreFor(m.x, m.y);
        const [vx, vy] = this.virtualPosition(want, m.x, m.y, m.offset, m.centre);
        this.fingers.set(VIRTUAL_ID, { x: vx, y: vy, size: 0, virtual: true, type: this.mouseType });
        this.push(this.changeFrom(VIRTUAL_ID, 'down', e, this.mouseType, [vx, vy]));
      }
      return;
    }
    if (!m.mode || (delta[0] === 0 && delta[1] === 0)) return;
    const [vx, vy] = this.virtualPosition(m.mode, m.x, m.y, m.offset, m.centre);
    const f = this.fingers.get(VIRTUAL_ID);
    if (!f) return;
    f.x = vx;
    f.y = vy;
    const vc = coalesced.map((s) => {
      const [sx, sy] = this.virtualPosition(m.mode, s.x, s.y, m.offset, m.centre);
      return { x: sx, y: sy, t: s.t };
    });
    this.push(this.changeFrom(VIRTUAL_ID, 'move', e, this.mouseType, [vx, vy], vc));
  }

  endVirtual(phase, e) {
    const m = this.mouse;
    const f = this.fingers.get(VIRTUAL_ID);
    if (f) {
      this.push(this.changeFrom(VIRTUAL_ID, phase, e, this.mouseType, [f.x, f.y]));
      this.fingers.delete(VIRTUAL_ID);
    }
    m.mode = null;
  }

  // ---------------------------------------------------------------- Touch Events fallback (no Pointer Events)

  installTouchFallback(opts) {
    const el = this.el;
    const handle = (phase) => (e) => {
      if (!this.enabled) return;
      e.preventDefault();
      for (const t of e.changedTouches) {
        const id = t.identifier + 1;
        const p = this.point(t.clientX, t.clientY);
        const fake = { pointerType: 'touch', timeStamp: e.timeStamp, pressure: t.force || 0, width: (t.radiusX || 0) * 2, height: (t.radiusY || 0) * 2 };
        if (phase === 'down') this.fingers.set(id, { x: p[0], y: p[1], size: fake.width, virtual: false, type: 'touch' });
        else if (!this.fingers.has(id)) continue;
        else if (phase === 'move') Object.assign(this.fingers.get(id), { x: p[0], y: p[1] });
        else this.fingers.delete(id);
        this.push(this.changeFrom(id, phase, fake, 'touch', p));
      }
      this.onChange();
    };
    el.addEventListener('touchstart', handle('down'), opts);
    el.addEventListener('touchmove', handle('move'), opts);
    el.addEventListener('touchend', handle('up'), opts);
    el.addEventListener('touchcancel', handle('cancel'), opts);
    // Mouse without Pointer Events: one finger.
    const mouse = (phase) => (e) => {
      if (!this.enabled || e.button !== 0) return;
      const id = 0;
      if (phase !== 'down' && !this.fingers.has(id)) return;
      const p = this.point(e.clientX, e.clientY);
      if (phase === 'down') this.fingers.set(id, { x: p[0], y: p[1], size: 0, virtual: false, type: this.mouseType });
      else if (phase === 'move') Object.assign(this.fingers.get(id), { x: p[0], y: p[1] });
      else this.fingers.delete(id);
      this.push(this.changeFrom(id, phase, e, this.mouseType, p));
      this.onChange();
    };
    el.addEventListener('mousedown', mouse('down'));
    window.addEventListener('mousemove', mouse('move'));
    window.addEventListener('mouseup', mouse('up'));
  }
}
