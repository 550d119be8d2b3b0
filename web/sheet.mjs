// The inspector's two layouts. On a phone in portrait (a narrow, tall window) it is a bottom sheet with
// a grab handle and detents, like an iOS sheet (UISheetPresentationController: medium and large
// detents, plus a small "peek" one); the scene gets the area above the sheet, so the window size the
// server lays out is what the user sees and nothing is hidden under the sheet. At the large detent the
// strip left above the sheet is too short for any scene: there the scene keeps the half detent's
// layout and is drawn whole, shrunk into the strip (a live miniature, like the presenting view an iOS
// sheet pushes back), and tapping it brings the sheet down to half. On tablets, landscape phones (a
// 320 pt tall window keeps its height this way) and desktops it is a side panel beside the scene.
// Gestures on the sheet are the sheet's: it is outside the scene surface, so they never reach the scene.

/** Narrow and in portrait: a sheet (phones); otherwise a side panel. */
export const SHEET_QUERY = '(max-width: 599.98px) and (orientation: portrait)';
/** A phone: its shorter side is at most 440 pt (docs/uikit-rules.md, size classes). */
export const PHONE_QUERY = '(max-width: 440px), (max-height: 440px)';
export const DETENTS = ['peek', 'half', 'full'];

const PEEK_PX = 150;
/** The full detent leaves this much above the sheet (a strip, as on iOS): the scene's miniature. */
const FULL_SCENE_MIN_PX = 120;
/** A release this far below the peek detent's height closes the sheet. */
const CLOSE_BELOW = 0.5;
/** Velocity projection: where a flick would come to rest (ms of travel at release speed). */
const PROJECT_MS = 120;
/** Only moves this recent (ms before the lift) count towards the release speed. */
const FLICK_WINDOW_MS = 100;

export class Sheet {
  /**
   * @param {object} o
   * @param {HTMLElement} o.app     gets `sheet-mode` / `side-mode`, and the CSS variables --sheet-h, --sheet-cut
   * @param {HTMLElement[]} o.handles elements that drag the sheet (the grab handle, the header)
   * @param {HTMLButtonElement} o.grab  the grab handle (a button: tapping it steps through the detents)
   * @param {HTMLElement} o.opener  the closed sheet's tab bar: dragging it up pulls the sheet out
   * @param {(open: boolean) => void} o.onOpenChange the sheet opened or closed by a drag
   */
  constructor({ app, handles, grab, opener, onOpenChange }) {
    this.app = app;
    this.grab = grab;
    this.onOpenChange = onOpenChange;
    this.query = window.matchMedia(SHEET_QUERY);
    this.detent = 'half';
    this.open = false;
    this.drag = null;
    this.query.addEventListener?.('change', () => this.layout());
    window.addEventListener('resize', () => this.layout());
    for (const h of handles) this.installDrag(h);
    this.installOpener(opener);
    this.installTracking();
    grab.addEventListener('click', () => {
      if (this.dragMoved) return;
      this.setDetent(DETENTS[(DETENTS.indexOf(this.detent) + 1) % DETENTS.length]);
    });
    this.layout();
  }

  get isSheet() { return this.query.matches; }

  /** The sheet is at its full detent: the strip above it shows the scene as a miniature. */
  get miniature() { return this.isSheet && this.open && this.detent === 'full'; }

  /**
   * The area the scene is laid out for, given the stage's rectangle: the stage itself, but at the full
   * detent the area the half detent leaves (the miniature shows that layout, shrunk into the strip).
   */
  layoutRect(stage) {
    if (!this.miniature) return stage;
    const height = Math.max(1, window.innerHeight - this.heightOf('half') - stage.top);
    return { left: stage.left, top: stage.top, right: stage.right, bottom: stage.top + height, width: stage.width, height };
  }

  /** Height in CSS px of a detent in the current window. */
  heightOf(detent) {
    const h = window.innerHeight;
    if (detent === 'peek') return Math.min(PEEK_PX, h * 0.4);
    if (detent === 'half') return Math.round(h * 0.5);
    return Math.max(Math.round(h * 0.5), h - FULL_SCENE_MIN_PX);
  }

  /** Shows the sheet open (at its detent) or closed; a side panel ignores detents. */
  setOpen(open) {
    this.open = open;
    this.layout();
  }

  setDetent(detent) {
    if (!DETENTS.includes(detent)) return;
    this.detent = detent;
    this.layout();
  }

