// TouchBridge page: wires the socket (protocol.mjs), pointer input (input.mjs), the mirror tree
// (mirror.mjs) painted on a canvas (paint.mjs), the inspector (inspector.mjs), shake (motion.mjs) and
// remote control (remote.mjs), the sheet / side panel (sheet.mjs), scene history (history.mjs), stepping
// (stepper.mjs), the banner (banner.mjs), frames only when something changed (frameloop.mjs) and the
// test hooks (testhooks.mjs).
// URL parameters: ?scene=<name>, ?watch=<session>, ?clock=manual,
// ?ws=<url>, ?mouse=pointer (send the mouse as an indirect pointer instead of a finger), ?panel=open|closed.

import { Connection, socketURL, PROTOCOL_VERSION, CLIENT_NAME } from './protocol.mjs';
import { Mirror, IDENTITY } from './mirror.mjs';
import { Painter } from './paint.mjs';
import { EngineClock, anyRunning } from './animation.mjs';
import { InputCapture } from './input.mjs';
import { Inspector } from './inspector.mjs';
import { ShakeDetector } from './motion.mjs';
import { installRemote } from './remote.mjs';
import { Sheet, SHEET_QUERY } from './sheet.mjs';
import { SceneHistory } from './history.mjs';
import { safeAreaOf } from './safearea.mjs';
import { viewAt, centreOf } from './viewat.mjs';
import { installGuards } from './guard.mjs';
import { Stepper } from './stepper.mjs';
import { Banner } from './banner.mjs';
import { FrameLoop } from './frameloop.mjs';
import { overlayFor, fitScene } from './overlay.mjs';
import { installTestHooks } from './testhooks.mjs';

const DEFAULT_LIMITS = { maxCoalescedPerPointer: 64, maxPointersPerInput: 32, maxTouches: 10, maxViewportPoints: 8192, maxViewportScale: 16 };

const $ = (sel) => document.querySelector(sel);
const round3 = (n) => Math.round(n * 1000) / 1000;

const params = new URLSearchParams(window.location.search);
const watchSession = params.get('watch');
const role = watchSession ? 'observer' : 'device';
const clockMode = params.get('clock') === 'manual' ? 'manual' : 'client';

const appEl = $('#app');
const stage = $('#stage');
const canvas = $('#scene');
const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');

// ------------------------------------------------------------------ state

const state = {
  conn: 'connecting',
  session: null,
  welcome: null,
  scene: null,
  wantedScene: role === 'device' ? params.get('scene') : null,
  limits: { ...DEFAULT_LIMITS },
  seq: 0,
  lastSeq: 0,
  cleanupSeqs: new Set(),
  inputSeqs: new Set(),
  recoverBarrier: 0,
  sentViewport: null,
  lastResync: 0,
  joinedOnce: false,
  sceneSwitchedAt: -Infinity,
  recentInputs: [],
  errors: [],
  received: {},
  sent: {},
  fps: null,
  paints: 0,
  dirty: true,
  /** Touches as the server reports them: touch number → {id, phase, tapCount, location, at}. */
  touches: new Map(),
  /** The device's live pointers after its latest input (`events.pointers`): what observers draw. */
  pointers: [],
  hit: { path: [], at: 0 },
  focus: { name: null, at: 0 },
  /** While stepping: live `events` to take in when the session resumes, and the instant shown (page time). */
  held: [],
  instantAt: 0,
  base: IDENTITY,
};

/** The session's client clock: monotonic per session, as the protocol requires (§2 Time). */
const clock = {
  last: -Infinity,
  reset() { this.last = -Infinity; },
  stamp(t) {
    let v = Number.isFinite(t) ? t : performance.now();
    if (v < this.last) v = this.last;
    this.last = v;
    return v;
  },
};

const mirror = new Mirror();
const painter = new Painter(canvas);

const loop = new FrameLoop((now) => frame(now));
const requestPaint = () => { state.dirty = true; loop.request(); };

// ------------------------------------------------------------------ banner

const banner = new Banner($('#banner'));

