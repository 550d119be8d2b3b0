// web/overlay.mjs: what the page draws over the scene at a given time, without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Mirror } from '../../web/mirror.mjs';
import { overlayFor, fitScene, TOUCH_FADE_MS, HIGHLIGHT_FADE_MS } from '../../web/overlay.mjs';

function scene() {
  const mirror = new Mirror();
  mirror.apply({
    type: 'render', full: true, scene: 's', ops: [
      { op: 'create', id: 1, parent: null, index: 0, kind: 'UIWindow', name: 'window', props: { center: [200, 400], bounds: [0, 0, 400, 800] } },
      { op: 'create', id: 2, parent: 1, index: 0, kind: 'UIView', name: 'root', props: { center: [200, 400], bounds: [0, 0, 400, 800] } },
      { op: 'create', id: 3, parent: 2, index: 0, kind: 'UIView', name: 'button', props: { center: [100, 100], bounds: [0, 0, 80, 40] } },
    ],
  });
  return mirror;
}

test('an ended touch fades over TOUCH_FADE_MS, then is forgotten', () => {
  const reported = new Map([[1, { phase: 'ended', location: [10, 10], at: 1000 }]]);
  const at = (now) => overlayFor({ mirror: scene(), fingers: [], reported, hit: { path: [], at: 0 }, focus: {}, now });
  assert.equal(at(1000 + TOUCH_FADE_MS / 2).touches[0].fade, 0.5);
  assert.equal(at(1000 + TOUCH_FADE_MS / 2).animating, true);
  const after = at(1000 + TOUCH_FADE_MS + 1);
  assert.deepEqual(after.touches, []);
  assert.equal(reported.size, 0);
  assert.equal(after.animating, false);
});

test('a touch that ended after the frame began still fades and keeps the frames coming (a frame is timed at its start)', () => {
  // The `events` message arrives at 1010 during a frame the browser timed at 1000.
  const reported = new Map([[1, { phase: 'ended', location: [10, 10], at: 1010 }]]);
  const hit = { path: ['window', 'root', 'button'], at: 1010, lastBusy: 1010 };
  const frame = overlayFor({ mirror: scene(), fingers: [], reported, hit, focus: {}, now: 1000 });
  assert.equal(frame.touches[0].fade, 1);
  assert.equal(frame.highlight.fade, 1);
  assert.equal(frame.animating, true);
  const done = overlayFor({ mirror: scene(), fingers: [], reported, hit, focus: {}, now: 1010 + HIGHLIGHT_FADE_MS });
  assert.deepEqual(done.touches, []);
  assert.equal(done.highlight, null);
  assert.equal(done.animating, false);
});

test('the hit-test path leaves out full-screen containers, and fades once the fingers lift', () => {
  const hit = { path: ['window', 'root', 'button'], at: 0 };
  const down = overlayFor({ mirror: scene(), fingers: [{ x: 100, y: 100, touch: 1 }], reported: new Map(), hit, focus: {}, now: 500 });
  assert.deepEqual(down.highlight.ids, [3]);
  assert.equal(down.highlight.fade, 1);
  const later = overlayFor({ mirror: scene(), fingers: [], reported: new Map(), hit, focus: {}, now: 500 + HIGHLIGHT_FADE_MS / 4 });
  assert.equal(later.highlight.fade, 0.75);
  assert.equal(later.animating, true);
  const gone = overlayFor({ mirror: scene(), fingers: [], reported: new Map(), hit, focus: {}, now: 500 + HIGHLIGHT_FADE_MS });
  assert.equal(gone.highlight, null);
  assert.equal(gone.animating, false);
});

test('a scene from a bigger screen is scaled down and centred; at most doubled', () => {
  assert.deepEqual(fitScene({ width: 800, height: 400 }, 400, 400), [0.5, 0, 0, 0.5, 0, 100]);
  assert.deepEqual(fitScene({ width: 100, height: 100 }, 400, 400), [2, 0, 0, 2, 100, 100]);
  assert.deepEqual(fitScene({ width: 0, height: 0 }, 400, 400), [1, 0, 0, 1, 0, 0]);
});
