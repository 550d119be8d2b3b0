// web/session.mjs without a browser: the session's state and its answer to each server message,
// against a scripted connection, a real mirror and engine clock, and stand-ins for the page's parts
// that record what they were asked to do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session, ClientClock, DEFAULT_LIMITS, MAX_HELD, MAX_ERRORS, MAX_RECENT_INPUTS, MAX_INPUT_SEQS, SWITCH_GRACE_MS } from '../../web/session.mjs';
import { Mirror } from '../../web/mirror.mjs';
import { EngineClock } from '../../web/animation.mjs';
import { PROTOCOL_VERSION, CLIENT_NAME } from '../../web/protocol.mjs';
import { undeclared } from './declared.mjs';

const windowOps = (name = 'window') => [
  { op: 'create', id: 1, parent: null, index: 0, kind: 'UIWindow', name, props: { center: [195, 350], bounds: [0, 0, 390, 700] } },
];
const fullRender = (scene, t = 100, extra = {}) => ({ type: 'render', full: true, scene, t, ops: windowOps(), ...extra });
const welcome = (extra = {}) => ({
  type: 'welcome', session: 'abcdef0123456789', scene: 'welcome', clock: 'client', scenes: [{ name: 'welcome' }, { name: 'drag' }],
  limits: { maxTouches: 5 }, ...extra,
});

/**
 * A session over stand-ins: `conn` sends while joined (`sent`), `calls` lists what the page's parts
 * were asked, in order, as [part.method, ...arguments]. The page's clock is `h.time` (ms).
 */
function harness({ role = 'device', watch = null, scene = null, joined = true } = {}) {
  const h = { time: 10_000, sent: [], raw: [], calls: [], banners: [], warnings: [], paints: 0, resizes: 0 };
  const note = (name) => (...args) => { h.calls.push([name, ...args]); };
  h.called = (name) => h.calls.filter(([n]) => n === name);
  h.conn = {
    state: joined ? 'joined' : 'joining',
    rtt: 12.5,
    stopped: null,
    // Every message the session sends must be one the server declares, field for field.
    send(msg) { assert.deepEqual(undeclared(msg), [], JSON.stringify(msg)); if (this.state !== 'joined') return false; h.sent.push(msg); return true; },
    sendRaw(msg) { assert.deepEqual(undeclared(msg), [], JSON.stringify(msg)); h.raw.push(msg); return true; },
    stop(reason) { this.stopped = reason; },
  };
  h.inspector = Object.fromEntries(['setHud', 'setScenes', 'addMarker', 'setScene', 'resetScene', 'setRecognizers', 'addEvents', 'showInstant', 'setLints']
    .map((m) => [m, note(`inspector.${m}`)]));
  /** Pointers the stand-in input thinks the server holds: recover() cancels each in its own message, as InputCapture does. */
  h.down = [];
  h.input = {
    enabled: role === 'device',
    resetSession: note('input.resetSession'),
    touchesCancelledBySystem: note('input.touchesCancelledBySystem'),
    recover() {
      h.calls.push(['input.recover']);
      const ids = h.down.splice(0);
      for (const id of ids) h.session.sendInput([{ id, phase: 'cancel', x: 0, y: 0, t: h.time, pointerType: 'touch' }], { cleanup: true });
    },
  };
  h.stepper = {
    active: false,
    onStepping() { this.active = true; },
    onStep: note('stepper.onStep'),
    onResumed(msg) { this.active = false; h.session.backToLive(msg.render ?? null); },
    onRecordings: note('stepper.onRecordings'),
    onUploading: note('stepper.onUploading'),
    onError: note('stepper.onError'),
    setRecording: note('stepper.setRecording'),
    reset() { h.calls.push(['stepper.reset']); if (this.active) this.onResumed({}); },
  };
  h.banner = { show: (source, text, options) => h.banners.push({ source, text, ...options }) };
  h.mirror = new Mirror();
  h.engineClock = new EngineClock();
  h.measured = { width: 390, height: 700, fallbackWidth: 390, fallbackHeight: 844, scale: 3, safeArea: { top: 47, left: 0, bottom: 0, right: 0 } };
  h.session = new Session({
    role, watch, scene, clockMode: 'client',
    conn: h.conn, mirror: h.mirror, engineClock: h.engineClock, inspector: h.inspector, input: h.input, stepper: h.stepper, banner: h.banner,
    measure: () => ({ ...h.measured }),
    now: () => h.time,
    showing: note('showing'),
    welcomed: note('welcomed'),
    resize: () => { h.resizes += 1; },
    requestPaint: () => { h.paints += 1; },
    warn: (...args) => h.warnings.push(args),
  });
  h.state = h.session.state;
  /** A joined session: hello, then the welcome and the scene's first full render. */
  h.join = (w = welcome()) => {
    h.hello = h.session.hello();
    h.session.receive(w);
    h.session.receive(fullRender(w.scene));
  };
  return h;
}