// ------------------------------------------------------------------ connection

function viewport() {
  const r = stage.getBoundingClientRect();
  const max = state.limits.maxViewportPoints || 8192;
  const clamp = (v, fallback) => Math.min(max, Math.max(1, round3(v > 0 ? v : fallback)));
  const scale = Math.min(state.limits.maxViewportScale || 16, Math.max(0.1, window.devicePixelRatio || 1));
  return { width: clamp(r.width, window.innerWidth), height: clamp(r.height, window.innerHeight), scale: round3(scale), safeArea: safeAreaOf(r) };
}

const sameViewport = (a, b) => !!a && !!b && a.width === b.width && a.height === b.height && a.scale === b.scale
  && ['top', 'left', 'bottom', 'right'].every((k) => a.safeArea[k] === b.safeArea[k]);

function nextSeq() {
  state.seq += 1;
  state.lastSeq = state.seq;
  return state.seq;
}

function makeHello(withScene = true) {
  clock.reset();
  state.seq = 0;
  state.lastSeq = 0;
  state.recoverBarrier = 0;
  state.cleanupSeqs.clear();
  state.inputSeqs.clear();
  const vp = viewport();
  state.sentViewport = vp;
  const hello = { type: 'hello', protocol: PROTOCOL_VERSION, role, viewport: vp, clock: clockMode, t: round3(clock.stamp(performance.now())), client: CLIENT_NAME };
  if (role === 'observer') hello.session = watchSession;
  else if (withScene && state.wantedScene) hello.scene = state.wantedScene;
  count(state.sent, 'hello');
  return hello;
}

function count(map, key) { map[key] = (map[key] || 0) + 1; }

function send(msg) {
  const ok = conn.send(msg);
  if (ok) count(state.sent, msg.type);
  return ok;
}

const conn = new Connection({
  url: socketURL(),
  makeHello: () => makeHello(true),
  onMessage: (msg) => handleMessage(msg),
  onState: (s, info) => onConnState(s, info),
});

let countdownTimer = 0;

function onConnState(s, info) {
  state.conn = s;
  appEl.dataset.state = s;
  inspector.setHud({ state: s === 'joined' ? 'connected' : s });
  clearInterval(countdownTimer);
  if (s === 'joined') {
    banner.hide('connection');
  } else if (s === 'waiting') {
    // The server ended our session with the socket: its touches are cancelled there.
    input.resetSession();
    state.touches.clear();
    const why = info.code === 1002 ? 'The server does not speak touchbridge.v1.'
      : info.code === 4001 ? 'The watched session ended.'
        : state.joinedOnce ? 'Disconnected.' : 'Cannot reach the server.';
    const update = () => {
      const left = Math.max(0, (conn.retryAt - performance.now()) / 1000);
      banner.show('connection', `${why} Reconnecting in ${left.toFixed(left < 10 ? 1 : 0)} s…`, {
        level: 'error',
        action: { label: 'Retry now', run: () => conn.reconnectNow() },
      });
    };
    update();
    countdownTimer = setInterval(update, 200);
  } else if (s === 'connecting' || s === 'joining') {
    if (state.joinedOnce || conn.attempt > 0) banner.show('connection', 'Connecting…', { level: 'warn' });
  } else if (s === 'stopped') {
    banner.show('connection', info.reason || 'Stopped.', { level: 'error', action: { label: 'Try again', run: () => conn.reconnectNow() } });
  }
  requestPaint();
}

function handleMessage(msg) {
  count(state.received, String(msg.type));
  // While stepping the scene shows an earlier instant: the live render comes back whole on resume.
  if (stepper.active && msg.type === 'render') return undefined;
  if (stepper.active && msg.type === 'events') {
    if (state.held.length < 1000) state.held.push(msg);
    return undefined;
  }
  switch (msg.type) {
    case 'welcome': return onWelcome(msg);
    case 'render': return onRender(msg);
    case 'events': return onEvents(msg);
    case 'error': return onError(msg);
    case 'pong': return inspector.setHud({ rtt: conn.rtt });
    case 'stepping': return stepper.onStepping(msg);
    case 'step': return stepper.onStep(msg);
    case 'resumed': return stepper.onResumed(msg);
    case 'recordings': return stepper.onRecordings(msg);
    case 'uploading': return stepper.onUploading(msg);
    default: return undefined; // unknown message types are ignored (v1 is additive)
  }
}

