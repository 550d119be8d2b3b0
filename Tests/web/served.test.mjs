// The page's readers against the server's declarations (Tests/fixtures/protocol/server-messages.json):
// every example the server's writers wrote conforms to its declaration, and the page's session, mirror,
// inspector, stepping bar, test exporter, what-if panel, sharing (share.mjs) and device controls take each
// one, read no field the declaration lacks, and send only messages the client declarations have (the panels too).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDom } from './fakedom.mjs';
import { SERVED, EXAMPLES, undeclaredServed, watched } from './served.mjs';
import { undeclared } from './declared.mjs';

installFakeDom();
const { Session } = await import('../../web/session.mjs');
const { Mirror } = await import('../../web/mirror.mjs');
const { EngineClock } = await import('../../web/animation.mjs');
const { Inspector } = await import('../../web/inspector.mjs');
const { Stepper } = await import('../../web/stepper.mjs');
const { Share } = await import('../../web/share.mjs');
const { DeviceControls } = await import('../../web/controls.mjs');
const { Painter } = await import('../../web/paint.mjs');

/** The page's parts as app.mjs wires them, over a connection that records what is sent. */
function page(role = 'device') {
  // A document of its own: the panels listen on its elements.
  const p = { sent: [], banners: [], warnings: [], mirror: new Mirror(), document: installFakeDom() };
  // Every message the page sends, from the session or a panel, must be one the server declares.
  const send = (msg) => {
    assert.deepEqual(undeclared(msg), [], JSON.stringify(msg));
    p.sent.push(msg);
    return true;
  };
  p.conn = { state: 'joined', rtt: 10, send, sendRaw: send, stop() {} };
  p.inspector = new Inspector({ onPickScene: () => {}, onFocusView: () => {}, send: (msg) => p.session.send(msg) });
  p.stepper = new Stepper({
    role, send: (msg) => p.session.send(msg), limits: () => p.session.state.limits, show: (step) => p.session.showInstant(step),
    resume: (render) => p.session.backToLive(render), notify: (text) => p.banners.push(text),
  });
  p.session = new Session({
    role, watch: role === 'observer' ? 'abc' : null, conn: p.conn, mirror: p.mirror, engineClock: new EngineClock(), inspector: p.inspector,
    input: { enabled: role === 'device', resetSession() {}, touchesCancelledBySystem() {}, recover() {} }, stepper: p.stepper,
    banner: { show: (source, text) => p.banners.push(text) },
    measure: () => ({ width: 390, height: 844, fallbackWidth: 390, fallbackHeight: 844, scale: 3, safeArea: { top: 0, left: 0, bottom: 0, right: 0 } }),
    warn: (...args) => p.warnings.push(args),
    welcomed: (w) => { p.share.welcomed(w); p.controls.welcomed(w); },
  });
  p.share = new Share({ role, watch: role === 'observer' ? 'abc' : null });
  p.controls = new DeviceControls({ role, session: p.session });
  return p;
}

/** The order a session meets the messages in: joined, live, paused, stepped, answered, live again. */
const ORDER = ['welcome', 'render', 'events', 'pong', 'error', 'stepping', 'step', 'uploading', 'recordings', 'exported-test', 'what-if', 'flake',
  'resumed'];

test('every server message is declared with an example, and every example is its declaration', () => {
  assert.deepEqual(Object.keys(SERVED).sort(), [...ORDER].sort());
  assert.deepEqual(Object.keys(EXAMPLES).sort(), [...ORDER].sort());
  for (const [type, examples] of Object.entries(EXAMPLES)) {
    assert.ok(examples.length > 0, type);
    for (const example of examples) assert.deepEqual(undeclaredServed(example), [], JSON.stringify(example).slice(0, 200));
  }
});

test('the examples hold every declared field somewhere, and every kind of path element, so the readers below meet each', () => {
  const missing = [];
  const elementKinds = new Map();
  const visit = (fields, values, path) => {
    for (const field of fields) {
      const present = values.map((v) => v?.[field.key]).filter((v) => v !== undefined && v !== null);
      if (!present.length) missing.push(`${path}${field.key}`);
      const elements = present.flatMap((v) => (Array.isArray(v) ? v : [v]));
      for (const tag of Object.keys(field.elements ?? {})) elementKinds.set(tag, elementKinds.get(tag) ?? false);
      if (field.elements) for (const element of elements) elementKinds.set(element[0], true);
      if (field.fields) visit(field.fields, elements, `${path}${field.key}.`);
      for (const [tag, kindFields] of Object.entries(field.variants ?? {})) {
        visit(kindFields, elements.filter((e) => e[field.tag] === tag), `${path}${field.key}[${field.tag}=${tag}].`);
      }
    }
  };
  for (const [type, fields] of Object.entries(SERVED)) visit(fields, EXAMPLES[type], `${type}.`);
  assert.deepEqual(missing, []);
  assert.deepEqual([...elementKinds.keys()].sort(), ['close', 'ellipse', 'line', 'move', 'rect']);
  assert.deepEqual([...elementKinds].filter(([, seen]) => !seen).map(([tag]) => tag), [], 'path element kinds no example holds');
});

