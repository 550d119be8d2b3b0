// web/placed.mjs without a browser: placing, taking away, and dragging up to five fingers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PlacedFingers, PLACED_BASE_ID, MAX_PLACED } from '../../web/placed.mjs';

const where = (placed) => placed.fingers.map((f) => [f.id - PLACED_BASE_ID, f.x, f.y]);

test('F-clicks place up to five fingers; a click on one takes it away and its id is used again', () => {
  const placed = new PlacedFingers();
  for (let i = 0; i < MAX_PLACED + 1; i += 1) placed.toggle(100 + 50 * i, 200);
  assert.deepEqual(where(placed), [[0, 100, 200], [1, 150, 200], [2, 200, 200], [3, 250, 200], [4, 300, 200]], 'the sixth is refused');
  assert.equal(placed.toggle(152, 205), true, 'within reach of the second finger');
  assert.deepEqual(where(placed).map(([id]) => id), [0, 2, 3, 4]);
  placed.toggle(10, 10);
  assert.deepEqual(where(placed).at(-1), [1, 10, 10]);
  assert.equal(placed.clear(), true);
  assert.equal(placed.count, 0);
  assert.equal(placed.clear(), false, 'nothing to take away');
});

test('a press puts every finger down; a drag moves them together, or only the one pressed on', () => {
  const placed = new PlacedFingers();
  placed.toggle(100, 100);
  placed.toggle(150, 100);
  placed.toggle(200, 100);
  assert.equal(placed.press(400, 400).length, 3);
  assert.equal(placed.drag(-30, 5).length, 3);
  assert.deepEqual(where(placed), [[0, 70, 105], [1, 120, 105], [2, 170, 105]]);
  assert.equal(placed.toggle(300, 300), false, 'nothing is placed while the fingers touch');
  assert.equal(placed.clear(), false);
  placed.release();
  assert.deepEqual(where(placed), [[0, 70, 105], [1, 120, 105], [2, 170, 105]], 'they stay placed where they ended');

  placed.press(121, 104);
  assert.deepEqual(placed.drag(0, 40).map((f) => f.id - PLACED_BASE_ID), [1], 'pressed on the second: it moves alone');
  assert.deepEqual(where(placed), [[0, 70, 105], [1, 120, 145], [2, 170, 105]]);
  placed.release();
  assert.equal(placed.down, false);
});
