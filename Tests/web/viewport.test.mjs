// web/viewport.mjs: the viewport the page reports in hello and resize, within the session's limits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { viewportOf, sameViewport } from '../../web/viewport.mjs';

const limits = { maxViewportPoints: 1000, maxViewportScale: 4 };
const safeArea = { top: 47, left: 0, bottom: 34, right: 0 };
const measured = (extra) => ({ width: 390, height: 700, fallbackWidth: 400, fallbackHeight: 800, scale: 3, safeArea, ...extra });

test('sizes are rounded to 1/1000 point and kept within 1 … maxViewportPoints', () => {
  assert.deepEqual(viewportOf(measured({ width: 390.1234567 }), limits), { width: 390.123, height: 700, scale: 3, safeArea });
  assert.equal(viewportOf(measured({ width: 5000 }), limits).width, 1000);
  assert.equal(viewportOf(measured({ width: 0.0001 }), limits).width, 1);
  assert.equal(viewportOf(measured({ width: 5000 }), {}).width, 5000, 'no limit given: 8192');
  assert.equal(viewportOf(measured({ width: 9000 }), {}).width, 8192);
});

test('a surface not laid out yet takes the window\'s size', () => {
  const v = viewportOf(measured({ width: 0, height: -1 }), limits);
  assert.deepEqual([v.width, v.height], [400, 800]);
});

test('the scale stays within 0.1 … maxViewportScale; none is 1', () => {
  assert.equal(viewportOf(measured({ scale: 8 }), limits).scale, 4);
  assert.equal(viewportOf(measured({ scale: 0.01 }), limits).scale, 0.1);
  assert.equal(viewportOf(measured({ scale: undefined }), limits).scale, 1);
  assert.equal(viewportOf(measured({ scale: 2.6666666 }), limits).scale, 2.667);
});

test('two viewports are the same when size, scale and every inset are', () => {
  const a = viewportOf(measured(), limits);
  assert.equal(sameViewport(a, viewportOf(measured(), limits)), true);
  assert.equal(sameViewport(a, viewportOf(measured({ height: 701 }), limits)), false);
  assert.equal(sameViewport(a, viewportOf(measured({ scale: 2 }), limits)), false);
  assert.equal(sameViewport(a, viewportOf(measured({ safeArea: { ...safeArea, bottom: 0 } }), limits)), false);
  assert.equal(sameViewport(null, a), false, 'nothing sent yet');
});