/** The declared path element kinds (tag → the numbers' names), as the fill command's `path` has them. */
function pathElementKinds() {
  const display = SERVED.render.find((field) => field.key === 'ops').variants.display;
  return display.find((field) => field.key === 'displayList').variants.fill.find((field) => field.key === 'path').elements;
}

test('the checker refuses a path element of no declared kind, of another count of numbers, or with a number that is not one', () => {
  const [full] = EXAMPLES.render;
  const display = full.ops.findIndex((op) => op.op === 'display' && op.displayList);
  const withPath = (path) => ({ ...full, ops: [{ ...full.ops[display], displayList: [{ cmd: 'fill', color: '#000000ff', path }] }] });
  assert.deepEqual(undeclaredServed(withPath([['move', 1, 2], ['close']])), []);
  assert.deepEqual(undeclaredServed(withPath([['arc', 1, 2], ['move', 1], ['rect', 0, 0, 'NaN', 1e300], 'close'])), [
    'ops[0].displayList[0].path[0]: not a declared kind ("arc")',
    'ops[0].displayList[0].path[1]: "move" takes 2 numbers, got 1',
    'ops[0].displayList[0].path[2].w: not a finite number ("NaN")',
    'ops[0].displayList[0].path[3]: not a [tag, numbers…] array ("close")',
  ]);
  assert.deepEqual(Object.keys(pathElementKinds()).sort(), ['close', 'ellipse', 'line', 'move', 'rect']);
});

test("the page's painter draws every declared kind of path element from the examples, and nothing of an undeclared one", () => {
  const calls = [];
  const ctx = new Proxy({}, {
    get: (_, name) => (...args) => calls.push([name, ...args]),
    set: () => true,
  });
  const painter = Object.assign(Object.create(Painter.prototype), { ctx });
  const drawn = (element) => {
    calls.length = 0;
    painter.drawCommand({ cmd: 'fill', color: '#000000ff', path: [element] }, [element]);
    return calls.slice(1, -1);
  };
  const examples = EXAMPLES.render.flatMap((render) => render.ops).flatMap((op) => op.displayList ?? []).flatMap((command) => command.path ?? []);
  for (const [tag, names] of Object.entries(pathElementKinds())) {
    const element = examples.find((e) => e[0] === tag);
    assert.ok(element, tag);
    assert.equal(element.length, 1 + names.length, tag);
    const path = drawn(element);
    assert.ok(path.length > 0, `${tag}: the painter built nothing`);
    // Each of its numbers reaches the canvas (the ellipse's as its centre and radii).
    const args = path.flat().filter((a) => typeof a === 'number');
    if (tag === 'ellipse') {
      const [, x, y, w, h] = element;
      assert.ok(args.includes(x + w / 2) && args.includes(y + h / 2) && args.includes(Math.abs(w / 2)) && args.includes(Math.abs(h / 2)), JSON.stringify(path));
    } else {
      for (const number of element.slice(1)) assert.ok(args.includes(number), `${tag}: ${number} not drawn: ${JSON.stringify(path)}`);
    }
  }
  assert.deepEqual(drawn(['arc', 1, 2]), []);
});

test('the checker finds a missing required field, an undeclared key and a field the page reads that is not declared', () => {
  const [pong] = EXAMPLES.pong;
  assert.deepEqual(undeclaredServed({ ...pong, id: undefined }), ['id: required field is missing']);
  assert.deepEqual(undeclaredServed({ ...pong, rtt: 3 }), ['rtt: not a declared field']);
  const reads = new Set();
  const events = watched(EXAMPLES.events[0], reads);
  assert.equal(events.log[3].values.numberOfTouches, 1);
  assert.equal(events.log[0].colour, undefined);
  assert.equal(events.seqNumber, undefined);
  const step = watched(EXAMPLES.step[0], reads);
  assert.equal(typeof step.renders[0].full, 'boolean');
  void step.renders[0].opz;
  assert.deepEqual([...reads], ['events.log[i:hitTest].colour', 'events.seqNumber', 'render.opz']);

  // Render operations by their kind: a field of another kind, an unknown kind, a window's null parent.
  const [full] = EXAMPLES.render;
  const create = full.ops.findIndex((op) => op.op === 'create' && op.parent === null);
  const remove = full.ops.findIndex((op) => op.op === 'remove');
  assert.deepEqual(undeclaredServed(full), []);
  assert.deepEqual(undeclaredServed({ ...full, ops: [{ ...full.ops[remove], props: {} }] }), ['ops[0].props: not a declared field']);
  assert.deepEqual(undeclaredServed({ ...full, ops: [{ op: 'resize', id: 1 }] }), ['ops[0].op: not a declared kind ("resize")']);
  assert.deepEqual(undeclaredServed({ ...full, ops: [{ ...full.ops[create], props: { ...full.ops[create].props, colour: '#fff' } }] }),
    ['ops[0].props.colour: not a declared field']);
  const kinds = new Set();
  const ops = watched(full, kinds).ops;
  void ops[remove].props;
  void ops[create].props.colour;
  assert.equal(ops[create].parent, null);
  assert.deepEqual([...kinds], ['render.ops[i:remove].props', 'render.ops[i:create].props.colour']);
});

