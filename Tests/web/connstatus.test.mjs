// web/connstatus.mjs: what the banner says while the page is not connected, with a countdown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConnectionStatus, waitingReason } from '../../web/connstatus.mjs';

function status({ attempt = 0 } = {}) {
  const h = { time: 1000, shown: [], hidden: [], timers: [], cancelled: [], reconnects: 0 };
  const banner = { show: (source, text, options) => h.shown.push({ source, text, ...options }), hide: (source) => h.hidden.push(source) };
  h.conn = { retryAt: 3500, attempt, reconnectNow: () => { h.reconnects += 1; } };
  h.status = new ConnectionStatus({
    banner, conn: h.conn, now: () => h.time,
    every: (tick, ms) => { h.timers.push({ tick, ms }); return h.timers.length; },
    cancel: (timer) => h.cancelled.push(timer),
  });
  return h;
}

test('why the page waits, from the close code', () => {
  assert.equal(waitingReason(1002, true), 'The server does not speak touchbridge.v1.');
  assert.equal(waitingReason(4001, true), 'The watched session ended.');
  assert.equal(waitingReason(1006, true), 'Disconnected.');
  assert.equal(waitingReason(1006, false), 'Cannot reach the server.');
});

test('waiting counts down to the next attempt, and Retry now reconnects', () => {
  const h = status();
  h.status.show('waiting', { code: 1006 }, true);
  assert.equal(h.shown.at(-1).text, 'Disconnected. Reconnecting in 2.5 s…');
  assert.equal(h.shown.at(-1).level, 'error');
  assert.equal(h.timers.length, 1);
  assert.equal(h.timers[0].ms, 200);
  h.time = 3000;
  h.timers[0].tick();
  assert.equal(h.shown.at(-1).text, 'Disconnected. Reconnecting in 0.5 s…');
  h.time = 9000;
  h.timers[0].tick();
  assert.equal(h.shown.at(-1).text, 'Disconnected. Reconnecting in 0.0 s…', 'never below zero');
  h.conn.retryAt = 30_000;
  h.timers[0].tick();
  assert.equal(h.shown.at(-1).text, 'Disconnected. Reconnecting in 21 s…', 'whole seconds from 10 s on');
  h.shown.at(-1).action.run();
  assert.equal(h.reconnects, 1);
});

test('joined hides the connection\'s banner and stops the countdown', () => {
  const h = status();
  h.status.show('waiting', { code: 1006 }, false);
  h.status.show('joined', {}, true);
  assert.deepEqual(h.hidden, ['connection']);
  assert.ok(h.cancelled.includes(1), 'the countdown timer is cancelled');
});

test('connecting is only news after a session or a failed attempt; a stop says why', () => {
  const first = status();
  first.status.show('connecting', {}, false);
  assert.deepEqual(first.shown, []);
  const again = status({ attempt: 1 });
  again.status.show('joining', {}, false);
  assert.deepEqual(again.shown, [{ source: 'connection', text: 'Connecting…', level: 'warn' }]);
  const stopped = status();
  stopped.status.show('stopped', { reason: 'Access token missing.' }, true);
  assert.equal(stopped.shown[0].text, 'Access token missing.');
  stopped.shown[0].action.run();
  assert.equal(stopped.reconnects, 1);
  stopped.status.show('stopped', {}, true);
  assert.equal(stopped.shown[1].text, 'Stopped.');
});
