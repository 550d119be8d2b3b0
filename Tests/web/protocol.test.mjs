// web/protocol.mjs without a browser: the WebSocket URL the page derives, and the connection's
// states (hello on open, joined on welcome, backoff on close, no retry without the access token)
// against a scripted stand-in for the browser's WebSocket.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { socketURL, Connection, SUBPROTOCOL, CLOSE_UNAUTHORIZED } from '../../web/protocol.mjs';

function location(href) {
  const url = new URL(href);
  return { href: url.href, protocol: url.protocol, host: url.host, pathname: url.pathname, search: url.search };
}

test('the socket sits next to the page, with its scheme, access token and watched session', () => {
  assert.equal(socketURL(location('http://10.0.0.2:8080/')), 'ws://10.0.0.2:8080/ws');
  assert.equal(socketURL(location('https://lab.example/touch/index.html?token=abc')), 'wss://lab.example/touch/ws?token=abc');
  assert.equal(socketURL(location('http://h:1/?ws=ws://other:2/ws&token=t')), 'ws://other:2/ws?token=t');
  assert.equal(socketURL(location('http://h:1/?watch=a-12ef&token=t')), 'ws://h:1/ws?token=t&watch=a-12ef');
});

/** Stands in for the browser's WebSocket: records what is sent, and lets the test play the server. */
class ScriptedSocket {
  static OPEN = 1;
  static made = [];
  constructor(url, protocol) {
    this.url = url;
    this.requested = protocol;
    this.protocol = '';
    this.readyState = 0;
    this.sent = [];
    this.closedWith = null;
    ScriptedSocket.made.push(this);
  }
  send(text) { this.sent.push(JSON.parse(text)); }
  close(code) { this.closedWith = code ?? 1005; this.readyState = 3; }
  serverAccepts(protocol = SUBPROTOCOL) { this.protocol = protocol; this.readyState = 1; this.onopen(); }
  serverSends(message) { this.onmessage({ data: JSON.stringify(message) }); }
  serverCloses(code, reason = '') { this.readyState = 3; this.onclose({ code, reason }); }
}

function connect() {
  ScriptedSocket.made = [];
  globalThis.WebSocket = ScriptedSocket;
  const states = [];
  const messages = [];
  const connection = new Connection({
    url: 'ws://h/ws', makeHello: () => ({ type: 'hello', v: 1 }),
    onMessage: (m) => messages.push(m), onState: (state, info) => states.push([state, info]),
  });
  connection.start();
  return { connection, states, messages, socket: () => ScriptedSocket.made.at(-1) };
}

test('hello on open, joined on welcome; sends wait for the join', () => {
  const { connection, states, messages, socket } = connect();
  try {
    assert.equal(socket().requested, SUBPROTOCOL);
    assert.equal(connection.send({ type: 'input' }), false);
    socket().serverAccepts();
    assert.deepEqual(socket().sent, [{ type: 'hello', v: 1 }]);
    assert.equal(connection.send({ type: 'input' }), false, 'not joined before welcome');
    socket().serverSends({ type: 'welcome', session: 's1' });
    assert.deepEqual(states.map(([s]) => s), ['connecting', 'joining', 'joined']);
    assert.equal(connection.send({ type: 'input' }), true);
    assert.deepEqual(socket().sent.at(-1), { type: 'input' });
    assert.deepEqual(messages, [{ type: 'welcome', session: 's1' }]);
  } finally {
    connection.stop('test over');
  }
});

test('a server speaking another subprotocol is closed with 1002', () => {
  const { connection, socket } = connect();
  try {
    socket().serverAccepts('other.v9');
    assert.equal(socket().closedWith, 1002);
    assert.deepEqual(socket().sent, []);
  } finally {
    connection.stop('test over');
  }
});

test('a dropped connection waits with a growing backoff, capped', () => {
  const { connection, states, socket } = connect();
  try {
    const delays = [];
    for (let i = 0; i < 8; i += 1) {
      socket().serverCloses(1006);
      delays.push(states.at(-1)[1].delay);
      assert.equal(states.at(-1)[0], 'waiting');
      connection.open(); // what the retry timer does when it fires
    }
    assert.ok(delays[0] >= 400 * 0.8 && delays[0] <= 400 * 1.2, `first delay ${delays[0]}`);
    assert.ok(delays[3] >= 3200 * 0.8 && delays[3] <= 3200 * 1.2, `fourth delay ${delays[3]}`);
    assert.ok(delays.every((d) => d <= 8000 * 1.2), `capped: ${delays}`);
  } finally {
    connection.stop('test over');
  }
});

test('without the access token the page stops instead of retrying', () => {
  const { connection, states, socket } = connect();
  socket().serverCloses(CLOSE_UNAUTHORIZED, 'access token missing');
  assert.equal(connection.state, 'stopped');
  assert.match(states.at(-1)[1].reason, /access token missing/);
  assert.equal(ScriptedSocket.made.length, 1);
});
