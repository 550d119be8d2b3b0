// web/input.mjs's Touch Events fallback (a browser without Pointer Events, e.g. iOS Safari before 13) and
// web/guard.mjs, without a browser: fake elements and events stand in for the DOM, so these run in Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';

// A window with no PointerEvent: InputCapture installs the Touch Events (and plain mouse) fallback.
globalThis.window = new EventTarget();
globalThis.document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
globalThis.requestAnimationFrame = () => 0;
const { InputCapture } = await import('../../web/input.mjs');
const { installGuards } = await import('../../web/guard.mjs');

/** A surface whose top-left corner is at client (10, 20). */
function surface() {
  return Object.assign(new EventTarget(), { getBoundingClientRect: () => ({ left: 10, top: 20 }) });
}

/** An event of `type` with the given fields, its timeStamp set (read-only on real events). */
function event(type, fields = {}, timeStamp = 0) {
  const e = Object.assign(new Event(type, { cancelable: true }), fields);
  Object.defineProperty(e, 'timeStamp', { value: timeStamp });
  return e;
}

const touch = (identifier, clientX, clientY, extra = {}) => ({ identifier, clientX, clientY, ...extra });

function capture() {
  const el = surface();
  const sent = [];
  const input = new InputCapture(el, {
    sink: (pointers) => { sent.push(pointers); return true; }, stamp: (t) => t, limits: () => ({}), onChange: () => {},
  });
  input.enabled = true;
  return { el, input, sent, flushed: () => { input.flush(); return sent.splice(0); } };
}

test('touch events become pointer changes: ids from 1, surface coordinates, event times, force and radius', () => {
  const { el, flushed } = capture();
  const start = event('touchstart', { changedTouches: [touch(0, 110, 220, { force: 0.5, radiusX: 4, radiusY: 3 }), touch(1, 60, 70)] }, 100);
  el.dispatchEvent(start);
  assert.equal(start.defaultPrevented, true, 'the browser does not scroll or zoom');
  assert.deepEqual(flushed(), [[
    { id: 1, phase: 'down', x: 100, y: 200, t: 100, pointerType: 'touch', pressure: 0.5, width: 8, height: 6 },
    { id: 2, phase: 'down', x: 50, y: 50, t: 100, pointerType: 'touch' },
  ]]);
  el.dispatchEvent(event('touchmove', { changedTouches: [touch(1, 70, 80), touch(7, 0, 0)] }, 116));
  assert.deepEqual(flushed(), [[{ id: 2, phase: 'move', x: 60, y: 60, t: 116, pointerType: 'touch' }]], 'a touch it never saw start is ignored');
  el.dispatchEvent(event('touchend', { changedTouches: [touch(0, 112, 224)] }, 130));
  el.dispatchEvent(event('touchcancel', { changedTouches: [touch(1, 70, 80)] }, 131));
  assert.deepEqual(flushed(), [[
    { id: 1, phase: 'up', x: 102, y: 204, t: 130, pointerType: 'touch' },
    { id: 2, phase: 'cancel', x: 60, y: 60, t: 131, pointerType: 'touch' },
  ]]);
});

test('the fallback sends nothing while input is off (between sessions, while stepping)', () => {
  const { el, input, flushed } = capture();
  input.enabled = false;
  const start = event('touchstart', { changedTouches: [touch(0, 110, 220)] });
  el.dispatchEvent(start);
  assert.deepEqual(flushed(), []);
  assert.equal(start.defaultPrevented, false);
});

test('without Pointer Events the mouse is one finger: main button only, moves and lifts anywhere in the window', () => {
  const { el, flushed } = capture();
  el.dispatchEvent(event('mousedown', { button: 2, clientX: 50, clientY: 50 }, 5));
  assert.deepEqual(flushed(), [], 'a right click is not a finger');
  el.dispatchEvent(event('mousedown', { button: 0, clientX: 50, clientY: 50 }, 10));
  window.dispatchEvent(event('mousemove', { button: 0, clientX: 400, clientY: 60 }, 20));
  window.dispatchEvent(event('mouseup', { button: 0, clientX: 400, clientY: 60 }, 30));
  window.dispatchEvent(event('mousemove', { button: 0, clientX: 10, clientY: 10 }, 40));
  assert.deepEqual(flushed(), [[
    { id: 0, phase: 'down', x: 40, y: 30, t: 10, pointerType: 'touch' },
    { id: 0, phase: 'move', x: 390, y: 40, t: 20, pointerType: 'touch' },
    { id: 0, phase: 'up', x: 390, y: 40, t: 30, pointerType: 'touch' },
  ]], 'a move after the lift is no finger');
});

test('the guards cancel Safari\'s gesture events, ctrl+wheel zoom and a double tap outside form fields', () => {
  const doc = new EventTarget();
  installGuards(doc);
  for (const type of ['gesturestart', 'gesturechange', 'gestureend']) {
    const e = event(type);
    doc.dispatchEvent(e);
    assert.equal(e.defaultPrevented, true, type);
  }
  const zoom = event('wheel', { ctrlKey: true });
  const scroll = event('wheel', { ctrlKey: false });
  doc.dispatchEvent(zoom);
  doc.dispatchEvent(scroll);
  assert.deepEqual([zoom.defaultPrevented, scroll.defaultPrevented], [true, false], 'a plain wheel still scrolls the lists');
  const onStage = event('dblclick');
  Object.defineProperty(onStage, 'target', { value: { closest: () => null } });
  const inField = event('dblclick');
  Object.defineProperty(inField, 'target', { value: { closest: (selector) => (selector.includes('input') ? {} : null) } });
  doc.dispatchEvent(onStage);
  doc.dispatchEvent(inField);
  assert.deepEqual([onStage.defaultPrevented, inField.defaultPrevented], [true, false], 'a double tap still selects a word in a field');
});
