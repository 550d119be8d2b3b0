// web/mirror.mjs without a browser: the render fixtures it shares with RenderMirror.swift, and the
// affine geometry the page draws and hit-tests with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Mirror, multiply, invert, applyPoint, IDENTITY, DEFAULT_PROPS } from '../../web/mirror.mjs';
import { renderFixtures } from './fixtures.mjs';

for (const fixture of renderFixtures()) {
  test(`fixture ${fixture.name}: ${fixture.description}`, () => {
    const mirror = new Mirror();
    const results = fixture.messages.map((message) => mirror.apply(message));
    if (fixture.outOfSync) {
      assert.equal(results.at(-1).ok, false, 'the mirror must report that it lost track');
      assert.ok(results.at(-1).problems.length > 0);
      return;
    }
    assert.deepEqual(results.filter((r) => !r.ok), [], 'no message may put the mirror out of sync');
    const expected = new Mirror();
    assert.equal(expected.apply(fixture.expected).ok, true);
    assert.deepEqual(mirror.snapshot(), expected.snapshot());
  });
}

test('a created view starts from the default props and keeps its own', () => {
  const mirror = new Mirror();
  mirror.apply({ type: 'render', full: true, scene: 's', ops: [{ op: 'create', id: 1, parent: null, index: 0, kind: 'UIWindow', name: 'w', props: { alpha: 0.5 } }] });
  assert.deepEqual(mirror.views.get(1).props, { ...DEFAULT_PROPS, alpha: 0.5 });
});

test('a view box maps through its ancestors: center, transform, then its own bounds', () => {
  const mirror = new Mirror();
  mirror.apply({
    type: 'render', full: true, scene: 's', ops: [
      { op: 'create', id: 1, parent: null, index: 0, kind: 'UIWindow', name: 'w', props: { center: [200, 400], bounds: [0, 0, 400, 800] } },
      { op: 'create', id: 2, parent: 1, index: 0, kind: 'UIView', name: 'v', props: { center: [100, 100], bounds: [0, 0, 50, 20], transform: [2, 0, 0, 2, 0, 0] } },
    ],
  });
  // The box's corner (0,0) is 25×10 from the centre before the 2× scale: (100 − 50, 100 − 20).
  assert.deepEqual(applyPoint(mirror.boxMatrixOf(2), 0, 0), [50, 80]);
  assert.deepEqual(applyPoint(mirror.boxMatrixOf(2), 50, 20), [150, 120]);
  assert.equal(mirror.boxMatrixOf(99), null);
});

test('the anchor point sits at the center and the transform turns about it (S73, S74)', () => {
  const mirror = new Mirror();
  mirror.apply({
    type: 'render', full: true, scene: 's', ops: [
      { op: 'create', id: 1, parent: null, index: 0, kind: 'UIWindow', name: 'w', props: { center: [200, 400], bounds: [0, 0, 400, 800] } },
      { op: 'create', id: 2, parent: 1, index: 0, kind: 'UIView', name: 'v', props: { center: [150, 125], bounds: [0, 0, 200, 100], anchorPoint: [0.25, 0.25], transform: [2, 0, 0, 2, 0, 0] } },
      { op: 'create', id: 3, parent: 1, index: 1, kind: 'UIView', name: 'r', props: { center: [150, 150], bounds: [0, 0, 100, 100], anchorPoint: [0, 0], transform: [0, 1, -1, 0, 0, 0] } },
    ],
  });
  // S73: the anchor (local (50,25)) stays at (150,125) under a 2× scale; the box spans (50,75)…(450,275).
  assert.deepEqual(applyPoint(mirror.boxMatrixOf(2), 50, 25), [150, 125]);
  assert.deepEqual(applyPoint(mirror.boxMatrixOf(2), 0, 0), [50, 75]);
  assert.deepEqual(applyPoint(mirror.boxMatrixOf(2), 200, 100), [450, 275]);
  // S74: a quarter turn about the top-left corner: local (10,90) is drawn at (60,160).
  assert.deepEqual(applyPoint(mirror.boxMatrixOf(3), 10, 90), [60, 160]);
  assert.deepEqual(applyPoint(mirror.boxMatrixOf(3), 0, 0), [150, 150]);
});

test('a matrix times its inverse is the identity; a singular matrix has none', () => {
  const m = [2, 1, -1, 3, 5, 7];
  const product = multiply(m, invert(m));
  product.forEach((value, i) => assert.ok(Math.abs(value - IDENTITY[i]) < 1e-12, `entry ${i}: ${value}`));
  assert.equal(invert([1, 2, 2, 4, 0, 0]), null);
});

test('visibility follows hidden and zero alpha all the way up', () => {
  const mirror = new Mirror();
  mirror.apply({
    type: 'render', full: true, scene: 's', ops: [
      { op: 'create', id: 1, parent: null, index: 0, kind: 'UIWindow', name: 'w', props: {} },
      { op: 'create', id: 2, parent: 1, index: 0, kind: 'UIView', name: 'p', props: { alpha: 0 } },
      { op: 'create', id: 3, parent: 2, index: 0, kind: 'UIView', name: 'c', props: {} },
    ],
  });
  assert.equal(mirror.isVisible(1), true);
  assert.equal(mirror.isVisible(3), false);
  mirror.apply({ type: 'render', full: false, ops: [{ op: 'set', id: 2, props: { alpha: 1, hidden: true } }] });
  assert.equal(mirror.isVisible(3), false);
  mirror.apply({ type: 'render', full: false, ops: [{ op: 'set', id: 2, props: { hidden: false } }] });
  assert.equal(mirror.isVisible(3), true);
});