function onWelcome(w) {
  const reconnected = state.joinedOnce;
  state.welcome = w;
  state.session = w.session;
  state.limits = { ...DEFAULT_LIMITS, ...(w.limits || {}) };
  state.joinedOnce = true;
  state.touches.clear();
  // A new session is live: what an earlier one logged while it was paused is not its history.
  state.held = [];
  stepper.reset();
  input.resetSession();
  inspector.setScenes(w.scenes, w.scene);
  inspector.setHud({ clock: w.clock });
  if (reconnected) inspector.addMarker(`reconnected: new ${role === 'device' ? 'session' : 'join'} ${String(w.session).slice(0, 8)}…`);
  // A new session is a new app, even when it shows the same scene.
  state.scene = null;
  switchedScene(w.scene);
  updateShare();
  showRecording(typeof w.recording === 'boolean' ? w.recording : null);
  if (role === 'device') stepper.setRecording(w.recording);
  showLan(w.lan);
  $('#advance').hidden = !(role === 'device' && w.clock === 'manual');
  // The page may have changed size while we were away.
  queueResize();
}

function switchedScene(name) {
  if (name === state.scene) return;
  state.scene = name;
  state.sceneSwitchedAt = performance.now();
  if (role === 'device' && name !== 'inline') {
    state.wantedScene = name;
    sceneHistory.showing(name);
  }
  inspector.setScene(name);
  inspector.resetScene(name);
  input.resetSession();
  state.touches.clear();
  state.pointers = [];
  state.hit = { path: [], at: 0 };
}

function onRender(msg) {
  engineClock.observe(msg.t);
  if (msg.full && typeof msg.scene === 'string') switchedScene(msg.scene);
  if (msg.full) inspector.setRecognizers(msg.recognizers);
  const { ok, problems } = mirror.apply(msg);
  if (!ok) {
    console.warn('TouchBridge: mirror out of sync', problems);
    const now = performance.now();
    if (now - state.lastResync > 1000) {
      state.lastResync = now;
      send({ type: 'resync' });
    }
  }
  requestPaint();
}

const METHOD_PHASE = { touchesBegan: 'began', touchesEnded: 'ended', touchesCancelled: 'cancelled' };

function onEvents(msg, at = performance.now()) {
  inspector.addEvents(msg, at);
  noteTouches(msg, at);
  requestPaint();
}

/** Touches, the device's pointers and the hit-test path from one `events` message received at `at`. */
function noteTouches(msg, at) {
  if (Array.isArray(msg.pointers)) {
    state.pointers = msg.pointers.filter((p) => p && Number.isFinite(p.x) && Number.isFinite(p.y)).map((p) => ({ id: p.id, x: p.x, y: p.y }));
  }
  for (const e of Array.isArray(msg.log) ? msg.log : []) {
    if (e.kind === 'responder' && Array.isArray(e.touches)) {
      for (const t of e.touches) {
        if (!t || !Array.isArray(t.location)) continue;
        // What the views saw: a touch a recognizer took away (touchesCancelled) is over for them, even
        // though the finger is still moving (its own phase stays `moved`).
        const phase = METHOD_PHASE[e.method] || t.phase;
        state.touches.set(t.id, { id: t.id, phase, tapCount: t.tapCount, location: t.location, at });
      }
    } else if (e.kind === 'hitTest' && Array.isArray(e.path)) {
      state.hit = { path: e.path, at, touch: e.touch };
      state.touches.set(e.touch, { id: e.touch, phase: 'hit', tapCount: 1, location: null, at });
    }
  }
}

// ------------------------------------------------------------------ stepping

