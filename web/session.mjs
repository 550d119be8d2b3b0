// The page's session with the server, without the page: what the page knows of it (the scene, the
// limits, the touches the server reported, its errors), what it sends (hello, `input` and their seq,
// scene switches, `resize`) and how it takes each server message: welcome, render (a resync when the
// mirror loses track), events (held while stepping), errors (a rejected frame recovered once), the
// instants of a paused session or a recording, and back to live. No DOM: the socket, the mirror, the
// clock and the page's parts come in as parameters, so Node's test runner drives it (Tests/web).

import { PROTOCOL_VERSION, CLIENT_NAME } from './protocol.mjs';
import { viewportOf, sameViewport } from './viewport.mjs';

export const DEFAULT_LIMITS = { maxCoalescedPerPointer: 64, maxPointersPerInput: 32, maxTouches: 10, maxViewportPoints: 8192, maxViewportScale: 16 };

/** Live `events` kept while stepping, errors and sent inputs remembered, input seqs tracked. */
export const MAX_HELD = 1000;
export const MAX_ERRORS = 100;
export const MAX_RECENT_INPUTS = 100;
export const MAX_INPUT_SEQS = 512;
/** A mirror out of sync asks for a full render at most this often (ms). */
export const RESYNC_INTERVAL_MS = 1000;
/** After the server switched scenes, `unknown-pointer` errors for fingers still down are expected this long (ms, §4.7). */
export const SWITCH_GRACE_MS = 1500;

const round3 = (n) => Math.round(n * 1000) / 1000;
const count = (map, key) => { map[key] = (map[key] || 0) + 1; };
const finitePoint = (p) => p && Number.isFinite(p.x) && Number.isFinite(p.y);

/** What the views saw of a touch a `responder` entry delivers: its method, not the finger's phase. */
const METHOD_PHASE = { touchesBegan: 'began', touchesEnded: 'ended', touchesCancelled: 'cancelled' };

/** The session's client clock: monotonic per session, as the protocol requires (§2 Time). */
export class ClientClock {
  /** @param {() => number} now  the page's clock (ms) */
  constructor(now = () => performance.now()) {
    this.now = now;
    this.last = -Infinity;
  }

  reset() { this.last = -Infinity; }

  /** `t` (the page's clock when not finite), never earlier than a time already stamped. */
  stamp(t) {
    let v = Number.isFinite(t) ? t : this.now();
    if (v < this.last) v = this.last;
    this.last = v;
    return v;
  }
}

export class Session {
  /**
   * @param {object} o
   * @param {'device'|'observer'} o.role
   * @param {string|null} [o.watch]       the session an observer watches
   * @param {'client'|'manual'} [o.clockMode]
   * @param {string|null} [o.scene]       the scene a device asks for (`?scene=`)
   * @param {object} o.conn               the connection: `state`, `rtt`, `send(msg)` (once joined), `sendRaw(msg)`, `stop(reason)`
   * @param {object} o.mirror             the view tree (mirror.mjs)
   * @param {object} o.engineClock        engine time (animation.mjs): `observe(t, at)`, `freeze(t)`
   * @param {object} o.inspector          the inspector's part of each message
   * @param {object} o.input              pointer capture: `enabled`, `resetSession()`, `touchesCancelledBySystem()`, `recover()`
   * @param {object} o.stepper            stepping: `active` and its messages
   * @param {object} o.banner             `show(source, text, options)`
   * @param {() => object} o.measure      the scene surface now, for `viewportOf` (viewport.mjs)
   * @param {() => number} [o.now]        the page's clock (ms)
   * @param {(scene: string) => void} [o.showing]  a device shows another scene (browser history)
   * @param {(welcome: object) => void} [o.welcomed]  a session was joined (the page's panels)
   * @param {() => void} [o.resize]       the page may have changed size: measure and report it again
   * @param {() => void} [o.requestPaint] something to draw changed
   * @param {(...args: unknown[]) => void} [o.warn]
   */
  constructor({
    role, watch = null, clockMode = 'client', scene = null, conn, mirror, engineClock, inspector, input, stepper, banner,
    measure, now = () => performance.now(), showing = () => {}, welcomed = () => {}, resize = () => {},
    requestPaint = () => {}, warn = (...args) => console.warn(...args),
  }) {
    Object.assign(this, {
      role, watch, clockMode, conn, mirror, engineClock, inspector, input, stepper, banner,
      measure, now, showing, welcomed, resize, requestPaint, warn,
    });
    this.clock = new ClientClock(now);
    this.state = {
      conn: 'connecting',
      session: null,
      welcome: null,
      scene: null,
      wantedScene: role === 'device' ? scene : null,
      limits: { ...DEFAULT_LIMITS },
      seq: 0,
      lastSeq: 0,
      /** Seqs of the inputs that cancel pointers after a rejected frame: their errors are expected. */
      cleanupSeqs: new Set(),
      inputSeqs: new Set(),
      /** A rejected input at or below this seq was sent before the last recovery: no new one. */
      recoverBarrier: 0,
      sentViewport: null,
      lastResync: -Infinity,
      joinedOnce: false,
      sceneSwitchedAt: -Infinity,
      recentInputs: [],
      errors: [],
      received: {},
      sent: {},
      /** Touches as the server reports them: touch number → {id, phase, tapCount, location, at}. */
      touches: new Map(),
      /** The device's live pointers after its latest input (`events.pointers`): what observers draw. */
      pointers: [],
      hit: { path: [], at: 0 },
      /** While stepping: live `events` to take in when the session resumes, and the instant shown (page time). */
      held: [],
      instantAt: 0,
    };
  }

