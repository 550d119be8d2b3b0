// What the page says about its connection (protocol.mjs's states) in the banner: why it waits and a
// countdown to the next attempt, that it is connecting again, or that it stopped and why.

/** Why the page waits to reconnect, from the close code. */
export function waitingReason(code, joinedOnce) {
  if (code === 1002) return 'The server does not speak touchbridge.v1.';
  if (code === 4001) return 'The watched session ended.';
  return joinedOnce ? 'Disconnected.' : 'Cannot reach the server.';
}

export class ConnectionStatus {
  /**
   * @param {object} o
   * @param {object} o.banner  banner.mjs: `show(source, text, options)`, `hide(source)`
   * @param {object} o.conn    the connection: `retryAt`, `attempt`, `reconnectNow()`
   * @param {() => number} [o.now]
   * @param {(tick: () => void, ms: number) => unknown} [o.every]  setInterval, or a stand-in
   * @param {(timer: unknown) => void} [o.cancel]                  clearInterval, or a stand-in
   */
  constructor({ banner, conn, now = () => performance.now(), every = (tick, ms) => setInterval(tick, ms), cancel = (timer) => clearInterval(timer) }) {
    Object.assign(this, { banner, conn, now, every, cancel });
    this.timer = 0;
  }

  /** The connection is in `state` now (`info` from protocol.mjs); `joinedOnce`: this page had a session. */
  show(state, info, joinedOnce) {
    const { banner, conn } = this;
    this.cancel(this.timer);
    this.timer = 0;
    if (state === 'joined') {
      banner.hide('connection');
    } else if (state === 'waiting') {
      const why = waitingReason(info.code, joinedOnce);
      const update = () => {
        const left = Math.max(0, (conn.retryAt - this.now()) / 1000);
        banner.show('connection', `${why} Reconnecting in ${left.toFixed(left < 10 ? 1 : 0)} s…`, {
          level: 'error',
          action: { label: 'Retry now', run: () => conn.reconnectNow() },
        });
      };
      update();
      this.timer = this.every(update, 200);
    } else if (state === 'connecting' || state === 'joining') {
      if (joinedOnce || conn.attempt > 0) banner.show('connection', 'Connecting…', { level: 'warn' });
    } else if (state === 'stopped') {
      banner.show('connection', info.reason || 'Stopped.', { level: 'error', action: { label: 'Try again', run: () => conn.reconnectNow() } });
    }
  }
}