/** The state after one frame of a paused session or a recording (`step`): scene, fingers, inspector. */
function showInstant(step) {
  const now = performance.now();
  const at = (t) => now - ((step.t ?? 0) - (Number.isFinite(t) ? t : 0));
  input.enabled = false;
  state.touches.clear();
  state.hit = { path: [], at: 0 };
  const renders = Array.isArray(step.renders) ? step.renders : [];
  for (const render of renders) {
    if (render?.full && typeof render.scene === 'string' && render.scene !== state.scene) {
      state.scene = render.scene;
      inspector.setScene(render.scene);
    }
    if (!mirror.apply(render).ok) console.warn('TouchBridge: a step did not apply cleanly');
  }
  const events = Array.isArray(step.events) ? step.events : [];
  inspector.showInstant(renders[0]?.recognizers, events, at);
  for (const msg of events) noteTouches(msg, at(msg.t));
  state.pointers = (Array.isArray(step.pointers) ? step.pointers : []).filter((p) => p && Number.isFinite(p.x) && Number.isFinite(p.y));
  state.instantAt = now;
  engineClock.freeze(step.t);
  requestPaint();
}

/** Live again: the session's render as it is now, then what it logged while paused. */
function backToLive(render) {
  engineClock.freeze(null);
  input.enabled = role === 'device';
  state.pointers = [];
  if (render) onRender(render);
  for (const msg of state.held.splice(0)) onEvents(msg);
  state.sentViewport = null;
  queueResize();
}

function onError(err) {
  state.errors.push(err);
  if (state.errors.length > 100) state.errors.shift();
  stepper.onError(err);
  const seq = err.seq;
  if (Number.isInteger(seq) && state.cleanupSeqs.has(seq)) return; // expected: cancelling pointers after a rejected frame
  inspector.addMarker(`error ${err.code}: ${err.message ?? ''}`, 'error');
  if (conn.state !== 'joined') {
    if ((err.code === 'unknown-scene' || err.code === 'scene-failed') && state.wantedScene) {
      const why = err.code === 'scene-failed' ? `Scene “${state.wantedScene}” failed: ${err.message ?? ''}` : `Unknown scene “${state.wantedScene}”`;
      banner.show('error', `${why}: opening the default scene.`, { level: 'warn', timeout: 8000 });
      state.wantedScene = null;
      conn.sendRaw(makeHello(false));
      return;
    }
    if (err.code === 'unknown-session') {
      conn.stop(`Session ${String(watchSession).slice(0, 8)}… is not running (it ended, or the server restarted).`);
      return;
    }
    if (err.code === 'unsupported-protocol') {
      conn.stop('This server speaks another protocol version. Reload the page.');
      return;
    }
    banner.show('error', `Server refused to join: ${err.code}: ${err.message ?? ''}`, { level: 'error' });
    return;
  }
  if (Number.isInteger(seq) && state.inputSeqs.has(seq) && seq > state.recoverBarrier) {
    // The frame was rejected as a whole: resynchronise which pointers the server holds.
    input.recover();
    state.recoverBarrier = state.lastSeq;
  }
  // Right after the server switched scenes, moves of fingers that were down are expected to bounce (§4.7).
  if (err.code === 'unknown-pointer' && performance.now() - state.sceneSwitchedAt < 1500) return;
  banner.show('error', `${err.code}: ${err.message ?? ''}`, { level: 'warn', timeout: 6000 });
}

// ------------------------------------------------------------------ input, motion, remote

const inspector = new Inspector({
  onPickScene: (name) => openScene(name),
  onFocusView: (name) => {
    state.focus = { name, at: performance.now() };
    requestPaint();
  },
});

/** Asks the server for a scene; the same scene again restarts it (a new app, §4.7). */
function openScene(name) {
  if (role !== 'device') return;
  state.wantedScene = name;
  if (send({ type: 'scene', scene: name })) {
    // Touches that were down belong to the old app (§4.7).
    input.resetSession();
    state.touches.clear();
    if (name === state.scene) inspector.resetScene(name);
  }
}

