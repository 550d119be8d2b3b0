// TouchBridge page, the composition root: creates the page's parts and wires them. The socket
// (protocol.mjs) feeds the session (session.mjs: its state and messages), which keeps the mirror tree
// (mirror.mjs) that the stage view (stageview.mjs) paints on a canvas (paint.mjs) in frames only when
// something changed (frameloop.mjs); pointer input (input.mjs), the inspector (inspector.mjs), stepping
// (stepper.mjs), the device's controls (controls.mjs: shake, remote, advance, mark), the panel
// (panel.mjs, sheet.mjs), sharing (share.mjs), scene history (history.mjs), the banner (banner.mjs,
// connstatus.mjs) and the test hooks (testhooks.mjs).
// URL parameters: ?scene=<name>, ?watch=<session>, ?clock=manual,
// ?ws=<url>, ?mouse=pointer (send the mouse as an indirect pointer instead of a finger), ?panel=open|closed.

import './pageerrors.mjs'; // first: it records errors of every module after it
import { Connection, socketURL } from './protocol.mjs';
import { Session } from './session.mjs';
import { Mirror } from './mirror.mjs';
import { Painter } from './paint.mjs';
import { EngineClock } from './animation.mjs';
import { InputCapture } from './input.mjs';
import { Inspector } from './inspector.mjs';
import { Stepper } from './stepper.mjs';
import { DeviceControls } from './controls.mjs';
import { Panel } from './panel.mjs';
import { Share } from './share.mjs';
import { SceneHistory } from './history.mjs';
import { Banner } from './banner.mjs';
import { ConnectionStatus } from './connstatus.mjs';
import { StageView } from './stageview.mjs';
import { FrameLoop } from './frameloop.mjs';
import { measure } from './viewport.mjs';
import { viewAt, centreOf } from './viewat.mjs';
import { installGuards } from './guard.mjs';
import { installTestHooks } from './testhooks.mjs';

const $ = (sel) => document.querySelector(sel);

const params = new URLSearchParams(window.location.search);
const watch = params.get('watch');
const role = watch ? 'observer' : 'device';

const appEl = $('#app');
const stage = $('#stage');
const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');

const mirror = new Mirror();
const painter = new Painter($('#scene'));
const engineClock = new EngineClock();
const banner = new Banner($('#banner'));

// The parts below call each other back: each callback runs only once every part exists.
const loop = new FrameLoop((now) => view.frame(now));
const requestPaint = () => { view.dirty = true; loop.request(); };

// A saved failure (web/artefact.mjs, which ran first) has no server behind it: the HUD says it is a file.
const joinedState = document.documentElement.classList.contains('artefact') ? 'saved file' : 'connected';
const conn = new Connection({
  url: socketURL(),
  makeHello: () => session.hello(true),
  onMessage: (msg) => session.receive(msg),
  onState: (s, info) => {
    session.connectionChanged(s);
    appEl.dataset.state = s;
    inspector.setHud({ state: s === 'joined' ? joinedState : s });
    connectionStatus.show(s, info, session.state.joinedOnce);
    requestPaint();
  },
});
const connectionStatus = new ConnectionStatus({ banner, conn });

const inspector = new Inspector({
  onPickScene: (name) => session.openScene(name),
  send: (msg) => session.send(msg),
  onFocusView: (name) => {
    view.focus = { name, at: performance.now() };
    requestPaint();
  },
});

const sceneHistory = new SceneHistory((name) => { if (name !== session.state.scene) session.openScene(name); });

const input = new InputCapture(stage, {
  sink: (pointers, meta) => session.sendInput(pointers, meta),
  stamp: (t) => session.clock.stamp(t),
  limits: () => session.state.limits,
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
  send: (msg) => session.send(msg),
  limits: () => session.state.limits,
  show: (step) => session.showInstant(step),
  resume: (render) => session.backToLive(render),
  notify: (text) => banner.show('error', text, { level: 'warn', timeout: 8000 }),
});

const session = new Session({
  role, watch, clockMode: params.get('clock') === 'manual' ? 'manual' : 'client', scene: params.get('scene'),
  conn, mirror, engineClock, inspector, input, stepper, banner,
  measure: () => measure(stage, (r) => panel.sheet.layoutRect(r)),
  showing: (name) => sceneHistory.showing(name),
  welcomed: (w) => { share.welcomed(w); controls.welcomed(w); },
  resize: () => queueResize(),
  requestPaint,
});

const view = new StageView({
  role, painter, mirror, engineClock, session, input, stepper, inspector,
  panelOpen: () => panel.open,
  dark: () => darkQuery.matches,
  stepbarHeight: () => $('#stepbar').offsetHeight,
  miniature: () => panel.sheet.miniature,
});

const controls = new DeviceControls({ role, session });
const panel = new Panel({ app: appEl, wanted: params.get('panel'), onChange: requestPaint });
const share = new Share({ role, watch });
if (role === 'observer') inspector.setReadOnly(true);

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
    session.reportViewport();
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

// The HUD once a second: the round trip, and frames painted per second while the page paints.
setInterval(() => inspector.setHud({ fps: view.sampleFps(performance.now()), rtt: conn.rtt }), 1000);

installTestHooks({ role, session, view, mirror, stage, conn, input, inspector, panel, stepper, appEl, engineClock, requestPaint });

installGuards();
loop.request();
queueResize();
conn.start();