  // ---------------------------------------------------------------- sending

  /** Sends once joined, counting what went out; whether it did. */
  send(msg) {
    const ok = this.conn.send(msg);
    if (ok) count(this.state.sent, msg.type);
    return ok;
  }

  nextSeq() {
    this.state.seq += 1;
    this.state.lastSeq = this.state.seq;
    return this.state.seq;
  }

  /** The hello of a new connection: a new session starts its clock and seqs again. */
  hello(withScene = true) {
    const s = this.state;
    this.clock.reset();
    s.seq = 0;
    s.lastSeq = 0;
    s.recoverBarrier = 0;
    s.cleanupSeqs.clear();
    s.inputSeqs.clear();
    const viewport = viewportOf(this.measure(), s.limits);
    s.sentViewport = viewport;
    const hello = {
      type: 'hello', protocol: PROTOCOL_VERSION, role: this.role, viewport, clock: this.clockMode,
      t: round3(this.clock.stamp(this.now())), client: CLIENT_NAME,
    };
    if (this.role === 'observer') hello.session = this.watch;
    else if (withScene && s.wantedScene) hello.scene = s.wantedScene;
    count(s.sent, 'hello');
    return hello;
  }

  /** One `input` message (InputCapture's sink); `meta.cleanup` marks the cancels of a recovery. */
  sendInput(pointers, meta = {}) {
    const s = this.state;
    const seq = this.nextSeq();
    const ok = this.send({ type: 'input', seq, pointers });
    if (ok) {
      s.recentInputs.push({ seq, pointers });
      if (s.recentInputs.length > MAX_RECENT_INPUTS) s.recentInputs.shift();
      s.inputSeqs.add(seq);
      if (s.inputSeqs.size > MAX_INPUT_SEQS) s.inputSeqs.delete(s.inputSeqs.values().next().value);
      if (meta.cleanup) s.cleanupSeqs.add(seq);
    }
    return ok;
  }

  /** A device's message at the client clock's now, with a seq (motion, remote, advance). */
  sendTimed(msg) {
    if (this.role !== 'device') return false;
    return this.send({ ...msg, t: round3(this.clock.stamp(this.now())), seq: this.nextSeq() });
  }

  /** A note in the server's recording (`serve --record`), and in the log whether it was saved. */
  mark(note) {
    if (!this.send({ type: 'mark', note, t: round3(this.clock.stamp(this.now())) })) return false;
    this.inspector.addMarker(this.state.welcome?.recording === false ? `${note} (not saved: the server is not recording)` : `${note} (saved in the server's recording)`);
    return true;
  }

  /** Asks the server for a scene; the same scene again restarts it (a new app, §4.7). */
  openScene(name) {
    if (this.role !== 'device') return;
    this.state.wantedScene = name;
    if (this.send({ type: 'scene', scene: name })) {
      // Touches that were down belong to the old app (§4.7).
      this.input.resetSession();
      this.state.touches.clear();
      if (name === this.state.scene) this.inspector.resetScene(name);
    }
  }

  /** A device reports a new size of its scene surface (not while stepping, nor the same again). */
  reportViewport() {
    if (this.role !== 'device' || this.stepper.active || this.conn.state !== 'joined') return false;
    const measured = this.measure();
    if (measured.width <= 0 || measured.height <= 0) return false;
    const viewport = viewportOf(measured, this.state.limits);
    if (sameViewport(this.state.sentViewport, viewport)) return false;
    if (!this.send({ type: 'resize', ...viewport })) return false;
    this.state.sentViewport = viewport;
    return true;
  }

  // ---------------------------------------------------------------- the connection

  /** The connection's state changed (protocol.mjs). */
  connectionChanged(state) {
    this.state.conn = state;
    if (state === 'waiting') {
      // The server ended our session with the socket: its touches are cancelled there.
      this.input.resetSession();
      this.state.touches.clear();
    }
  }