const sceneHistory = new SceneHistory((name) => { if (name !== state.scene) openScene(name); });

const input = new InputCapture(stage, {
  sink: (pointers, meta) => {
    const seq = nextSeq();
    const ok = send({ type: 'input', seq, pointers });
    if (ok) {
      state.recentInputs.push({ seq, pointers });
      if (state.recentInputs.length > 100) state.recentInputs.shift();
      state.inputSeqs.add(seq);
      if (state.inputSeqs.size > 512) state.inputSeqs.delete(state.inputSeqs.values().next().value);
      if (meta.cleanup) state.cleanupSeqs.add(seq);
    }
    return ok;
  },
  stamp: (t) => clock.stamp(t),
  limits: () => state.limits,
  onChange: requestPaint,
  mouseType: params.get('mouse') === 'pointer' ? 'mouse' : 'touch',
  mirrorCentre: (x, y) => {
    const v = viewAt(mirror, x, y);
    return v ? centreOf(mirror, v) : null;
  },
});
input.enabled = role === 'device';

const stepper = new Stepper({
  role,
  send: (msg) => send(msg),
  limits: () => state.limits,
  show: showInstant,
  resume: backToLive,
  notify: (text) => banner.show('error', text, { level: 'warn', timeout: 8000 }),
});

function sendTimed(msg) {
  if (role !== 'device') return false;
  return send({ ...msg, t: round3(clock.stamp(performance.now())), seq: nextSeq() });
}

const shake = new ShakeDetector({
  onPhase: (phase) => {
    sendTimed({ type: 'motion', phase });
    $('#motion-status').textContent = phase === 'began' ? 'shaking…' : `shake ${phase}`;
  },
});
if (role === 'device') {
  // Listen right away (Chrome and Android deliver events without asking); iOS delivers nothing until
  // DeviceMotionEvent.requestPermission() is answered from a tap, so offer the button while no event came.
  shake.start();
  const permission = $('#motion-permission');
  if (shake.needsPermission) {
    setTimeout(() => {
      if (shake.events > 0) return;
      permission.hidden = false;
      if (!window.isSecureContext) $('#motion-status').textContent = 'the shake sensor needs https';
    }, 1000);
    permission.addEventListener('click', async () => {
      const answer = await shake.requestPermission();
      $('#motion-status').textContent = answer === 'granted' ? 'shake the device' : `sensor: ${answer}`;
      if (answer === 'granted') permission.hidden = true;
    });
  }
  const shakeButton = $('#shake');
  let held = false;
  shakeButton.addEventListener('pointerdown', (e) => {
    e.preventDefault();
    if (held) return;
    held = true;
    shakeButton.classList.add('held');
    try { shakeButton.setPointerCapture(e.pointerId); } catch { /* ignore */ }
    sendTimed({ type: 'motion', phase: 'began' });
  });
  const release = (phase) => () => {
    if (!held) return;
    held = false;
    shakeButton.classList.remove('held');
    sendTimed({ type: 'motion', phase });
  };
  shakeButton.addEventListener('pointerup', release('ended'));
  shakeButton.addEventListener('pointercancel', release('cancelled'));
  shakeButton.addEventListener('keydown', (e) => { if ((e.key === 'Enter' || e.key === ' ') && !e.repeat) { sendTimed({ type: 'motion', phase: 'began' }); } });
  shakeButton.addEventListener('keyup', (e) => { if (e.key === 'Enter' || e.key === ' ') sendTimed({ type: 'motion', phase: 'ended' }); });
  installRemote({ send: (command) => sendTimed({ type: 'remote', command }), root: $('#media-buttons'), enabled: () => role === 'device' });
  $('#advance').addEventListener('click', () => sendTimed({ type: 'advance' }));
  $('#restart').addEventListener('click', () => { if (state.scene) openScene(state.scene); });
  // "That tap was wrong": a note in the server's recording (`serve --record`), shown by `touchbridge replay`.
  let marks = 0;
  $('#mark').addEventListener('click', () => {
    marks += 1;
    const note = `mark ${marks}`;
    if (!send({ type: 'mark', note, t: round3(clock.stamp(performance.now())) })) return;
    inspector.addMarker(state.welcome?.recording === false ? `${note} (not saved: the server is not recording)` : `${note} (saved in the server's recording)`);
  });
}