for (const role of ['device', 'observer']) {
  test(`the ${role}'s page takes every example, reading only declared fields`, () => {
    const p = page(role);
    p.session.hello();
    const reads = new Set();
    for (const type of ORDER) {
      for (const example of EXAMPLES[type]) {
        p.session.receive(watched(structuredClone(example), reads));
        assert.deepEqual(p.warnings, [], `${type}: ${JSON.stringify(p.warnings)}`);
      }
    }
    assert.deepEqual([...reads], [], 'the page reads fields the server does not declare');
    // What each message was for reached the page.
    assert.equal(p.session.state.session, EXAMPLES.welcome.at(-1).session);
    assert.ok(p.mirror.views?.size ?? p.mirror.nodes?.size ?? Object.keys(p.mirror).length, 'the renders built a tree');
    assert.ok(p.inspector.entries.length > 0, 'the events reached the inspector');
    assert.equal(p.stepper.active, false, 'resumed: live again');
    assert.equal(p.stepper.maxBytes, EXAMPLES.recordings[0].maxBytes);
    assert.deepEqual(Object.keys(p.session.state.received).sort(), [...ORDER].sort());
  });
}

test('the device page shows the LAN address the welcome offers as a link and a QR code, and hides it without one', () => {
  const p = page('device');
  p.session.hello();
  const reads = new Set();
  const [offered, bare] = EXAMPLES.welcome;
  const dom = (selector) => p.document.element(selector);
  p.session.receive(watched(structuredClone(offered), reads));
  assert.deepEqual([...reads], []);
  assert.equal(dom('#lan').hidden, false);
  assert.equal(dom('#lan-url').href, offered.lan.url);
  assert.equal(dom('#lan-qr-path').getAttribute('d'), offered.lan.qr.path);
  const quietZone = 4;
  assert.equal(dom('#lan-qr').getAttribute('viewBox'), `-${quietZone} -${quietZone} ${offered.lan.qr.size + 2 * quietZone} ${offered.lan.qr.size + 2 * quietZone}`);
  assert.equal(dom('#watch-link').href, `http://127.0.0.1:8080/?watch=${offered.session}&token=abc`);
  assert.equal(dom('#mark-status').textContent, '● recording');
  assert.equal(bare.lan, undefined);
  p.session.receive(watched(structuredClone(bare), reads));
  assert.equal(dom('#lan').hidden, true);
  assert.equal(dom('#mark-status').textContent, '');
  assert.deepEqual([...reads], []);
});

test('the stepping bar, the test exporter and the what-if panel send only declared client messages', async () => {
  const p = page('device');
  p.session.hello();
  for (const type of ['welcome', 'render']) p.session.receive(structuredClone(EXAMPLES[type][0]));
  const sent = () => p.sent.map((m) => m.type);
  const dom = (selector) => p.document.element(selector);

  dom('#step-pause').click();
  dom('#step-recordings').dispatch('focus');
  dom('#step-recordings').value = 'a.jsonl';
  dom('#step-recordings').dispatch('change');
  await p.stepper.upload({ name: 'drag.jsonl', text: async () => '{"header":1}\n{"out":"skipped"}\n{"at":0,"in":"{}"}\n' });
  p.session.receive(structuredClone(EXAMPLES.uploading[0]));
  p.session.receive(structuredClone(EXAMPLES.stepping[0]));
  p.stepper.go(2);
  dom('#export-format').value = 'swift';
  dom('#export-test').click();
  dom('#step-live').click();
  p.session.receive(structuredClone(EXAMPLES.resumed[0]));

  dom('#export-format').value = 'pytest';
  dom('#export-test').click();
  p.session.receive(structuredClone(EXAMPLES.stepping[1]));
  p.session.receive(structuredClone(EXAMPLES.step[0]));

  dom('#whatif-recognizer').value = 'pan';
  dom('#whatif-property').value = 'enabled';
  dom('#whatif-value').value = 'false';
  dom('#whatif-run').click();
  p.session.receive(structuredClone(EXAMPLES['what-if'][0]));
  dom('#flake-variants').value = '12';
  dom('#flake-run').click();

  // The stepping bar (pause, the recordings list, an upload, a step, live), the exporter (a live session
  // paused first; a recording is not exported), the what-if panel (a what-if, a flake).
  assert.deepEqual(sent(), ['recordings', 'pause', 'recordings', 'open-recording', 'open-recording', 'step', 'resume', 'pause',
    'export-test', 'what-if', 'flake']);
  assert.deepEqual(p.sent.find((m) => m.type === 'open-recording' && m.part === 0)?.data, '{"header":1}\n{"at":0,"in":"{}"}\n');
});