const input = (h, id, phase = 'down') => h.session.sendInput([{ id, phase, x: 10, y: 10, t: h.time, pointerType: 'touch' }], {});

// ------------------------------------------------------------------ sending

test('the client clock never goes back, and starts again for a new session', () => {
  let now = 50;
  const clock = new ClientClock(() => now);
  assert.equal(clock.stamp(10), 10);
  assert.equal(clock.stamp(5), 10, 'an earlier time is stamped as the latest one');
  assert.equal(clock.stamp(NaN), 50, 'no time: the page clock');
  now = 20;
  assert.equal(clock.stamp(), 50);
  clock.reset();
  assert.equal(clock.stamp(3), 3);
});

test('a device hello asks for its scene, with a viewport within the limits; an observer names the session it watches', () => {
  const h = harness({ scene: 'drag' });
  h.measured = { ...h.measured, width: 390.12345, height: 0, scale: 40 };
  const hello = h.session.hello();
  assert.deepEqual(hello, {
    type: 'hello', protocol: PROTOCOL_VERSION, role: 'device', clock: 'client', t: 10_000, client: CLIENT_NAME, scene: 'drag',
    viewport: { width: 390.123, height: 844, scale: DEFAULT_LIMITS.maxViewportScale, safeArea: { top: 47, left: 0, bottom: 0, right: 0 } },
  });
  assert.deepEqual(h.state.sentViewport, hello.viewport);
  assert.equal(h.session.hello(false).scene, undefined, 'the corrected hello opens the default scene');
  assert.equal(h.state.sent.hello, 2);

  const o = harness({ role: 'observer', watch: 'abc', scene: 'drag' });
  const watching = o.session.hello();
  assert.equal(watching.role, 'observer');
  assert.equal(watching.session, 'abc');
  assert.equal(watching.scene, undefined, 'an observer never asks for a scene');
});

test('inputs are numbered from 1 in each session; only those sent are remembered', () => {
  const h = harness();
  h.join();
  assert.equal(input(h, 1), true);
  assert.equal(input(h, 1, 'move'), true);
  assert.deepEqual(h.sent.map((m) => m.seq), [1, 2]);
  h.conn.state = 'waiting';
  assert.equal(input(h, 1, 'up'), false);
  assert.equal(h.state.lastSeq, 3, 'a seq is used even when the socket is down');
  assert.deepEqual(h.state.recentInputs.map((r) => r.seq), [1, 2]);
  assert.deepEqual([...h.state.inputSeqs], [1, 2]);
  assert.deepEqual(h.state.sent, { hello: 1, input: 2 });

  h.session.clock.stamp(50_000);
  assert.equal(h.session.hello().t, 10_000, 'a new session starts its client clock again');
  h.conn.state = 'joined';
  input(h, 7);
  assert.equal(h.sent.at(-1).seq, 1, 'a new session starts again from 1');
  assert.deepEqual([...h.state.inputSeqs], [1]);
});

