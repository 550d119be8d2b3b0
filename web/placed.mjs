// Up to five fingers from a mouse or trackpad (three- to five-finger gestures a laptop cannot make
// otherwise; the iOS Simulator stops at two). Hold F and click to place fingers — they are drawn, not
// touching — and F-click one again to take it away; Esc takes them all away. Then press and drag:
// every placed finger touches down at once and moves with the mouse; pressed on one of them, that one
// alone moves while the others hold still. Releasing lifts them all; they stay placed where they
// ended, ready for the next gesture. input.mjs sends their changes like any other pointer's.

/** Wire ids of placed fingers: PLACED_BASE_ID + 0 … 4, clear of the browser's pointer ids. */
export const PLACED_BASE_ID = 1000010;
/** The most fingers one can place (a hand). */
export const MAX_PLACED = 5;
/** How close (pt) a click must be to a placed finger to pick that finger. */
const PICK_RADIUS = 22;

export class PlacedFingers {
  constructor() {
    /** Placed fingers in placing order: {id, x, y}. */
    this.fingers = [];
    /** Whether they are touching (between a press and its release). */
    this.down = false;
    /** The finger that moves alone while down (pressed on it), or null: all move together. */
    this.moving = null;
  }

  get count() { return this.fingers.length; }

  /** The placed finger within reach of (x, y), nearest first; null when none is. */
  at(x, y) {
    let best = null;
    let bestDistance = PICK_RADIUS;
    for (const f of this.fingers) {
      const distance = Math.hypot(f.x - x, f.y - y);
      if (distance <= bestDistance) [best, bestDistance] = [f, distance];
    }
    return best;
  }

  /** F-click at (x, y): takes the finger there away, or places a new one (at most MAX_PLACED); whether anything changed. */
  toggle(x, y) {
    if (this.down) return false;
    const hit = this.at(x, y);
    if (hit) {
      this.fingers = this.fingers.filter((f) => f !== hit);
      return true;
    }
    const used = new Set(this.fingers.map((f) => f.id));
    const free = Array.from({ length: MAX_PLACED }, (_, i) => PLACED_BASE_ID + i).find((id) => !used.has(id));
    if (free === undefined) return false;
    this.fingers.push({ id: free, x, y });
    return true;
  }

  /** Takes every finger away (not while they touch); whether there were any. */
  clear() {
    if (this.down || !this.fingers.length) return false;
    this.fingers = [];
    return true;
  }

  /** A press at (x, y): every finger touches down; the one pressed on (if any) is the one that moves. */
  press(x, y) {
    this.down = true;
    this.moving = this.at(x, y);
    return this.fingers;
  }

  /** The mouse moved by (dx, dy): moves the fingers that follow it; returns those. */
  drag(dx, dy) {
    const moved = this.moving ? [this.moving] : this.fingers;
    for (const f of moved) {
      f.x += dx;
      f.y += dy;
    }
    return moved;
  }

  /** The release: every finger lifts (and stays placed where it is). */
  release() {
    this.down = false;
    this.moving = null;
    return this.fingers;
  }
}
