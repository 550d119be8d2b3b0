// What each frame draws on the scene's canvas: the mirror as at the engine's time (running
// animations), the overlay (fingers, fading touches, the hit-test path, the focused view), fitted
// into the page for observers and while stepping (a recording may come from another screen size);
// and the frames painted per second. No DOM of its own: the painter and the page's parts come in.

import { IDENTITY } from './mirror.mjs';
import { anyRunning } from './animation.mjs';
import { overlayFor, fitScene } from './overlay.mjs';

export class StageView {
  /**
   * @param {object} o
   * @param {'device'|'observer'} o.role
   * @param {object} o.painter       paint.mjs: `paint(mirror, options)`, `base`, `engineNow`, `width`, `height`
   * @param {object} o.mirror
   * @param {object} o.engineClock   animation.mjs
   * @param {object} o.session       session.mjs: the touches, pointers and hit path the server reported
   * @param {object} o.input         input.mjs: the fingers this page holds down
   * @param {object} o.stepper       stepper.mjs: `active`
   * @param {object} o.inspector     its timelines scroll with the frames
   * @param {() => boolean} o.panelOpen
   * @param {() => boolean} o.dark   the page is in dark mode
   * @param {() => number} o.stepbarHeight  the stepping bar's height (CSS px), kept clear while stepping
   * @param {() => boolean} o.miniature  the sheet's full detent: the scene is drawn whole, shrunk into the strip above it
   * @param {() => number} [o.now]
   */
  constructor({ role, painter, mirror, engineClock, session, input, stepper, inspector, panelOpen, dark, stepbarHeight, miniature, now = () => performance.now() }) {
    Object.assign(this, { role, painter, mirror, engineClock, session, input, stepper, inspector, panelOpen, dark, stepbarHeight, miniature });
    /** Something changed since the last frame painted. */
    this.dirty = true;
    this.paints = 0;
    this.fps = null;
    /** The matrix from scene points to the stage (IDENTITY but for observers and stepping). */
    this.base = IDENTITY;
    this.overlayIdle = false;
    /** The view picked in the inspector, highlighted for a moment. */
    this.focus = { name: null, at: 0 };
    this.lastAnimating = false;
    this.lastViewsAnimating = false;
    this.paintsSince = now();
    this.paintsCounted = 0;
  }

  /** Whether the scene is drawn from the device's pointers (observers, stepping) rather than this page's fingers. */
  get showsPointers() { return this.role === 'observer' || this.stepper.active; }

  /** Fingers drawn over the scene: the device's pointers (observers, stepping), else this page's. */
  fingers() {
    return this.showsPointers ? this.session.state.pointers.map((p) => ({ ...p })) : this.input.fingersForPaint();
  }

  /**
   * Observers, a page stepping (a recording may come from another screen size) and the full detent's
   * miniature (the scene laid out for more than the strip) fit the scene in.
   */
  fittedBase() {
    if (this.miniature()) return fitScene(this.mirror.windowsExtent(), this.painter.width, this.painter.height);
    if (this.role !== 'observer' && !this.stepper.active) return IDENTITY;
    const bar = this.stepper.active ? this.stepbarHeight() + 16 : 0;
    return fitScene(this.mirror.windowsExtent(), this.painter.width, this.painter.height - bar);
  }

  overlay(now) {
    // Observers draw the device's pointers (every finger, even those recognizers took from the views).
    const { state } = this.session;
    const fingers = this.showsPointers ? state.pointers.map((p) => ({ ...p, size: 0, virtual: false, touch: null })) : this.input.fingersForPaint();
    return overlayFor({ mirror: this.mirror, fingers, reported: state.touches, hit: state.hit, focus: this.focus, now });
  }

  /** Draws what changed; true while something still moves (an animation, a fade, a scrolling timeline). */
  frame(now) {
    const { painter, stepper, inspector } = this;
    const engineNow = this.engineClock.now(now);
    const viewsAnimating = anyRunning(this.mirror, engineNow);
    if (this.dirty || this.lastAnimating || viewsAnimating || this.lastViewsAnimating) {
      this.dirty = false;
      this.lastViewsAnimating = viewsAnimating;
      this.base = this.fittedBase();
      painter.base = this.base;
      painter.engineNow = engineNow;
      const o = this.overlay(now);
      this.lastAnimating = o.animating;
      this.overlayIdle = !o.highlight && !o.touches.length && !o.fingers.length;
      painter.paint(this.mirror, { fingers: o.fingers, touches: o.touches, highlight: o.highlight, frameDevice: this.role === 'observer', dark: this.dark() });
      this.paints += 1;
      this.paintsCounted += 1;
    }
    const open = this.panelOpen();
    const timelinesMoving = open && !stepper.active && inspector.timelinesMoving(now);
    if (open) inspector.drawTimelines(stepper.active ? this.session.state.instantAt : now);
    return this.lastAnimating || viewsAnimating || this.lastViewsAnimating || timelinesMoving;
  }

  /** Frames painted per second since the last call (null: none). */
  sampleFps(now) {
    this.fps = this.paintsCounted ? (this.paintsCounted * 1000) / (now - this.paintsSince) : null;
    this.paintsCounted = 0;
    this.paintsSince = now;
    return this.fps;
  }
}
