// web/stageview.mjs: a frame paints only when something changed or still moves, and observers see
// the device's pointers over a scene fitted into their page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StageView } from '../../web/stageview.mjs';
import { Mirror, IDENTITY } from '../../web/mirror.mjs';
import { EngineClock } from '../../web/animation.mjs';

function stage({ role = 'device', animations = null } = {}) {
  const h = { painted: [], timelines: [], stepper: { active: false }, open: false, miniature: false };
  h.mirror = new Mirror();
  h.mirror.apply({
    type: 'render', full: true, scene: 's', ops: [
      { op: 'create', id: 1, parent: null, index: 0, kind: 'UIWindow', name: 'window', props: { center: [400, 200], bounds: [0, 0, 800, 400], ...(animations ? { animations } : {}) } },
    ],
  });
  h.engineClock = new EngineClock();
  h.engineClock.observe(0, 0);
  h.painter = { width: 400, height: 400, paint: (mirror, options) => h.painted.push({ base: h.painter.base, engineNow: h.painter.engineNow, ...options }) };
  h.session = { state: { pointers: [{ id: 7, x: 5, y: 6 }], touches: new Map(), hit: { path: [], at: 0 }, instantAt: 123 } };
  h.input = { fingersForPaint: () => [{ id: 1, x: 1, y: 1, size: 10, virtual: false, touch: 1 }] };
  h.inspector = { timelinesMoving: () => false, drawTimelines: (now) => h.timelines.push(now) };
  h.view = new StageView({
    role, painter: h.painter, mirror: h.mirror, engineClock: h.engineClock, session: h.session, input: h.input, stepper: h.stepper,
    inspector: h.inspector, panelOpen: () => h.open, dark: () => false, stepbarHeight: () => 44, miniature: () => h.miniature, now: () => 0,
  });
  return h;
}

test('a frame paints what changed once; an idle page paints nothing more', () => {
  const h = stage();
  assert.equal(h.view.frame(16), false);
  assert.equal(h.painted.length, 1);
  assert.equal(h.view.frame(33), false);
  assert.equal(h.painted.length, 1, 'nothing changed');
  h.view.dirty = true;
  h.view.frame(50);
  assert.equal(h.painted.length, 2);
  assert.equal(h.view.paints, 2);
  assert.deepEqual(h.painted[0].base, IDENTITY, 'a device draws the scene as laid out');
  assert.deepEqual(h.painted[0].fingers.map((f) => f.id), [1], 'a device draws its own fingers');
  assert.equal(h.view.overlayIdle, false);
});

test('frames go on while a view animates, and the one after its end is still painted', () => {
  const h = stage({ animations: [{ property: 'alpha', from: [0], to: [1], begin: 0, duration: 100, curve: 'linear' }] });
  h.view.dirty = false;
  assert.equal(h.view.frame(50), true);
  assert.equal(h.painted[0].engineNow, 50);
  assert.equal(h.view.frame(90), true);
  assert.equal(h.view.frame(150), false, 'the animation ended: the frame showing its end asks for no other');
  assert.equal(h.painted.length, 3);
  assert.equal(h.view.frame(166), false);
  assert.equal(h.painted.length, 3);
});

test('observers fit the scene into their page and draw the device\'s pointers', () => {
  const h = stage({ role: 'observer' });
  h.view.frame(16);
  assert.deepEqual(h.painted[0].base, [0.5, 0, 0, 0.5, 0, 100]);
  assert.deepEqual(h.view.base, [0.5, 0, 0, 0.5, 0, 100]);
  assert.deepEqual(h.painted[0].fingers.map((f) => [f.id, f.x, f.y]), [[7, 5, 6]]);
  assert.equal(h.painted[0].frameDevice, true);
  assert.deepEqual(h.view.fingers(), [{ id: 7, x: 5, y: 6 }]);
});

test('stepping keeps the stepping bar clear and draws the timelines at the instant shown', () => {
  const h = stage();
  h.stepper.active = true;
  h.open = true;
  h.view.frame(16);
  // 800 × 400 into 400 × (400 − 44 − 16): half size, centred in the space above the bar.
  assert.deepEqual(h.painted[0].base, [0.5, 0, 0, 0.5, 0, 70]);
  assert.deepEqual(h.timelines, [123]);
  h.stepper.active = false;
  h.view.frame(33);
  assert.deepEqual(h.timelines, [123, 33]);
});

test('at the full detent the device draws its scene whole, shrunk into the strip, with its own fingers', () => {
  const h = stage();
  h.miniature = true;
  h.view.frame(16);
  // 800 × 400 laid out for the half detent, into the 400 × 400 strip: half size, centred.
  assert.deepEqual(h.painted[0].base, [0.5, 0, 0, 0.5, 0, 100]);
  assert.deepEqual(h.painted[0].fingers.map((f) => f.id), [1]);
  h.miniature = false;
  h.view.dirty = true;
  h.view.frame(33);
  assert.deepEqual(h.painted[1].base, IDENTITY);
});

test('frames per second are counted between samples', () => {
  const h = stage();
  h.view.frame(16);
  h.view.dirty = true;
  h.view.frame(33);
  assert.equal(h.view.sampleFps(500), 4);
  assert.equal(h.view.sampleFps(1000), null, 'no frame since');
});
