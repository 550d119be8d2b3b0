// Shake detection from `devicemotion` → `motion` began / ended / cancelled (docs/protocol.md §4.4).
// iOS asks for permission (DeviceMotionEvent.requestPermission, from a tap, on https only).

const G = 9.80665;

export class ShakeDetector {
  /**
   * @param {object} o
   * @param {(phase: 'began'|'ended'|'cancelled') => void} o.onPhase
   * @param {number} [o.threshold]  m/s² of acceleration (beyond gravity) that counts as a jolt
   * @param {number} [o.jolts]      jolts within `windowMs` that make a shake
   * @param {number} [o.calmMs]     quiet time that ends a shake
   */
  constructor({ onPhase, threshold = 11, jolts = 3, windowMs = 700, calmMs = 450, maxMs = 5000 }) {
    this.onPhase = onPhase;
    this.threshold = threshold;
    this.jolts = jolts;
    this.windowMs = windowMs;
    this.calmMs = calmMs;
    this.maxMs = maxMs;
    this.peaks = [];
    this.shaking = false;
    this.began = 0;
    this.lastPeak = 0;
    this.calmTimer = 0;
    this.events = 0;
    this.listening = false;
    this.lastMagnitude = 0;
  }

  get supported() { return typeof window.DeviceMotionEvent !== 'undefined'; }

  /** iOS 13+: motion events need a permission asked from a user gesture. */
  get needsPermission() {
    return this.supported && typeof window.DeviceMotionEvent.requestPermission === 'function';
  }

  async requestPermission() {
    if (!this.needsPermission) return 'granted';
    if (!window.isSecureContext) return 'needs-https';
    try {
      const answer = await window.DeviceMotionEvent.requestPermission();
      if (answer === 'granted') this.start();
      return answer;
    } catch (err) {
      return `error: ${err && err.message}`;
    }
  }

  start() {
    if (this.listening || !this.supported) return;
    this.listening = true;
    window.addEventListener('devicemotion', (e) => this.onMotion(e));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.cancel();
    });
  }

  /** Magnitude of the acceleration the user gave the device (gravity removed). */
  static magnitude(e) {
    const a = e.acceleration;
    if (a && [a.x, a.y, a.z].every((n) => Number.isFinite(n))) return Math.hypot(a.x, a.y, a.z);
    const g = e.accelerationIncludingGravity;
    if (g && [g.x, g.y, g.z].some((n) => Number.isFinite(n))) return Math.abs(Math.hypot(g.x || 0, g.y || 0, g.z || 0) - G);
    return null;
  }

  onMotion(e) {
    // Any event, even one without readings (a desktop without sensors sends one), shows that the
    // browser delivers motion events without asking.
    this.events += 1;
    const mag = ShakeDetector.magnitude(e);
    if (mag === null) return;
    this.lastMagnitude = mag;
    const now = performance.now();
    if (mag > this.threshold) {
      this.lastPeak = now;
      this.peaks.push(now);
      while (this.peaks.length && now - this.peaks[0] > this.windowMs) this.peaks.shift();
      if (!this.shaking && this.peaks.length >= this.jolts) {
        this.shaking = true;
        this.began = now;
        this.onPhase('began');
      }
      if (this.shaking && now - this.began > this.maxMs) {
        // An endless "shake" is something else (a car, a vibrating table): UIKit cancels it.
        this.cancel();
        return;
      }
    }
    if (this.shaking) this.armCalm();
  }

  armCalm() {
    clearTimeout(this.calmTimer);
    const wait = Math.max(0, this.calmMs - (performance.now() - this.lastPeak));
    this.calmTimer = setTimeout(() => {
      if (this.shaking && performance.now() - this.lastPeak >= this.calmMs - 1) {
        this.shaking = false;
        this.peaks = [];
        this.onPhase('ended');
      } else if (this.shaking) {
        this.armCalm();
      }
    }, wait + 5);
  }

  cancel() {
    clearTimeout(this.calmTimer);
    this.peaks = [];
    if (!this.shaking) return;
    this.shaking = false;
    this.onPhase('cancelled');
  }
}
