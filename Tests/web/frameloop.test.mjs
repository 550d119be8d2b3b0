// web/frameloop.mjs: frames are drawn when asked for and while the page animates, never otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FrameLoop } from '../../web/frameloop.mjs';

function loop(tick) {
  const queued = [];
  const frames = new FrameLoop(tick, (callback) => queued.push(callback));
  const flush = (now) => { const due = queued.splice(0); due.forEach((callback) => callback(now)); return due.length; };
  return { frames, queued, flush };
}

test('requests before a frame draw it once', () => {
  const drawn = [];
  const { frames, queued, flush } = loop((now) => { drawn.push(now); return false; });
  frames.request();
  frames.request();
  frames.request();
  assert.equal(queued.length, 1);
  flush(16);
  assert.deepEqual(drawn, [16]);
  assert.equal(queued.length, 0, 'nothing asked for after the frame');
});

test('an idle page asks for no frame at all', () => {
  const { frames, queued, flush } = loop(() => false);
  assert.equal(queued.length, 0);
  frames.request();
  flush(16);
  assert.equal(flush(33), 0, 'nothing changed, nothing scheduled');
});

test('frames go on while the tick says it animates, and stop when it is done', () => {
  let remaining = 3;
  let ticks = 0;
  const { frames, queued, flush } = loop(() => { ticks += 1; return (remaining -= 1) > 0; });
  frames.request();
  let count = 0;
  for (let now = 16; flush(now) > 0; now += 16) count += 1;
  assert.equal(count, 3);
  assert.equal(ticks, 3);
  assert.equal(queued.length, 0);
});
