// web/sublayers.mjs and the keyframe and repeat-count parts of web/animation.mjs: the page draws a
// sublayer's Core Animation animations, keyframe animations and finite repeat counts with the engine's
// formulas (Sources/TouchKit/Animation/RenderSublayer.swift, CAAnimation.fraction, CAKeyframeAnimation.value).
import test from 'node:test';
import assert from 'node:assert/strict';
import { anyRunning, presented, progress } from '../../web/animation.mjs';
import { sublayerPlan, trimPath } from '../../web/sublayers.mjs';

const close = (a, b, msg) => assert.ok(Math.abs(a - b) < 1e-6, `${msg}: ${a} vs ${b}`);
const apply = (m, [x, y]) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
const layer = (extra = {}) => ({ commands: [0, 1], parent: [1, 0, 0, 1, 0, 0], position: [50, 50], transform: [1, 0, 0, 1, 0, 0], opacity: 1, ...extra });

test('a keyframe animation of a view draws its keyframes at their key times', () => {
  const a = { property: 'center', from: [0, 0], to: [100, 100], keyframes: [[0, 0], [100, 0], [100, 100]], keyTimes: [0, 0.25, 1],
    begin: 0, duration: 1000, curve: 'linear', absolute: true };
  assert.deepEqual(presented({ center: [7, 7], animations: [a] }, 125).center, [50, 0]);
  close(presented({ center: [7, 7], animations: [a] }, 625).center[1], 50, 'half of the second segment');
  const discrete = { ...a, discrete: true };
  assert.deepEqual(presented({ center: [7, 7], animations: [discrete] }, 500).center, [100, 0]);
  const paced = { ...a, segmentCurves: [[0.42, 0, 1, 1], [0, 0, 1, 1]] };
  assert.ok(presented({ center: [7, 7], animations: [paced] }, 62.5).center[0] < 50, 'an ease-in segment starts slow');
});

test('a finite repeat count runs its passes and stops where the last one ends', () => {
  const a = { property: 'alpha', from: [0], to: [1], begin: 0, duration: 100, curve: 'linear', passes: 3, absolute: true };
  close(progress(a, 250), 0.5, 'half way through the third pass');
  close(progress(a, 400), 1, 'after three passes');
  close(progress({ ...a, passes: 2.5 }, 900), 0.5, 'two and a half passes end half way');
  close(progress({ ...a, autoreverses: true }, 550), 0.5, 'autoreversed: half way back in the third pass');
  close(progress({ ...a, autoreverses: true }, 900), 0, 'autoreversed passes end at the start');
  const views = (x) => ({ views: new Map([[1, { props: { animations: [x] } }]]) });
  assert.equal(anyRunning(views(a), 299), true);
  assert.equal(anyRunning(views(a), 301), false);
});

test('a sublayer animation is not a view property', () => {
  const a = { property: 'transform', from: [2, 0, 0, 2, 0, 0], to: [1, 0, 0, 1, 0, 0], begin: 0, duration: 100, curve: 'linear', absolute: true,
    sublayer: layer() };
  assert.deepEqual(presented({ transform: [1, 0, 0, 1, 0, 0], animations: [a] }, 50).transform, [1, 0, 0, 1, 0, 0]);
});

test("a sublayer's position, rotation and opacity move and fade its commands", () => {
  const moved = { property: 'position', from: [150, 50], to: [50, 50], begin: 0, duration: 1000, curve: 'linear', absolute: true, sublayer: layer() };
  const plan = sublayerPlan([moved], 500, 2);
  assert.deepEqual(apply(plan.matrices[0], [40, 60]), [90, 60]);
  assert.equal(plan.matrices[1], null, 'a command the sublayer did not draw stays');
  const spin = { property: 'transform.rotation.z', from: [0], to: [Math.PI], begin: 0, duration: 1000, curve: 'linear', repeats: true,
    absolute: true, sublayer: layer({ parent: [1, 0, 0, 1, 10, 0] }) };
  const quarter = apply(sublayerPlan([spin], 1500, 1).matrices[0], [70, 50]);
  close(quarter[0], 60, 'a quarter turn about the position (60, 50) in view coordinates');
  close(quarter[1], 60, 'a quarter turn moves the point 10 below');
  const fade = { property: 'opacity', from: [0], to: [1], begin: 0, duration: 100, curve: 'linear', absolute: true, sublayer: layer({ opacity: 0.5 }) };
  close(sublayerPlan([fade], 25, 1).alphas[0], 0.5, 'opacity 0.25 of commands drawn at 0.5');
  assert.equal(sublayerPlan([fade], -1, 1).alphas[0], 1, 'before its begin time the layer shows its model');
});

test("a shape sublayer's strokeEnd trims its stroke again", () => {
  const path = [['move', 0, 0], ['line', 100, 0], ['line', 100, 100]];
  assert.deepEqual(trimPath(path, 0, 0.75), [['move', 0, 0], ['line', 100, 0], ['line', 100, 50]]);
  assert.deepEqual(trimPath(path, 0.6, 0.6), []);
  const grow = { property: 'strokeEnd', from: [0], to: [1], begin: 0, duration: 100, curve: 'linear', absolute: true,
    sublayer: layer({ commands: [0, 1], stroke: [0, 1], strokeCommand: 0, strokePath: path }) };
  assert.deepEqual(sublayerPlan([grow], 25, 1).paths.get(0), [['move', 0, 0], ['line', 50, 0]]);
});