test('recent inputs and tracked seqs are bounded, the oldest go first', () => {
  const h = harness();
  h.join();
  for (let i = 0; i < MAX_INPUT_SEQS + 10; i += 1) input(h, 1, i ? 'move' : 'down');
  assert.equal(h.state.recentInputs.length, MAX_RECENT_INPUTS);
  assert.equal(h.state.recentInputs[0].seq, MAX_INPUT_SEQS + 10 - MAX_RECENT_INPUTS + 1);
  assert.equal(h.state.inputSeqs.size, MAX_INPUT_SEQS);
  assert.equal(h.state.inputSeqs.has(10), false);
  assert.equal(h.state.inputSeqs.has(11), true);
});

test('timed messages share the inputs\' seqs and the client clock; observers send none', () => {
  const h = harness();
  h.join();
  input(h, 1);
  h.time = 10_250.123456;
  assert.equal(h.session.sendTimed({ type: 'motion', phase: 'began' }), true);
  assert.deepEqual(h.sent.at(-1), { type: 'motion', phase: 'began', t: 10_250.123, seq: 2 });
  h.session.clock.stamp(20_000);
  h.session.sendTimed({ type: 'advance' });
  assert.equal(h.sent.at(-1).t, 20_000, 'never before a time already sent');

  const o = harness({ role: 'observer', watch: 's' });
  o.join();
  assert.equal(o.session.sendTimed({ type: 'remote', command: 'play' }), false);
  assert.deepEqual(o.sent, []);
});

