// The WebSocket connection: subprotocol touchbridge.v1, hello on every (re)connect, reconnect with
// exponential backoff, ping/pong round-trip time, a watchdog for half-open sockets.

export const SUBPROTOCOL = 'touchbridge.v1';
export const PROTOCOL_VERSION = 1;
export const CLIENT_NAME = 'touchbridge-web/1.0';
/** Close code of a connection without the server's access token (docs/protocol.md §8). */
export const CLOSE_UNAUTHORIZED = 4401;

/**
 * The WebSocket URL: `?ws=` override, else `/ws` next to the page (ws: or wss: to match the page),
 * carrying the page's `?token=` (a server on the LAN requires its access token; docs/security.md)
 * and `?watch=` (a proxy in front of several servers routes an observer by its session's id).
 */
export function socketURL(loc = window.location) {
  const params = new URLSearchParams(loc.search);
  const override = params.get('ws');
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  const base = loc.pathname.replace(/[^/]*$/, '');
  const url = new URL(override ? new URL(override, loc.href).href.replace(/^http/, 'ws') : `${scheme}//${loc.host}${base}ws`);
  for (const name of ['token', 'watch']) {
    const value = params.get(name);
    if (value) url.searchParams.set(name, value);
  }
  return url.href;
}

/**
 * States: 'connecting' (socket opening), 'joining' (hello sent), 'joined' (welcome received),
 * 'waiting' (closed, reconnect scheduled), 'stopped' (no more attempts).
 */
export class Connection {
  /**
   * @param {object} o
   * @param {string} o.url
   * @param {() => object} o.makeHello   called for every new socket; returns the hello message
   * @param {(msg: object) => void} o.onMessage
   * @param {(state: string, info: object) => void} o.onState
   */
  constructor({ url, makeHello, onMessage, onState, pingIntervalMs = 2000, watchdogMs = 10000 }) {
    this.url = url;
    this.makeHello = makeHello;
    this.onMessage = onMessage;
    this.onState = onState;
    this.pingIntervalMs = pingIntervalMs;
    this.watchdogMs = watchdogMs;
    this.ws = null;
    this.state = 'idle';
    this.attempt = 0;
    this.retryAt = 0;
    this.retryTimer = 0;
    this.pingTimer = 0;
    this.pingId = 0;
    this.pings = new Map();
    this.rtt = null;
    this.lastReceived = 0;
    this.connects = 0;
    this.lastClose = null;
  }

  start() {
    if (this.state === 'connecting' || this.state === 'joining' || this.state === 'joined') return;
    clearTimeout(this.retryTimer);
    this.open();
  }

  /** Give up (e.g. the watched session is gone). `reconnectNow()` starts again. */
  stop(reason) {
    clearTimeout(this.retryTimer);
    this.stopPing();
    this.setState('stopped', { reason });
    const ws = this.ws;
    this.ws = null;
    if (ws) try { ws.close(1000); } catch { /* already closed */ }
  }

  reconnectNow() {
    if (this.state === 'joined' || this.state === 'joining' || this.state === 'connecting') return;
    this.attempt = 0;
    clearTimeout(this.retryTimer);
    this.open();
  }

  /** Drops the current socket and connects again (used by the watchdog and by tests). */
  restart() {
    const ws = this.ws;
    this.ws = null;
    if (ws) try { ws.close(); } catch { /* ignore */ }
    this.afterClose({ code: 1006, reason: 'restart' });
  }

  open() {
    let ws;
    this.setState('connecting', { attempt: this.attempt });
    try {
      ws = new WebSocket(this.url, SUBPROTOCOL);
    } catch (err) {
      this.afterClose({ code: 0, reason: String(err && err.message) });
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      if (ws.protocol && ws.protocol !== SUBPROTOCOL) {
        ws.close(1002);
        return;
      }
      this.connects += 1;
      this.lastReceived = performance.now();
      this.setState('joining', {});
      this.sendRaw(this.makeHello());
      this.startPing();
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.lastReceived = performance.now();
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (!msg || typeof msg !== 'object') return;
      if (msg.type === 'welcome') {
        this.attempt = 0;
        this.setState('joined', { welcome: msg });
      } else if (msg.type === 'pong') {
        const sent = this.pings.get(msg.id);
        if (sent !== undefined) {
          this.rtt = performance.now() - sent;
          this.pings.delete(msg.id);
        }
      }
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.afterClose({ code: ev.code, reason: ev.reason });
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  afterClose(info) {
    this.stopPing();
    this.lastClose = info;
    if (this.state === 'stopped') return;
    if (info.code === CLOSE_UNAUTHORIZED) {
      // Retrying cannot help: the page's URL lacks the server's access token (or has an old one).
      this.stop(`${info.reason || 'Access token missing or wrong.'} (…/?token=…)`);
      return;
    }
    const delay = Math.min(8000, 400 * 2 ** this.attempt) * (0.8 + Math.random() * 0.4);
    this.attempt = Math.min(this.attempt + 1, 10);
    this.retryAt = performance.now() + delay;
    this.setState('waiting', { ...info, delay });
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  setState(state, info) {
    this.state = state;
    this.onState(state, info);
  }

  get isOpen() { return !!this.ws && this.ws.readyState === WebSocket.OPEN; }

  /** Sends a message if the session is joined; returns whether it went out. */
  send(msg) {
    if (this.state !== 'joined') return false;
    return this.sendRaw(msg);
  }

  /** Sends on the open socket regardless of the join state (hello, a corrected hello, ping). */
  sendRaw(msg) {
    if (!this.isOpen) return false;
    try {
      this.ws.send(JSON.stringify(msg));
      return true;
    } catch {
      return false;
    }
  }

  startPing() {
    this.stopPing();
    const tick = () => {
      if (!this.isOpen) return;
      if (performance.now() - this.lastReceived > this.watchdogMs) {
        this.restart();
        return;
      }
      this.ping();
    };
    this.pingTimer = setInterval(tick, this.pingIntervalMs);
    setTimeout(tick, 50);
  }

  ping() {
    if (this.state !== 'joined') return;
    this.pingId += 1;
    this.pings.set(this.pingId, performance.now());
    if (this.pings.size > 20) this.pings.delete(this.pings.keys().next().value);
    this.sendRaw({ type: 'ping', id: this.pingId });
  }

  stopPing() {
    clearInterval(this.pingTimer);
    this.pingTimer = 0;
    this.pings.clear();
  }
}
