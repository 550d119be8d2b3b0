// web/contentmode.mjs: where the content lies in the bounds for each UIView.contentMode (UIKIT-VIEW-CONTENT-MODE).
import test from 'node:test';
import assert from 'node:assert/strict';
import { contentRect, contentSizeOf } from '../../web/contentmode.mjs';

test('stretching, fitting and filling keep or scale the aspect ratio', () => {
  assert.deepEqual(contentRect(undefined, 100, 50, 200, 200), [0, 0, 200, 200], 'scaleToFill by default');
  assert.deepEqual(contentRect('redraw', 100, 50, 200, 200), [0, 0, 200, 200]);
  assert.deepEqual(contentRect('scaleAspectFit', 100, 50, 200, 200), [0, 50, 200, 100]);
  assert.deepEqual(contentRect('scaleAspectFill', 100, 50, 200, 200), [-100, 0, 400, 200]);
});

test('unscaled modes put the content against the middle, an edge or a corner', () => {
  const at = (mode) => contentRect(mode, 100, 50, 200, 200).slice(0, 2);
  assert.deepEqual(at('center'), [50, 75]);
  assert.deepEqual(at('top'), [50, 0]);
  assert.deepEqual(at('bottom'), [50, 150]);
  assert.deepEqual(at('left'), [0, 75]);
  assert.deepEqual(at('right'), [100, 75]);
  assert.deepEqual(at('topLeft'), [0, 0]);
  assert.deepEqual(at('bottomRight'), [100, 150]);
});

test('the content size is the bounds unless the render sends another', () => {
  assert.deepEqual(contentSizeOf({}, 30, 40), [30, 40]);
  assert.deepEqual(contentSizeOf({ contentSize: [10, 20] }, 30, 40), [10, 20]);
  assert.deepEqual(contentSizeOf({ contentSize: [0, 20] }, 30, 40), [30, 40]);
});