  /** One message from the server. */
  receive(msg) {
    count(this.state.received, String(msg.type));
    // While stepping the scene shows an earlier instant: the live render comes back whole on resume.
    if (this.stepper.active && msg.type === 'render') return;
    if (this.stepper.active && msg.type === 'events') {
      if (this.state.held.length < MAX_HELD) this.state.held.push(msg);
      return;
    }
    switch (msg.type) {
      case 'welcome': this.onWelcome(msg); break;
      case 'render': this.onRender(msg); break;
      case 'events': this.onEvents(msg); break;
      case 'error': this.onError(msg); break;
      case 'pong': this.inspector.setHud({ rtt: this.conn.rtt }); break;
      case 'stepping':
        // Pausing took the app out of the foreground: the server cancelled the device's touches.
        if (this.role === 'device') this.input.touchesCancelledBySystem();
        this.stepper.onStepping(msg);
        break;
      case 'step': this.stepper.onStep(msg); break;
      case 'resumed': this.stepper.onResumed(msg); break;
      case 'recordings': this.stepper.onRecordings(msg); break;
      case 'uploading': this.stepper.onUploading(msg); break;
      case 'exported-test': this.stepper.exporter.onExported(msg); break;
      case 'what-if': this.inspector.whatIf?.onWhatIf(msg); break;
      case 'flake': this.inspector.whatIf?.onFlake(msg); break;
      default: break; // unknown message types are ignored (v1 is additive)
    }
  }

  onWelcome(w) {
    const s = this.state;
    const reconnected = s.joinedOnce;
    s.welcome = w;
    s.session = w.session;
    s.limits = { ...DEFAULT_LIMITS, ...(w.limits || {}) };
    s.joinedOnce = true;
    s.touches.clear();
    // A new session is live: what an earlier one logged while it was paused is not its history.
    s.held = [];
    this.stepper.reset();
    this.input.resetSession();
    this.inspector.setScenes(w.scenes, w.scene);
    this.inspector.setHud({ clock: w.clock });
    if (reconnected) this.inspector.addMarker(`reconnected: new ${this.role === 'device' ? 'session' : 'join'} ${String(w.session).slice(0, 8)}…`);
    // A new session is a new app, even when it shows the same scene.
    s.scene = null;
    this.switchedScene(w.scene);
    this.inspector.setLints(w.lints);
    this.welcomed(w);
    if (this.role === 'device') this.stepper.setRecording(w.recording);
    // The page may have changed size while we were away.
    this.resize();
  }

  /** The server shows `name` now: what was down, hit or pointed at belonged to the scene before. */
  switchedScene(name) {
    const s = this.state;
    if (name === s.scene) return;
    s.scene = name;
    s.sceneSwitchedAt = this.now();
    if (this.role === 'device' && name !== 'inline') {
      s.wantedScene = name;
      this.showing(name);
    }
    this.inspector.setScene(name);
    this.inspector.resetScene(name);
    this.input.resetSession();
    s.touches.clear();
    s.pointers = [];
    s.hit = { path: [], at: 0 };
  }

  onRender(msg) {
    this.engineClock.observe(msg.t, this.now());
    if (msg.full && typeof msg.scene === 'string') this.switchedScene(msg.scene);
    if (msg.full) {
      this.inspector.setRecognizers(msg.recognizers);
      // A resync's full render leaves the lints out: they have not changed.
      if (Array.isArray(msg.lints)) this.inspector.setLints(msg.lints);
    }
    const { ok, problems } = this.mirror.apply(msg);
    if (!ok) {
      this.warn('TouchBridge: mirror out of sync', problems);
      const now = this.now();
      if (now - this.state.lastResync > RESYNC_INTERVAL_MS) {
        this.state.lastResync = now;
        this.send({ type: 'resync' });
      }
    }
    this.requestPaint();
  }

  onEvents(msg, at = this.now()) {
    this.inspector.addEvents(msg, at);
    if (Array.isArray(msg.lints)) this.inspector.setLints(msg.lints);
    this.noteTouches(msg, at);
    this.requestPaint();
  }