/**
 * Mark is only useful when the server records this session (`welcome.recording`): say which, next to
 * the button and in the note a press leaves in the log. A server that does not say (null) says nothing.
 */
function showRecording(recording) {
  $('#mark').title = recording === false ? 'The server is not recording this session (start it with touchbridge serve --record)'
    : 'Mark this moment in the server\'s recording of this session (touchbridge serve --record)';
  $('#mark-status').textContent = recording === true ? '● recording' : recording === false ? 'not recording' : '';
}

/** The "on your network" address as a QR code, for opening the page on a phone (desktop layout). */
function showLan(lan) {
  const box = $('#lan');
  const size = lan?.qr?.size;
  const ok = role === 'device' && typeof lan?.url === 'string' && Number.isInteger(size) && size > 0 && typeof lan.qr.path === 'string';
  box.hidden = !ok;
  if (!ok) return;
  const quiet = 4; // the QR code's quiet zone, in modules
  $('#lan-qr').setAttribute('viewBox', `${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`);
  $('#lan-qr-path').setAttribute('d', lan.qr.path);
  const link = $('#lan-url');
  link.href = lan.url;
  link.textContent = lan.url;
}

// ------------------------------------------------------------------ panel, share

const sheet = new Sheet({
  app: appEl,
  grab: $('#sheet-grab'),
  handles: [$('#sheet-grab'), $('#panel-head')],
  opener: $('#panel-toggle'),
  onOpenChange: (open) => setPanel(open),
});

function setPanel(open, remember = true) {
  sheet.setOpen(open);
  appEl.classList.toggle('panel-open', open);
  appEl.classList.toggle('panel-closed', !open);
  $('#panel-toggle').setAttribute('aria-expanded', String(open));
  if (remember) try { localStorage.setItem('touchbridge.panel', open ? 'open' : 'closed'); } catch { /* private mode */ }
  requestPaint();
}
const panelOpen = () => appEl.classList.contains('panel-open');
{
  let stored = null;
  try { stored = localStorage.getItem('touchbridge.panel'); } catch { /* private mode */ }
  const wanted = params.get('panel') || stored;
  setPanel(wanted ? wanted === 'open' : !window.matchMedia(SHEET_QUERY).matches, false);
}
$('#panel-toggle').addEventListener('click', () => setPanel(true));
$('#panel-close').addEventListener('click', () => setPanel(false));
window.addEventListener('keydown', (e) => {
  if (e.key === 'i' && !e.altKey && !e.ctrlKey && !e.metaKey && !/^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) setPanel(!panelOpen());
});

function watchURL(session) {
  const url = new URL(window.location.href);
  url.search = '';
  url.hash = '';
  url.searchParams.set('watch', session);
  if (params.get('token')) url.searchParams.set('token', params.get('token'));
  return url.href;
}

function updateShare() {
  if (role === 'device' && state.session) {
    const link = $('#watch-link');
    link.href = watchURL(state.session);
    link.textContent = `…?watch=${state.session.slice(0, 8)}…`;
    link.title = link.href;
  }
  if (role === 'observer') $('#watch-session').textContent = watchSession;
}
$('#watch-copy').addEventListener('click', async () => {
  const href = $('#watch-link').href;
  try {
    await navigator.clipboard.writeText(href);
    $('#watch-copy').textContent = 'Copied';
  } catch {
    window.prompt('Open this on another screen:', href);
  }
  setTimeout(() => { $('#watch-copy').textContent = 'Copy'; }, 1500);
});

if (role === 'observer') {
  appEl.dataset.role = 'observer';
  $('#watch-badge').hidden = false;
  inspector.setReadOnly(true);
  document.title = 'TouchBridge · watching';
}

// ------------------------------------------------------------------ size