  /** Applies the mode and the settled height: the scene surface shrinks by the sheet's height. */
  layout() {
    const sheet = this.isSheet;
    this.app.classList.toggle('sheet-mode', sheet);
    this.app.classList.toggle('side-mode', !sheet);
    const height = sheet && this.open ? this.heightOf(this.detent) : 0;
    this.app.style.setProperty('--sheet-h', `${height}px`);
    this.app.style.setProperty('--sheet-cut', `${height}px`);
    this.app.dataset.detent = sheet && this.open ? this.detent : '';
    this.grab.setAttribute('aria-label', `Inspector size: ${this.detent}. Tap for the next size, or drag.`);
  }

  installDrag(handle) {
    handle.addEventListener('pointerdown', (e) => {
      if (!this.isSheet || !this.open || e.button > 0) return;
      if (e.target.closest('button, select, input, a') && e.target !== this.grab && !this.grab.contains(e.target)) return;
      e.preventDefault();
      try { handle.setPointerCapture(e.pointerId); } catch { /* synthetic */ }
      this.dragMoved = false;
      this.startDrag(e, this.heightOf(this.detent));
    });
  }

  startDrag(e, height) {
    this.drag = { id: e.pointerId, y0: e.clientY, h0: height, h: height, samples: [[e.timeStamp, e.clientY]] };
    this.app.classList.add('sheet-dragging');
  }

  /**
   * The tab bar of a closed sheet: a tap opens it (its click), an upward drag pulls the sheet out with
   * the finger. The bar disappears once the sheet is open, so the pointer is captured by the page.
   */
  installOpener(opener) {
    opener.addEventListener('pointerdown', (e) => {
      if (this.isSheet && !this.open && e.button <= 0) this.pending = { id: e.pointerId, y0: e.clientY };
    });
    this.app.addEventListener('pointermove', (e) => {
      const p = this.pending;
      if (!p || e.pointerId !== p.id || p.y0 - e.clientY < 8) return;
      this.pending = null;
      this.onOpenChange(true);
      try { this.app.setPointerCapture(e.pointerId); } catch { /* synthetic */ }
      this.dragMoved = true;
      this.startDrag({ pointerId: p.id, clientY: p.y0, timeStamp: e.timeStamp }, 0);
    });
    const forget = (e) => { if (this.pending?.id === e.pointerId) this.pending = null; };
    this.app.addEventListener('pointerup', forget);
    this.app.addEventListener('pointercancel', forget);
  }

  /** Moves and releases of a drag, from whichever element holds the pointer (they bubble to the page). */
  installTracking() {
    const handle = this.app;
    handle.addEventListener('pointermove', (e) => {
      const d = this.drag;
      if (!d || e.pointerId !== d.id) return;
      e.preventDefault();
      if (Math.abs(e.clientY - d.y0) > 4) this.dragMoved = true;
      d.h = Math.max(0, Math.min(this.heightOf('full'), d.h0 - (e.clientY - d.y0)));
      d.samples.push([e.timeStamp, e.clientY]);
      if (d.samples.length > 6) d.samples.shift();
      // Only the sheet follows the finger; the scene is resized once, when the sheet settles.
      this.app.style.setProperty('--sheet-h', `${d.h}px`);
    });
    const end = (e) => {
      const d = this.drag;
      if (!d || e.pointerId !== d.id) return;
      this.drag = null;
      this.app.classList.remove('sheet-dragging');
      // Release speed from the moves of the last moment: a finger that stopped before lifting flicks nothing.
      const recent = d.samples.filter(([t]) => t >= e.timeStamp - FLICK_WINDOW_MS);
      const [t0, y0] = recent[0] ?? [0, 0];
      const [t1, y1] = recent[recent.length - 1] ?? [0, 0];
      const velocity = recent.length > 1 && t1 > t0 ? (y1 - y0) / (t1 - t0) : 0; // px per ms, down is positive
      this.settle(d.h - velocity * PROJECT_MS);
    };
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  }

  /** Snaps a released sheet to the nearest detent, or closes it when pulled well below the smallest. */
  settle(height) {
    if (height < this.heightOf('peek') * CLOSE_BELOW) {
      this.open = false;
      this.layout();
      this.onOpenChange(false);
      return;
    }
    let best = this.detent;
    let bestGap = Infinity;
    for (const d of DETENTS) {
      const gap = Math.abs(this.heightOf(d) - height);
      if (gap < bestGap) { best = d; bestGap = gap; }
    }
    this.setDetent(best);
  }
}