  /** Touches, the device's pointers and the hit-test path from one `events` message received at `at`. */
  noteTouches(msg, at) {
    const s = this.state;
    if (Array.isArray(msg.pointers)) s.pointers = msg.pointers.filter(finitePoint).map((p) => ({ id: p.id, x: p.x, y: p.y }));
    for (const e of Array.isArray(msg.log) ? msg.log : []) {
      if (e.kind === 'responder' && Array.isArray(e.touches)) {
        for (const t of e.touches) {
          if (!t || !Array.isArray(t.location)) continue;
          // What the views saw: a touch a recognizer took away (touchesCancelled) is over for them, even
          // though the finger is still moving (its own phase stays `moved`).
          const phase = METHOD_PHASE[e.method] || t.phase;
          s.touches.set(t.id, { id: t.id, phase, tapCount: t.tapCount, location: t.location, at });
        }
      } else if (e.kind === 'hitTest' && Array.isArray(e.path)) {
        s.hit = { path: e.path, at, touch: e.touch };
        s.touches.set(e.touch, { id: e.touch, phase: 'hit', tapCount: 1, location: null, at });
      } else if (e.kind === 'delivery' && typeof e.note === 'string' && e.note.startsWith('discarded') && s.touches.has(e.touch)) {
        // A withheld touch a recognizer claimed never reaches its view: it is over for the views (else the
        // touch stays live and its hit-test path stays lit).
        s.touches.set(e.touch, { ...s.touches.get(e.touch), phase: 'cancelled', at });
      }
    }
  }

  onError(err) {
    const s = this.state;
    s.errors.push(err);
    if (s.errors.length > MAX_ERRORS) s.errors.shift();
    this.stepper.onError(err);
    const seq = err.seq;
    // A what-if's or flake's refusal carries no seq; the panel shows it where it was asked.
    if (!Number.isInteger(seq) && this.inspector.whatIf?.onError(err)) return;
    if (Number.isInteger(seq) && s.cleanupSeqs.has(seq)) return; // expected: cancelling pointers after a rejected frame
    this.inspector.addMarker(`error ${err.code}: ${err.message ?? ''}`, 'error');
    if (this.conn.state !== 'joined') {
      this.refused(err);
      return;
    }
    if (Number.isInteger(seq) && s.inputSeqs.has(seq) && seq > s.recoverBarrier) {
      // The frame was rejected as a whole: resynchronise which pointers the server holds.
      this.input.recover();
      s.recoverBarrier = s.lastSeq;
    }
    // Right after the server switched scenes, moves of fingers that were down are expected to bounce (§4.7).
    if (err.code === 'unknown-pointer' && this.now() - s.sceneSwitchedAt < SWITCH_GRACE_MS) return;
    this.banner.show('error', `${err.code}: ${err.message ?? ''}`, { level: 'warn', timeout: 6000 });
  }

  /** The server refused the hello: the default scene instead of a missing one, or stop, or say why. */
  refused(err) {
    const s = this.state;
    if ((err.code === 'unknown-scene' || err.code === 'scene-failed') && s.wantedScene) {
      const why = err.code === 'scene-failed' ? `Scene “${s.wantedScene}” failed: ${err.message ?? ''}` : `Unknown scene “${s.wantedScene}”`;
      this.banner.show('error', `${why}: opening the default scene.`, { level: 'warn', timeout: 8000 });
      s.wantedScene = null;
      this.conn.sendRaw(this.hello(false));
      return;
    }
    if (err.code === 'unknown-session') {
      this.conn.stop(`Session ${String(this.watch).slice(0, 8)}… is not running (it ended, or the server restarted).`);
      return;
    }
    if (err.code === 'unsupported-protocol') {
      this.conn.stop('This server speaks another protocol version. Reload the page.');
      return;
    }
    this.banner.show('error', `Server refused to join: ${err.code}: ${err.message ?? ''}`, { level: 'error' });
  }

  // ---------------------------------------------------------------- stepping

  /** The state after one frame of a paused session or a recording (`step`): scene, fingers, inspector. */
  showInstant(step) {
    const s = this.state;
    const now = this.now();
    const at = (t) => now - ((step.t ?? 0) - (Number.isFinite(t) ? t : 0));
    this.input.enabled = false;
    s.touches.clear();
    s.hit = { path: [], at: 0 };
    const renders = Array.isArray(step.renders) ? step.renders : [];
    for (const render of renders) {
      if (render?.full && typeof render.scene === 'string' && render.scene !== s.scene) {
        s.scene = render.scene;
        this.inspector.setScene(render.scene);
      }
      if (!this.mirror.apply(render).ok) this.warn('TouchBridge: a step did not apply cleanly');
    }
    const events = Array.isArray(step.events) ? step.events : [];
    this.inspector.showInstant(renders[0]?.recognizers, events, at);
    for (const msg of events) this.noteTouches(msg, at(msg.t));
    s.pointers = (Array.isArray(step.pointers) ? step.pointers : []).filter(finitePoint);
    s.instantAt = now;
    this.engineClock.freeze(step.t);
    this.requestPaint();
  }

  /** Live again: the session's render as it is now, then what it logged while paused. */
  backToLive(render) {
    this.engineClock.freeze(null);
    this.input.enabled = this.role === 'device';
    this.state.pointers = [];
    if (render) this.onRender(render);
    for (const msg of this.state.held.splice(0)) this.onEvents(msg);
    this.state.sentViewport = null;
    this.resize();
  }
}