let resizeQueued = false;
function queueResize() {
  if (resizeQueued) return;
  resizeQueued = true;
  requestAnimationFrame(() => {
    resizeQueued = false;
    const r = stage.getBoundingClientRect();
    painter.resize(r.width, r.height, window.devicePixelRatio || 1);
    requestPaint();
    if (role !== 'device' || stepper.active || conn.state !== 'joined' || r.width <= 0 || r.height <= 0) return;
    const vp = viewport();
    if (sameViewport(state.sentViewport, vp)) return;
    if (send({ type: 'resize', ...vp })) state.sentViewport = vp;
  });
}
new ResizeObserver(queueResize).observe(stage);
window.addEventListener('resize', queueResize);
window.addEventListener('orientationchange', queueResize);
darkQuery.addEventListener?.('change', requestPaint);

// ------------------------------------------------------------------ reconnect triggers

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && conn.state === 'waiting') conn.reconnectNow();
});
window.addEventListener('online', () => conn.reconnectNow());
window.addEventListener('pageshow', (e) => { if (e.persisted) conn.reconnectNow(); });

// ------------------------------------------------------------------ painting

/** Observers, and a page stepping (a recording may come from another screen size), fit the scene in. */
function observerBase() {
  if (role !== 'observer' && !stepper.active) return IDENTITY;
  const bar = stepper.active ? $('#stepbar').offsetHeight + 16 : 0;
  return fitScene(mirror.windowsExtent(), painter.width, painter.height - bar);
}

function overlay(now) {
  // Observers draw the device's pointers (every finger, even those recognizers took from the views).
  const fingers = role === 'observer' || stepper.active ? state.pointers.map((p) => ({ ...p, size: 0, virtual: false, touch: null })) : input.fingersForPaint();
  return overlayFor({ mirror, fingers, reported: state.touches, hit: state.hit, focus: state.focus, now });
}

let paintsSince = performance.now();
let paintsCounted = 0;
let lastAnimating = false;
let lastViewsAnimating = false;
const engineClock = new EngineClock();
/** Draws what changed; true while something still moves (an animation, a fade, a scrolling timeline). */
function frame(now) {
  const engineNow = engineClock.now(now);
  const viewsAnimating = anyRunning(mirror, engineNow);
  if (state.dirty || lastAnimating || viewsAnimating || lastViewsAnimating) {
    state.dirty = false;
    lastViewsAnimating = viewsAnimating;
    state.base = observerBase();
    painter.base = state.base;
    painter.engineNow = engineNow;
    const o = overlay(now);
    lastAnimating = o.animating;
    state.overlayIdle = !o.highlight && !o.touches.length && !o.fingers.length;
    painter.paint(mirror, { fingers: o.fingers, touches: o.touches, highlight: o.highlight, frameDevice: role === 'observer', dark: darkQuery.matches });
    state.paints += 1;
    paintsCounted += 1;
  }
  const timelinesMoving = panelOpen() && !stepper.active && inspector.timelinesMoving(now);
  if (panelOpen()) inspector.drawTimelines(stepper.active ? state.instantAt : now);
  return lastAnimating || viewsAnimating || lastViewsAnimating || timelinesMoving;
}
// The HUD once a second: the round trip, and frames painted per second while the page paints.
setInterval(() => {
  const now = performance.now();
  state.fps = paintsCounted ? (paintsCounted * 1000) / (now - paintsSince) : null;
  paintsCounted = 0;
  paintsSince = now;
  inspector.setHud({ fps: state.fps, rtt: conn.rtt });
}, 1000);

// ------------------------------------------------------------------ test & debugging hooks

installTestHooks({
  role, state, mirror, stage, conn, input, inspector, sheet, stepper, appEl, engineClock,
  panelOpen, setPanel, send, requestPaint,
  // While stepping, and on observers, the fingers drawn are the device's pointers.
  fingers: () => (role === 'observer' || stepper.active ? state.pointers.map((p) => ({ ...p })) : input.fingersForPaint()),
});

installGuards();
loop.request();
queueResize();
conn.start();
