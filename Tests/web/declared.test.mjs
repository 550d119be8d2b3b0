// The shared declaration fixture (Tests/fixtures/protocol/client-messages.json) and its checker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DECLARED, undeclared } from './declared.mjs';

test('every client message type is declared, with its required fields', () => {
  assert.deepEqual(Object.keys(DECLARED).sort(),
    ['act', 'advance', 'export-test', 'flake', 'hello', 'input', 'mark', 'motion', 'open-recording', 'pause', 'ping', 'recordings',
      'remote', 'resize', 'resume', 'resync', 'scene', 'step', 'what-if']);
  assert.deepEqual(DECLARED.input.filter((f) => f.required).map((f) => f.key), ['seq', 'pointers']);
});

test('the checker finds an undeclared key, a missing required field and an unknown type, also in nested objects', () => {
  const pointer = { id: 1, phase: 'down', x: 1, y: 2, t: 3, pointerType: 'touch' };
  assert.deepEqual(undeclared({ type: 'input', seq: 1, pointers: [pointer] }), []);
  assert.deepEqual(undeclared({ type: 'input', seq: 1, pointers: [{ ...pointer, presure: 0.5 }] }), ['pointers[0].presure: not a declared field']);
  assert.deepEqual(undeclared({ type: 'input', pointers: [] }), ['seq: required field is missing']);
  assert.deepEqual(undeclared({ type: 'hello', protocol: 1, role: 'device', clock: 'client', viewport: { width: 1, height: 1 } }),
    ['viewport.scale: required field is missing']);
  assert.deepEqual(undeclared({ type: 'teleport' }), ['type "teleport": not a declared client message']);
});
