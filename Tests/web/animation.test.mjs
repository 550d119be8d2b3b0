// web/animation.mjs: the page draws property-animator segments (docs/protocol.md §5.2 `startValue`,
// `endValue`, `joinedAt`, `bezier`) with the engine's formula (Sources/TouchKit/Animation/AnimatorSegment.swift).
import test from 'node:test';
import assert from 'node:assert/strict';
import { anyRunning, curveValue, eased, presented } from '../../web/animation.mjs';

const close = (a, b, msg) => assert.ok(Math.abs(a - b) < 1e-6, `${msg}: ${a} vs ${b}`);

test('a paused animator (duration 0) holds at its startValue and is not running', () => {
  const a = { property: 'center', from: [100, 150], to: [300, 150], begin: 0, duration: 0, curve: 'linear', startValue: 0.4, endValue: 0.4 };
  const out = presented({ center: [300, 150], animations: [a] }, 5000);
  close(out.center[0], 180, 'model 300 + (100 − 300)·(1 − 0.4)');
  assert.equal(anyRunning({ views: new Map([[1, { props: { animations: [a] } }]]) }, 5000), false);
});

test('a resumed segment runs from startValue to endValue along its curve', () => {
  const a = { property: 'alpha', from: [1], to: [0], begin: 100, duration: 300, curve: 'linear', startValue: 0.7, endValue: 1 };
  close(presented({ alpha: 0, animations: [a] }, 100).alpha, 0.3, 'at begin');
  close(presented({ alpha: 0, animations: [a] }, 250).alpha, 0.15, 'half way');
  close(presented({ alpha: 0, animations: [a] }, 400).alpha, 0, 'at the end');
  const back = { ...a, startValue: 0.6, endValue: 0 };
  close(eased(back, 250), 0.3, 'reversed: towards 0');
});

test('bezier control points are the curve; a block joined mid-way moves from joinedAt', () => {
  const bez = { curve: 'bezier', controlPoints: [0.42, 0, 0.58, 1] };
  close(curveValue(bez, 0.25), curveValue({ curve: 'easeInOut' }, 0.25), 'the same Bézier as easeInOut');
  const joined = { property: 'alpha', from: [1], to: [0], begin: 0, duration: 1000, curve: 'linear', joinedAt: 0.6 };
  close(eased(joined, 500), 0, 'before the animator reaches joinedAt');
  close(eased(joined, 800), 0.5, 'half of the rest');
});
