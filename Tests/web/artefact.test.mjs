// web/artefact.mjs: the saved failure's transport answers the page's messages from the embedded timeline
// as the server's stepping mode would (StepTimeline.state), without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stepMessage, answer, EVENT_BUDGET_BYTES } from '../../web/artefact.mjs';

const full = (scene, lints = []) => ({ type: 'render', full: true, scene, lints, ops: [] });
const diff = (n) => ({ type: 'render', t: n, ops: [{ op: 'update', id: 1, props: { n } }] });
const events = (t, text) => ({ type: 'events', t, log: [{ kind: 'note', text }] });

function timeline() {
  return {
    name: 'rec.jsonl', reason: 'it differs', open: 3, welcome: { type: 'welcome', session: 's' },
    frames: [
      { t: 0, renders: [full('a')], events: [], pointers: [], starts: true },
      { t: 1, renders: [diff(1)], events: [events(1, 'one')], pointers: [{ id: 1, x: 1, y: 1 }], starts: false },
      // A resync: a full render that does not start the scene (its events go on).
      { t: 2, renders: [{ type: 'render', full: true, scene: 'a', ops: [] }], events: [events(2, 'two')], pointers: [], starts: false },
      { t: 3, renders: [diff(3)], events: [events(3, 'three')], pointers: [], starts: false },
      { t: 4, renders: [full('b')], events: [events(4, 'four')], pointers: [], starts: true },
    ],
  };
}

test('a step starts at the latest full render and carries the diffs after it', () => {
  const data = timeline();
  assert.deepEqual(stepMessage(data, 1).renders, [full('a'), diff(1)]);
  assert.deepEqual(stepMessage(data, 3).renders.map((r) => r.full ?? false), [true, false]);
  assert.equal(stepMessage(data, 3).renders[1], data.frames[3].renders[0]);
});

test('events go back to the scene start (through a resync), not past it', () => {
  const data = timeline();
  assert.deepEqual(stepMessage(data, 2).events.map((m) => m.log[0].text), ['one', 'two']);
  // The failure happened in the scene before: the next scene's log does not carry it.
  assert.deepEqual(stepMessage(data, 4).events.map((m) => m.log[0].text), ['four']);
});

test('the reason shows in the log from the failing frame on, at its instant', () => {
  const data = timeline();
  assert.ok(!stepMessage(data, 2).events.some((m) => m.log[0].text.startsWith('✗')));
  const texts = stepMessage(data, 3).events.map((m) => m.log[0].text);
  assert.deepEqual(texts, ['one', 'two', 'three', '✗ it differs']);
});

test('events past the byte budget are left out, oldest first, and counted', () => {
  const data = timeline();
  const big = 'x'.repeat(EVENT_BUDGET_BYTES / 2);
  data.frames[1].events = [events(1, big), events(1, big)];
  const step = stepMessage(data, 2);
  assert.equal(step.omitted, 1);
  assert.deepEqual(step.events.map((m) => m.log[0].text.length), [big.length, 3]);
});

test('hello is answered with the welcome, stepping and the failing frame; step with that frame', () => {
  const data = timeline();
  const [welcome, stepping, step] = answer(data, { type: 'hello' });
  assert.equal(welcome, data.welcome);
  assert.deepEqual(stepping, { type: 'stepping', source: 'recording', name: 'rec.jsonl · ✗ at frame 3', frames: 5, times: [0, 1, 2, 3, 4] });
  assert.equal(step.frame, 3);
  assert.deepEqual(answer(data, { type: 'step', frame: 1 })[0].pointers, [{ id: 1, x: 1, y: 1 }]);
  assert.equal(answer(data, { type: 'step', frame: 5 })[0].code, 'unknown-frame');
  assert.equal(answer(data, { type: 'resume' })[0].code, 'not-allowed');
});
