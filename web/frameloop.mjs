// Animation frames only while something changes: `request()` asks for one; the frame's `tick` says
// whether it needs another (an animation, a fade or a scrolling timeline still running). An idle
// page draws nothing and wakes for nothing, which a phone's battery notices.

export class FrameLoop {
  /**
   * @param {(now: number) => boolean} tick   draws a frame; true asks for the next one
   * @param {(callback: (now: number) => void) => unknown} schedule   requestAnimationFrame, or a stand-in
   */
  constructor(tick, schedule = (callback) => requestAnimationFrame(callback)) {
    this.tick = tick;
    this.schedule = schedule;
    this.pending = false;
  }

  /** Draws at the next animation frame (one frame, however often it is asked for before then). */
  request() {
    if (this.pending) return;
    this.pending = true;
    this.schedule((now) => this.run(now));
  }

  run(now) {
    this.pending = false;
    if (this.tick(now)) this.request();
  }
}