test('a mark says in the log whether the server saves it', () => {
  const h = harness();
  h.join(welcome({ recording: false }));
  assert.equal(h.session.mark('mark 1'), true);
  assert.deepEqual(h.sent.at(-1), { type: 'mark', note: 'mark 1', t: 10_000 });
  assert.match(h.called('inspector.addMarker').at(-1)[1], /mark 1 \(not saved/);
  h.state.welcome = welcome({ recording: true });
  h.session.mark('mark 2');
  assert.match(h.called('inspector.addMarker').at(-1)[1], /mark 2 \(saved in the server's recording\)/);
  h.conn.state = 'waiting';
  const markers = h.called('inspector.addMarker').length;
  assert.equal(h.session.mark('mark 3'), false);
  assert.equal(h.called('inspector.addMarker').length, markers, 'no note for a mark that did not go out');
});

test('opening a scene forgets the old app\'s touches; the same scene again restarts it; observers cannot', () => {
  const h = harness();
  h.join();
  h.state.touches.set(1, { id: 1, phase: 'began' });
  h.calls.length = 0;
  h.session.openScene('drag');
  assert.deepEqual(h.sent.at(-1), { type: 'scene', scene: 'drag' });
  assert.equal(h.state.wantedScene, 'drag');
  assert.equal(h.state.touches.size, 0);
  assert.deepEqual(h.calls, [['input.resetSession']]);
  h.session.openScene('welcome');
  assert.deepEqual(h.called('inspector.resetScene'), [['inspector.resetScene', 'welcome']], 'the scene shown now, asked again');

  const o = harness({ role: 'observer', watch: 's' });
  o.join();
  o.sent.length = 0;
  o.session.openScene('drag');
  assert.deepEqual(o.sent, []);
});

test('a new size is reported once, only by a joined device that is not stepping', () => {
  const h = harness();
  h.join();
  assert.equal(h.session.reportViewport(), false, 'the same viewport as the hello');
  h.measured.width = 500;
  assert.equal(h.session.reportViewport(), true);
  assert.deepEqual(h.sent.at(-1), { type: 'resize', width: 500, height: 700, scale: 3, safeArea: { top: 47, left: 0, bottom: 0, right: 0 } });
  assert.equal(h.session.reportViewport(), false, 'nothing changed since');
  h.measured.width = 0;
  assert.equal(h.session.reportViewport(), false, 'a surface with no size is not reported');
  h.measured.width = 600;
  h.stepper.active = true;
  assert.equal(h.session.reportViewport(), false, 'not while stepping');
  h.stepper.active = false;
  h.conn.state = 'waiting';
  assert.equal(h.session.reportViewport(), false, 'not while disconnected');
  h.conn.state = 'joined';
  assert.equal(h.session.reportViewport(), true);
  assert.equal(h.state.sentViewport.width, 600);

  const o = harness({ role: 'observer', watch: 's' });
  o.join();
  o.measured.width = 500;
  assert.equal(o.session.reportViewport(), false, 'observers do not size the scene');
});

// ------------------------------------------------------------------ messages

test('welcome: the session, its limits over the defaults, and the page\'s parts told in order', () => {
  const h = harness();
  h.session.hello();
  h.session.receive(welcome({ recording: true }));
  assert.equal(h.state.session, 'abcdef0123456789');
  assert.deepEqual(h.state.limits, { ...DEFAULT_LIMITS, maxTouches: 5 });
  assert.equal(h.state.scene, 'welcome');
  assert.equal(h.state.wantedScene, 'welcome', 'a reload opens the scene shown');
  assert.equal(h.state.joinedOnce, true);
  assert.deepEqual(h.calls.map(([name]) => name), [
    'stepper.reset', 'input.resetSession', 'inspector.setScenes', 'inspector.setHud',
    'showing', 'inspector.setScene', 'inspector.resetScene', 'input.resetSession', 'inspector.setLints', 'welcomed', 'stepper.setRecording',
  ]);
  assert.deepEqual(h.called('showing'), [['showing', 'welcome']]);
  assert.deepEqual(h.called('stepper.setRecording'), [['stepper.setRecording', true]]);
  assert.equal(h.resizes, 1, 'the page may have changed size while away');
  assert.equal(h.state.received.welcome, 1);
});

test('a second welcome is a reconnection: a new app even on the same scene, and a marker', () => {
  const h = harness();
  h.join();
  h.state.touches.set(3, { id: 3 });
  h.calls.length = 0;
  h.session.receive(welcome({ session: '99998888ffff' }));
  assert.deepEqual(h.called('inspector.addMarker'), [['inspector.addMarker', 'reconnected: new session 99998888…']]);
  assert.deepEqual(h.called('inspector.resetScene'), [['inspector.resetScene', 'welcome']]);
  assert.equal(h.state.touches.size, 0);

  const o = harness({ role: 'observer', watch: 'abcdef0123456789' });
  o.join();
  o.session.receive(welcome());
  assert.match(o.called('inspector.addMarker')[0][1], /^reconnected: new join abcdef01…/);
  assert.deepEqual(o.called('showing'), [], 'observers keep the browser history alone');
  assert.deepEqual(o.called('stepper.setRecording'), []);
});

test('a full render of another scene is a switch; the inline scene is not kept in the history', () => {
  const h = harness();
  h.join();
  h.state.touches.set(1, { id: 1 });
  h.state.pointers = [{ id: 1, x: 1, y: 1 }];
  h.state.hit = { path: ['window'], at: 5 };
  h.time = 12_000;
  h.session.receive(fullRender('drag', 300, { recognizers: [{ name: 'pan' }] }));
  assert.equal(h.state.scene, 'drag');
  assert.equal(h.mirror.scene, 'drag');
  assert.equal(h.state.sceneSwitchedAt, 12_000);
  assert.deepEqual([h.state.touches.size, h.state.pointers, h.state.hit], [0, [], { path: [], at: 0 }]);
  assert.deepEqual(h.called('showing').map(([, name]) => name), ['welcome', 'drag']);
  assert.deepEqual(h.called('inspector.setRecognizers').at(-1), ['inspector.setRecognizers', [{ name: 'pan' }]]);
  assert.equal(h.engineClock.now(12_000), 300, 'engine time from the render');
  assert.equal(h.engineClock.now(12_050), 350);

  h.session.receive(fullRender('inline', 400));
  assert.equal(h.state.scene, 'inline');
  assert.equal(h.state.wantedScene, 'drag', 'an inline scene cannot be asked for again');
  assert.deepEqual(h.called('showing').map(([, name]) => name), ['welcome', 'drag']);
});

test('a mirror out of sync asks for a resync, at most once a second', () => {
  const h = harness();
  h.join();
  const broken = { type: 'render', full: false, t: 200, ops: [{ op: 'set', id: 42, props: { alpha: 0.5 } }] };
  const resyncs = () => h.sent.filter((m) => m.type === 'resync').length;
  h.session.receive(broken);
  assert.equal(resyncs(), 1);
  assert.equal(h.warnings.length, 1);
  h.time += 999;
  h.session.receive(broken);
  assert.equal(resyncs(), 1, 'one resync in flight is enough');
  h.time += 2;
  h.session.receive(broken);
  assert.equal(resyncs(), 2);
  h.session.receive({ type: 'render', full: false, t: 210, ops: [{ op: 'set', id: 1, props: { alpha: 0.5 } }] });
  assert.equal(resyncs(), 2, 'a render that applies asks for nothing');
  assert.equal(h.state.sent.resync, 2);
});

test('events: what the views saw of each touch, the hit-test path and the device\'s pointers', () => {
  const h = harness();
  h.join();
  h.time = 11_000;
  h.session.receive({
    type: 'events', t: 5,
    pointers: [{ id: 1, x: 10, y: 20, extra: true }, { id: 2, x: NaN, y: 0 }, null],
    log: [
      { kind: 'hitTest', touch: 1, path: ['window', 'root', 'button'] },
      { kind: 'responder', method: 'touchesCancelled', touches: [{ id: 1, phase: 'moved', tapCount: 1, location: [10, 20] }, { id: 9 }] },
      { kind: 'responder', method: 'touchesMoved', touches: [{ id: 2, phase: 'moved', tapCount: 2, location: [3, 4] }] },
    ],
  });
  assert.deepEqual(h.state.pointers, [{ id: 1, x: 10, y: 20 }]);
  assert.deepEqual(h.state.hit, { path: ['window', 'root', 'button'], at: 11_000, touch: 1 });
  assert.deepEqual(h.state.touches.get(1), { id: 1, phase: 'cancelled', tapCount: 1, location: [10, 20], at: 11_000 },
    'a touch a recognizer took is over for the views');
  assert.equal(h.state.touches.get(2).phase, 'moved');
  assert.equal(h.state.touches.has(9), false, 'a touch without a location is left out');
  assert.equal(h.called('inspector.addEvents').length, 1);

  h.session.receive({ type: 'events', log: [] });
  assert.deepEqual(h.state.pointers, [{ id: 1, x: 10, y: 20 }], 'no pointers: the last ones stay');
});

test('events: a withheld touch a recognizer claimed is over for the views', () => {
  const h = harness();
  h.join();
  h.time = 2_000;
  h.session.receive({
    type: 'events',
    log: [
      { kind: 'hitTest', touch: 3, path: ['window', 'root', 'canvas'] },
      { kind: 'delivery', touch: 3, view: 'canvas', note: 'touchesBegan withheld: delaysTouchesBegan of doubleTap' },
    ],
  });
  assert.equal(h.state.touches.get(3).phase, 'hit', 'withheld: still live');
  h.time = 2_400;
  h.session.receive({ type: 'events', log: [{ kind: 'delivery', touch: 3, view: 'canvas', note: 'discarded: claimed by tap' }] });
  assert.deepEqual(h.state.touches.get(3), { id: 3, phase: 'cancelled', tapCount: 1, location: null, at: 2_400 });
  h.session.receive({ type: 'events', log: [{ kind: 'delivery', touch: 8, view: 'canvas', note: 'discarded: claimed by tap' }] });
  assert.equal(h.state.touches.has(8), false, 'a touch the page never saw hit-tested is left out');
});

test('a mirror out of sync in the page\'s first second asks for a resync too', () => {
  const h = harness();
  h.time = 300;
  h.join();
  h.session.receive({ type: 'render', full: false, t: 200, ops: [{ op: 'set', id: 42, props: { alpha: 0.5 } }] });
  assert.equal(h.sent.filter((m) => m.type === 'resync').length, 1);
});

test('pong shows the round trip; unknown messages are counted and ignored', () => {
  const h = harness();
  h.join();
  h.calls.length = 0;
  h.session.receive({ type: 'pong', id: 1 });
  assert.deepEqual(h.calls, [['inspector.setHud', { rtt: 12.5 }]]);
  h.session.receive({ type: 'from-the-future', x: 1 });
  assert.equal(h.state.received['from-the-future'], 1);
  assert.equal(h.calls.length, 1);
});

test('the connection waiting to reconnect forgets the touches the server cancelled', () => {
  const h = harness();
  h.join();
  h.state.touches.set(1, { id: 1 });
  h.calls.length = 0;
  h.session.connectionChanged('joining');
  assert.equal(h.state.conn, 'joining');
  assert.equal(h.state.touches.size, 1);
  h.session.connectionChanged('waiting');
  assert.equal(h.state.conn, 'waiting');
  assert.equal(h.state.touches.size, 0);
  assert.deepEqual(h.calls, [['input.resetSession']]);
});

// ------------------------------------------------------------------ stepping

const step = (extra = {}) => ({
  type: 'step', frame: 3, t: 500,
  renders: [{ type: 'render', full: true, scene: 'drag', t: 480, recognizers: [{ name: 'pan' }], ops: windowOps() }],
  events: [{ type: 'events', t: 450, log: [{ kind: 'responder', method: 'touchesBegan', touches: [{ id: 4, phase: 'began', tapCount: 1, location: [1, 2] }] }] }],
  pointers: [{ id: 4, x: 1, y: 2 }, { id: 5, x: Infinity, y: 0 }],
  ...extra,
});

test('an instant of a paused session: its scene, its touches at their time, the engine frozen, no input', () => {
  const h = harness();
  h.join();
  h.session.receive({ type: 'stepping', frames: 10 });
  h.time = 20_000;
  h.session.showInstant(step());
  assert.equal(h.input.enabled, false);
  assert.equal(h.state.scene, 'drag');
  assert.equal(h.mirror.scene, 'drag');
  assert.deepEqual(h.called('showing').map(([, name]) => name), ['welcome'], 'an instant is not a scene switch');
  assert.deepEqual(h.state.touches.get(4), { id: 4, phase: 'began', tapCount: 1, location: [1, 2], at: 20_000 - 50 });
  assert.deepEqual(h.state.pointers, [{ id: 4, x: 1, y: 2 }]);
  assert.equal(h.state.instantAt, 20_000);
  assert.equal(h.engineClock.now(99_999), 500);
  const [, recognizers, events, at] = h.called('inspector.showInstant')[0];
  assert.deepEqual(recognizers, [{ name: 'pan' }]);
  assert.equal(events.length, 1);
  assert.equal(at(400), 20_000 - 100);
});

test('pausing cancels the device\'s touches (its fingers send nothing more until they lift); an observer has none', () => {
  for (const role of ['device', 'observer']) {
    const h = harness({ role, watch: role === 'observer' ? 'abcdef0123456789' : null });
    h.join(welcome({ role }));
    h.session.receive({ type: 'stepping', source: 'live', frames: 4 });
    assert.equal(h.called('input.touchesCancelledBySystem').length, role === 'device' ? 1 : 0, role);
    assert.equal(h.stepper.active, true);
  }
});

test('while stepping, live renders wait for the resume and live events are held, then taken in order', () => {
  const h = harness();
  h.join();
  h.session.receive({ type: 'stepping', frames: 10 });
  h.session.showInstant(step());
  const shown = structuredClone(h.mirror.snapshot());
  h.session.receive({ type: 'render', full: false, t: 600, ops: [{ op: 'set', id: 1, props: { alpha: 0.25 } }] });
  assert.deepEqual(h.mirror.snapshot(), shown, 'the instant stays on screen');
  const live = (id) => ({ type: 'events', log: [{ kind: 'responder', method: 'touchesBegan', touches: [{ id, phase: 'began', tapCount: 1, location: [id, id] }] }] });
  h.session.receive(live(7));
  h.session.receive(live(8));
  assert.equal(h.state.held.length, 2);
  assert.equal(h.called('inspector.addEvents').length, 0);
  assert.deepEqual(h.state.received, { welcome: 1, render: 2, stepping: 1, events: 2 }, 'held messages are counted as received');

  h.time = 30_000;
  h.resizes = 0;
  h.session.receive({ type: 'resumed', render: fullRender('welcome', 700) });
  assert.equal(h.input.enabled, true);
  assert.equal(h.state.scene, 'welcome');
  assert.equal(h.engineClock.now(30_000), 700, 'the engine clock follows the live session again');
  assert.deepEqual(h.called('inspector.addEvents').map(([, msg]) => msg.log[0].touches[0].id), [7, 8]);
  assert.deepEqual([...h.state.touches.keys()], [7, 8]);
  assert.deepEqual(h.state.held, []);
  assert.equal(h.state.sentViewport, null, 'the size is reported again');
  assert.equal(h.resizes, 1);
});

test('at most MAX_HELD live events are held', () => {
  const h = harness();
  h.join();
  h.session.receive({ type: 'stepping', frames: 2 });
  for (let i = 0; i < MAX_HELD + 5; i += 1) h.session.receive({ type: 'events', log: [] });
  assert.equal(h.state.held.length, MAX_HELD);
});

test('a new session while stepping drops what the old one logged while paused', () => {
  const h = harness();
  h.join();
  h.session.receive({ type: 'stepping', frames: 2 });
  h.session.receive({ type: 'events', log: [{ kind: 'hitTest', touch: 1, path: ['window'] }] });
  h.session.receive(welcome({ session: 'new-session-1' }));
  assert.equal(h.stepper.active, false);
  assert.equal(h.input.enabled, true);
  assert.equal(h.called('inspector.addEvents').length, 0, 'the old session\'s events are not replayed');
  assert.deepEqual(h.state.hit, { path: [], at: 0 });
});

test('an observer stays without input after stepping', () => {
  const h = harness({ role: 'observer', watch: 's' });
  h.join();
  h.session.receive({ type: 'stepping', frames: 2 });
  h.session.showInstant(step());
  h.session.receive({ type: 'resumed' });
  assert.equal(h.input.enabled, false);
});

// ------------------------------------------------------------------ errors

test('a rejected frame is recovered once: the cancels\' own errors and older frames\' errors are expected', () => {
  const h = harness();
  h.join();
  input(h, 1); // seq 1
  input(h, 2); // seq 2
  input(h, 3); // seq 3
  h.down = [1, 2];
  h.time += SWITCH_GRACE_MS;
  h.session.receive({ type: 'error', code: 'invalid-input', message: 'bad', seq: 2 });
  assert.equal(h.called('input.recover').length, 1);
  assert.deepEqual(h.sent.slice(-2).map((m) => [m.seq, m.pointers[0].id, m.pointers[0].phase]), [[4, 1, 'cancel'], [5, 2, 'cancel']]);
  assert.deepEqual([...h.state.cleanupSeqs], [4, 5]);
  assert.equal(h.state.recoverBarrier, 5);
  assert.equal(h.banners.length, 1);

  const markers = h.called('inspector.addMarker').length;
  h.session.receive({ type: 'error', code: 'unknown-pointer', message: 'no pointer 1', seq: 4 });
  assert.equal(h.called('inspector.addMarker').length, markers, 'a cleanup cancel\'s error is not news');
  assert.equal(h.banners.length, 1);

  h.session.receive({ type: 'error', code: 'invalid-input', seq: 3 });
  assert.equal(h.called('input.recover').length, 1, 'a frame sent before the recovery does not start another');

  input(h, 6); // seq 6
  h.session.receive({ type: 'error', code: 'invalid-input', seq: 6 });
  assert.equal(h.called('input.recover').length, 2, 'a frame after the recovery does');

  h.session.receive({ type: 'error', code: 'rate-limited', seq: 999 });
  assert.equal(h.called('input.recover').length, 2, 'an error for a seq that was no input recovers nothing');
  assert.equal(h.called('stepper.onError').length, 5, 'the stepper sees every error');
});

test('a fresh hello forgets the previous session\'s cleanup seqs and barrier', () => {
  const h = harness();
  h.join();
  input(h, 1);
  h.down = [1];
  h.session.receive({ type: 'error', code: 'invalid-input', seq: 1 });
  assert.equal(h.state.recoverBarrier, 2);
  h.session.hello();
  assert.deepEqual([h.state.recoverBarrier, h.state.cleanupSeqs.size, h.state.inputSeqs.size], [0, 0, 0]);
  h.session.receive(welcome());
  input(h, 1); // seq 1 again, in the new session
  h.session.receive({ type: 'error', code: 'invalid-input', seq: 1 });
  assert.equal(h.called('input.recover').length, 2);
});

test('unknown-pointer right after a scene switch is expected; later it is shown', () => {
  const h = harness();
  h.join();
  h.time += SWITCH_GRACE_MS - 1;
  h.session.receive({ type: 'error', code: 'unknown-pointer', message: 'no pointer 3' });
  assert.deepEqual(h.banners, []);
  assert.equal(h.called('inspector.addMarker').length, 1, 'it is still in the log');
  h.time += 1;
  h.session.receive({ type: 'error', code: 'unknown-pointer', message: 'no pointer 3' });
  assert.deepEqual(h.banners, [{ source: 'error', text: 'unknown-pointer: no pointer 3', level: 'warn', timeout: 6000 }]);
});

test('the errors kept are bounded', () => {
  const h = harness();
  h.join();
  for (let i = 0; i < MAX_ERRORS + 3; i += 1) h.session.receive({ type: 'error', code: 'bad', message: String(i) });
  assert.equal(h.state.errors.length, MAX_ERRORS);
  assert.equal(h.state.errors[0].message, '3');
});

test('a refused hello for an unknown scene opens the default one instead', () => {
  const h = harness({ scene: 'nope', joined: false });
  h.session.hello();
  h.session.receive({ type: 'error', code: 'unknown-scene', message: 'no such scene' });
  assert.equal(h.state.wantedScene, null);
  assert.equal(h.raw.length, 1);
  assert.equal(h.raw[0].type, 'hello');
  assert.equal(h.raw[0].scene, undefined);
  assert.deepEqual(h.banners, [{ source: 'error', text: 'Unknown scene “nope”: opening the default scene.', level: 'warn', timeout: 8000 }]);

  const failed = harness({ scene: 'broken', joined: false });
  failed.session.receive({ type: 'error', code: 'scene-failed', message: 'it threw' });
  assert.equal(failed.banners[0].text, 'Scene “broken” failed: it threw: opening the default scene.');
});

test('a refused hello stops the page when retrying cannot help, and says why otherwise', () => {
  const o = harness({ role: 'observer', watch: '0123456789abcdef', joined: false });
  o.session.receive({ type: 'error', code: 'unknown-session', message: 'gone' });
  assert.equal(o.conn.stopped, 'Session 01234567… is not running (it ended, or the server restarted).');

  const p = harness({ joined: false });
  p.session.receive({ type: 'error', code: 'unsupported-protocol', message: 'v2 only' });
  assert.equal(p.conn.stopped, 'This server speaks another protocol version. Reload the page.');

  const q = harness({ joined: false });
  q.session.receive({ type: 'error', code: 'unknown-scene', message: 'x' });
  assert.equal(q.raw.length, 0, 'without a scene asked for, nothing to correct');
  assert.deepEqual(q.banners, [{ source: 'error', text: 'Server refused to join: unknown-scene: x', level: 'error' }]);
  assert.equal(q.conn.stopped, null);
});

// ------------------------------------------------------------------ lints

test('the lints of the scene reach the inspector from the welcome, a full render that starts a scene and the answer to an act', () => {
  const h = harness();
  const l02 = { id: 'TB-L02', severity: 'warning', message: 'both fire' };
  const l03 = { id: 'TB-L03', severity: 'info', message: 'waits' };
  h.join(welcome({ lints: [l02] }));
  h.session.receive(fullRender('drag', 120, { lints: [l03] }));
  h.session.receive({ type: 'events', seq: 4, t: 130, log: [], lints: [] });
  h.session.receive({ type: 'events', seq: 5, t: 140, log: [] });
  h.session.receive({ type: 'render', full: false, t: 150, ops: [] });
  h.session.receive(fullRender('drag', 160));
  assert.deepEqual(h.called('inspector.setLints').map(([, lints]) => lints), [[l02], [l03], []],
    'welcome, a scene switch, an act; not the join\'s or a resync\'s full render without lints, events without lints nor partial renders');
});
