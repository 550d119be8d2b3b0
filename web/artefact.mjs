// The in-page transport of a saved failure (`touchbridge replay --html`, docs/scripting.md §6): one HTML
// file that carries the page's modules and a session's frames, opened from file:// with no server. It
// stands in for the WebSocket before app.mjs opens one, and answers the page's messages from the
// embedded timeline as the server's stepping mode would (docs/protocol.md §4.12, §5.6): the welcome, then
// `stepping` and the `step` of the frame where the failure was decided, and a `step` for every frame the
// page asks for. The page's own code path is the live one: only the socket is different.
//
// The timeline (`<script type="application/json" id="touchbridge-artefact">`) is
// {welcome, name, reason, open, frames: [{t, renders, events, pointers, starts}]}: each frame is what the
// server sent after one event, `starts` marks a frame that started a scene. A step is rebuilt as the
// server's `StepTimeline` rebuilds it: the latest full render at or before the frame and the diffs after
// it; the scene's `events` up to the frame, newest first within the same byte budget.

/** Bytes of `events` one step carries at most: the server's `StepTimeline.eventBudgetBytes`. */
export const EVENT_BUDGET_BYTES = 131072;

/** Each `events` message's size in bytes, measured once. */
const sizes = new WeakMap();
const sizeOf = (msg) => {
  let size = sizes.get(msg);
  if (size === undefined) sizes.set(msg, (size = new TextEncoder().encode(JSON.stringify(msg)).length));
  return size;
};

/** The state after frame `index` of `frames`, as the server's `step` message carries it, plus the failure note. */
export function stepMessage(data, index) {
  const { frames } = data;
  let sceneStart = 0;
  let fullAt = -1;
  for (let i = index; i >= 0; i -= 1) {
    if (fullAt < 0 && frames[i].renders.some((r) => r.full)) fullAt = i;
    if (frames[i].starts) { sceneStart = i; break; }
  }
  const renders = [];
  if (fullAt >= 0) {
    const own = frames[fullAt].renders;
    let last = own.length - 1;
    while (!own[last].full) last -= 1;
    renders.push(...own.slice(last));
    for (let i = fullAt + 1; i <= index; i += 1) renders.push(...frames[i].renders);
  }
  const events = [];
  let bytes = 0;
  let omitted = 0;
  for (let i = index; i >= sceneStart; i -= 1) {
    const own = frames[i].events;
    for (let j = own.length - 1; j >= 0; j -= 1) {
      const size = sizeOf(own[j]);
      if (omitted === 0 && bytes + size <= EVENT_BUDGET_BYTES) {
        events.push(own[j]);
        bytes += size;
      } else {
        omitted += 1;
      }
    }
  }
  events.reverse();
  const frame = frames[index];
  if (index >= data.open && data.open >= sceneStart && data.reason) {
    // Where the failure was decided, and every later frame of its scene: the reason, in the log, at its instant.
    const at = frames[data.open].t;
    const note = { kind: 'note', diagnostic: false, text: `✗ ${data.reason}` };
    const place = events.findIndex((msg) => msg.t > at);
    events.splice(place < 0 ? events.length : place, 0, { type: 'events', t: at, log: [note] });
  }
  return { type: 'step', frame: index, frames: frames.length, t: frame.t, renders, events, pointers: frame.pointers, omitted };
}

/** The messages that answer one the page sent (an object), from the timeline. */
export function answer(data, msg) {
  switch (msg?.type) {
    case 'hello': {
      const frames = data.frames.length;
      const open = Math.max(0, Math.min(frames - 1, data.open));
      // The bar names the failing frame, so it is found again after stepping away from it.
      const name = data.reason ? `${data.name} · ✗ at frame ${open}` : data.name;
      return [
        data.welcome,
        { type: 'stepping', source: 'recording', name, frames, times: data.frames.map((f) => f.t) },
        stepMessage(data, open),
      ];
    }
    case 'step':
      if (!Number.isInteger(msg.frame) || msg.frame < 0 || msg.frame >= data.frames.length) {
        return [{ type: 'error', code: 'unknown-frame', message: `frame: ${msg.frame} is not a frame of this file`, path: 'frame' }];
      }
      return [stepMessage(data, msg.frame)];
    case 'ping': return [{ type: 'pong', id: msg.id }];
    case 'recordings': return [{ type: 'recordings', recording: false, files: [], maxBytes: 0 }];
    case 'resize': return [];
    default:
      return [{ type: 'error', code: 'not-allowed', message: 'this is a saved failure with no server behind it: step through it, or replay the recording live' }];
  }
}

/** A WebSocket that talks to the embedded timeline instead of a server. */
export class ArtefactSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;

  constructor(data) {
    this.data = data;
    this.readyState = ArtefactSocket.CONNECTING;
    this.protocol = '';
    this.onopen = null;
    this.onmessage = null;
    this.onclose = null;
    this.onerror = null;
    setTimeout(() => {
      this.readyState = ArtefactSocket.OPEN;
      this.protocol = 'touchbridge.v1';
      this.onopen?.({});
    }, 0);
  }

  send(text) {
    if (this.readyState !== ArtefactSocket.OPEN) throw new Error('the saved session is not open');
    const replies = answer(this.data, JSON.parse(text));
    // Asynchronously, as a socket delivers: the page sends the next step only once this one came.
    setTimeout(() => {
      for (const reply of replies) if (this.readyState === ArtefactSocket.OPEN) this.onmessage?.({ data: JSON.stringify(reply) });
    }, 0);
  }

  close() {
    if (this.readyState === ArtefactSocket.CLOSED) return;
    this.readyState = ArtefactSocket.CLOSED;
    setTimeout(() => this.onclose?.({ code: 1000, reason: '' }), 0);
  }
}

/** Reads the embedded timeline and puts the socket in place of the browser's (before app.mjs connects). */
export function installArtefactSocket(element = document.getElementById('touchbridge-artefact')) {
  if (!element) return false;
  const data = JSON.parse(element.textContent);
  const Socket = class extends ArtefactSocket {
    constructor() { super(data); }
  };
  window.WebSocket = Socket;
  document.documentElement.classList.add('artefact');
  // The inspector open (the reason is in its log), unless the address says otherwise: app.mjs reads it next.
  const url = new URL(window.location.href);
  if (!url.searchParams.has('panel')) {
    url.searchParams.set('panel', 'open');
    try { window.history.replaceState(null, '', url); } catch { /* a browser that keeps file: addresses as they are */ }
  }
  if (data.reason) document.title = `✗ ${data.name} — TouchBridge`;
  return true;
}

if (typeof document !== 'undefined') installArtefactSocket();
