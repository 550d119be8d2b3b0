// The inspector panel: recognizers with live state and a timeline, the hit-test path, control events,
// the event log (filterable, follows new entries, explains a tapped entry in words), the scene picker
// and the HUD. Pure DOM; the session (session.mjs) hands it what the server sends.

import { explain } from './legend.mjs';
import { LintPanel } from './lints.mjs';
import { WhatIfPanel } from './whatif.mjs';
import { marginBars } from './margins.mjs';

export const STATES = ['possible', 'began', 'changed', 'ended', 'cancelled', 'failed'];
const TIMELINE_MS = 6000;
const MAX_ENTRIES = 2000;
const MAX_DOM_ENTRIES = 400;
const MAX_CONTROL_EVENTS = 40;
/** The log follows new entries while its end is within this many px of the bottom. */
const FOLLOW_SLACK_PX = 24;

const $ = (sel, root = document) => root.querySelector(sel);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k.startsWith('data-')) node.setAttribute(k, v);
    else node[k] = v;
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}

function cssVar(name) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

/** The view names a log entry mentions, most specific first (for highlighting in the scene). */
export function viewsOf(entry) {
  switch (entry.kind) {
    case 'hitTest': return Array.isArray(entry.path) ? [...entry.path].reverse() : [];
    case 'responder': return [entry.responder];
    case 'delivery': return [entry.view];
    case 'controlEvent': return [entry.control];
    default: return [];
  }
}

export class Inspector {
  /**
   * @param {object} o
   * @param {(name: string) => void} o.onPickScene
   * @param {(name: string|null) => void} o.onFocusView   highlight a view by trace name
   * @param {(msg: object) => boolean} [o.send]   sends a `what-if` or `flake` request
   */
  constructor({ onPickScene, onFocusView, send = () => false }) {
    this.onPickScene = onPickScene;
    this.onFocusView = onFocusView;
    /** name → {name, kind, view, state, failure, waiting, waits:[{from, to}], history:[{state, at, reason}], li, canvas} */
    this.recognizers = new Map();
    this.entries = [];
    this.controlEvents = [];
    this.hitPath = [];
    this.scenes = [];
    this.filter = { text: '', kinds: new Set(), diagnostic: true };
    this.firstT = null;
    /** Whether the log keeps its newest entry in view (false once the user scrolls back). */
    this.follow = true;
    this.selected = null;
    this.dom = {
      picker: $('#scene-picker'),
      desc: $('#scene-desc'),
      recList: $('#recognizers'),
      recEmpty: $('#rec-empty'),
      hitPath: $('#hit-path'),
      hitNote: $('#hit-note'),
      controls: $('#control-events'),
      controlCount: $('#control-count'),
      log: $('#log'),
      logLatest: $('#log-latest'),
      explain: $('#log-explain'),
      logCount: $('#log-count'),
      logFilter: $('#log-filter'),
      kinds: $('#log-kinds'),
      diag: $('#log-diagnostic'),
      hudState: $('#hud-state'),
      hudRtt: $('#hud-rtt'),
      hudFps: $('#hud-fps'),
      hudClock: $('#hud-clock'),
      toggleRtt: $('#toggle-rtt'),
    };
    this.lintPanel = new LintPanel($('#lints'), $('#lint-count'));
    this.lintPanel.set([]);
    this.whatIf = new WhatIfPanel({
      section: $('#whatif-section'), recognizer: $('#whatif-recognizer'), property: $('#whatif-property'), value: $('#whatif-value'),
      other: $('#whatif-other'), run: $('#whatif-run'), variants: $('#flake-variants'), jitterMs: $('#flake-ms'), jitterPt: $('#flake-pt'),
      seed: $('#flake-seed'), flake: $('#flake-run'), status: $('#whatif-status'), result: $('#whatif-result'),
    }, send);
    this.readFilter();
    this.installControls();
  }

  /** The scene's lints (welcome, a full render, the answer to an `act`). */
  setLints(lints) {
    this.lintPanel.set(lints);
  }

  installControls() {
    const d = this.dom;
    d.picker.addEventListener('change', () => {
      const name = d.picker.value;
      if (name) this.onPickScene(name);
    });
    d.logFilter.addEventListener('input', () => { this.readFilter(); this.rebuildLog(); });
    d.kinds.addEventListener('change', () => { this.readFilter(); this.rebuildLog(); });
    $('#log-clear').addEventListener('click', () => {
      this.entries = [];
      this.rebuildLog();
    });
    d.log.addEventListener('click', (e) => {
      const li = e.target.closest('li');
      if (!li) return;
      const entry = this.entries[Number(li.dataset.index)];
      if (!entry) return;
      this.onFocusView(viewsOf(entry)[0] ?? null);
      d.log.querySelector('li.selected')?.classList.remove('selected');
      li.classList.add('selected');
      this.selected = entry;
      d.explain.textContent = explain(entry);
      d.explain.hidden = false;
    });
    // Following: the user scrolling away from the end stops it, scrolling back (or the button) resumes.
    d.log.addEventListener('scroll', () => {
      const list = d.log;
      this.follow = list.scrollTop + list.clientHeight >= list.scrollHeight - FOLLOW_SLACK_PX;
      d.logLatest.hidden = this.follow;
    }, { passive: true });
    d.logLatest.addEventListener('click', () => {
      this.follow = true;
      this.scrollToEnd();
    });
    // Every layout (the panel opening, a detent, a rotation) keeps a following log at its end.
    new ResizeObserver(() => { if (this.follow) this.scrollToEnd(); }).observe(d.log);
    d.controls.addEventListener('click', (e) => {
      const li = e.target.closest('li');
      if (li && li.dataset.view) this.onFocusView(li.dataset.view);
    });
    d.hitPath.addEventListener('click', (e) => {
      const chip = e.target.closest('.chip');
      if (chip) this.onFocusView(chip.dataset.view);
    });
    // A recognizer's row picks it for a what-if (web/whatif.mjs).
    d.recList.addEventListener('click', (e) => {
      const li = e.target.closest('li[data-name]');
      if (li) this.whatIf.pick(li.dataset.name);
    });
  }

  readFilter() {
    const d = this.dom;
    this.filter.text = d.logFilter.value.trim().toLowerCase();
    this.filter.kinds = new Set([...d.kinds.querySelectorAll('input[value]')].filter((i) => i.checked).map((i) => i.value));
    this.filter.diagnostic = d.diag.checked;
  }

  // ---------------------------------------------------------------- scene / session

  setScenes(scenes, current) {
    this.scenes = Array.isArray(scenes) ? scenes : [];
    const picker = this.dom.picker;
    picker.replaceChildren(...this.scenes.map((s) => el('option', { value: s.name, text: s.title || s.name })));
    this.setScene(current);
  }

  setScene(name) {
    const picker = this.dom.picker;
    if (name && ![...picker.options].some((o) => o.value === name)) picker.append(el('option', { value: name, text: name }));
    picker.value = name || '';
    const info = this.scenes.find((s) => s.name === name);
    this.dom.desc.textContent = info ? info.description || '' : '';
    this.dom.desc.title = this.dom.desc.textContent;
  }

  setReadOnly(readOnly) {
    this.dom.picker.disabled = readOnly;
  }

  /** A new app is running: forget its recognizers and hit path (the log keeps going). */
  resetScene(sceneName) {
    this.recognizers.clear();
    this.dom.recList.replaceChildren();
    this.dom.recEmpty.textContent = 'Touch the scene: recognizers appear here with their live state and the last seconds of transitions.';
    this.dom.recEmpty.hidden = false;
    this.setHitPath([]);
    this.setHitNote(null);
    if (sceneName) this.addMarker(`scene: ${sceneName}`);
  }

  /**
   * Every recognizer of the scene with its current state, from a full render (`render.recognizers`),
   * so the list is complete before the first touch. Rows keep their history across resyncs.
   */
  setRecognizers(list) {
    if (!Array.isArray(list)) return;
    this.whatIf.setRecognizers(list);
    for (const info of list) {
      if (!info || typeof info.name !== 'string') continue;
      const r = this.recognizer(info.name);
      r.kind = typeof info.kind === 'string' ? info.kind : r.kind;
      r.view = typeof info.view === 'string' ? info.view : r.view;
      if (typeof info.state === 'string') r.state = info.state;
      this.updateRow(r);
    }
    if (!this.recognizers.size) {
      this.dom.recEmpty.textContent = 'This scene has no gesture recognizers: its views handle touches themselves.';
      this.dom.recEmpty.hidden = false;
    }
  }

  // ---------------------------------------------------------------- events

  /** A `events` message: its log entries, in order. `at` is the local receive time (performance.now()). */
  addEvents(msg, at) {
    this.appendLog(this.ingestMessage(msg, at));
  }

  /** Takes in one `events` message's entries without drawing the log; returns how many. */
  ingestMessage(msg, at) {
    const log = Array.isArray(msg.log) ? msg.log : [];
    if (this.firstT === null && Number.isFinite(msg.t)) this.firstT = msg.t;
    let first = true;
    for (const raw of log) {
      if (!raw || typeof raw !== 'object') continue;
      const entry = { ...raw, seq: msg.seq ?? null, t: msg.t, at, batchStart: first };
      first = false;
      this.ingest(entry);
    }
    return log.length;
  }

  /**
   * The inspector as at one instant of a paused session or a recording (a `step` message): the
   * recognizers of the frame's full render, then every `events` message up to the frame, so states,
   * waits, the latest reasons, the hit-test path, control events and the log are those of that instant.
   * `at(t)` places engine time `t` on the page's clock for the timelines.
   */
  showInstant(recognizers, messages, at) {
    this.resetScene(null);
    this.entries = [];
    this.controlEvents = [];
    this.firstT = null;
    this.setRecognizers(recognizers);
    for (const msg of messages) if (msg && typeof msg === 'object') this.ingestMessage(msg, at(msg.t));
    this.renderControls();
    this.rebuildLog();
  }

  addMarker(text, kind = 'note') {
    this.entries.push({ kind, text, diagnostic: false, marker: true, at: performance.now(), t: null, batchStart: true });
    this.appendLog(1);
  }

  ingest(entry) {
    this.entries.push(entry);
    switch (entry.kind) {
      case 'transition':
        this.transition(entry.recognizer, entry.from, entry.to, entry.reason, entry.at, entry.values, entry.margins);
        break;
      case 'waiting': {
        const r = this.recognizer(entry.recognizer);
        r.waiting = entry.reason || 'waiting';
        // The wait stays on the timeline as a span after it ends (require(toFail:) is what it shows).
        const open = r.waits[r.waits.length - 1];
        if (!open || open.to !== null) r.waits.push({ from: entry.at, to: null, reason: r.waiting });
        this.updateRow(r);
        break;
      }
      case 'action': {
        const r = this.recognizer(entry.recognizer);
        r.actions += 1;
        break;
      }
      case 'hitTest':
        this.setHitPath(Array.isArray(entry.path) ? entry.path : []);
        this.setHitNote(null);
        break;
      case 'delivery':
        // The view the touch went past because its user interaction is off (an image view's default).
        if (String(entry.note ?? '').startsWith('skipped by hit-testing')) this.setHitNote(`${entry.view}: ${entry.note}`);
        break;
      case 'controlEvent':
        this.controlEvents.push(entry);
        if (this.controlEvents.length > MAX_CONTROL_EVENTS) this.controlEvents.shift();
        this.renderControls();
        break;
      default:
        break;
    }
  }

  recognizer(name) {
    const key = String(name ?? '?');
    let r = this.recognizers.get(key);
    if (r) return r;
    const li = el('li', { 'data-name': key, 'data-state': 'possible' });
    const canvas = el('canvas', { width: 10, height: 10 });
    li.append(el('span', { class: 'name', text: key, title: key }), el('span', { class: 'state', text: 'possible' }), canvas,
      el('div', { class: 'kind' }), el('div', { class: 'reason' }), el('div', { class: 'margin-box' }));
    r = { name: key, kind: null, view: null, state: 'possible', waiting: null, waits: [], failure: null, history: [], actions: 0, li, canvas };
    this.recognizers.set(key, r);
    this.dom.recList.append(li);
    this.dom.recEmpty.hidden = true;
    return r;
  }

  transition(name, from, to, reason, at, values, margins) {
    const r = this.recognizer(name);
    if (r.history.length === 0 && from) r.history.push({ state: from, at: at - 1, reason: '' });
    r.history.push({ state: to, at, reason: reason || '' });
    while (r.history.length > 2 && r.history[1].at < at - TIMELINE_MS * 2) r.history.shift();
    r.state = to;
    // The reason shown is the latest transition's: a discrete recognizer goes possible→ended without
    // began, so any move out of possible replaces it; a reset to possible keeps the last outcome's.
    if (to === 'failed' || to === 'cancelled') r.failure = `${to}: ${reason || '(no reason given)'}`;
    else if (to !== 'possible') r.failure = null;
    if (to !== 'possible') {
      r.waiting = null;
      const open = r.waits[r.waits.length - 1];
      if (open && open.to === null) open.to = at;
    }
    while (r.waits.length && r.waits[0].to !== null && r.waits[0].to < at - TIMELINE_MS * 2) r.waits.shift();
    r.values = values || r.values;
    // The margins shown are the last decision's: a reset to possible keeps them, like the reason.
    if (to !== 'possible' && to !== 'changed') r.margins = Array.isArray(margins) ? margins : null;
    this.updateRow(r);
  }

  updateRow(r) {
    r.li.dataset.state = r.state;
    r.li.dataset.waiting = r.waiting ? 'true' : 'false';
    r.li.querySelector('.state').textContent = r.waiting && r.state === 'possible' ? 'waiting' : r.state;
    this.updateMargins(r);
    if (r.kind || r.view) r.li.querySelector('.kind').textContent = `${r.kind ?? 'recognizer'}${r.view ? ` on ${r.view}` : ''}`;
    const reason = r.li.querySelector('.reason');
    reason.replaceChildren();
    if (r.waiting) reason.append(el('span', { class: 'waiting', text: `waits: ${r.waiting}` }));
    if (r.failure) {
      if (reason.childNodes.length) reason.append(' · ');
      reason.append(el('span', { class: 'failed', text: r.failure }));
    }
    const v = r.values;
    if (v && (r.state === 'began' || r.state === 'changed')) {
      const bits = [];
      if (Number.isFinite(v.scale)) bits.push(`scale ${v.scale.toFixed(3)}`);
      if (Number.isFinite(v.rotation)) bits.push(`rot ${(v.rotation * 180 / Math.PI).toFixed(1)}°`);
      if (Array.isArray(v.translation)) bits.push(`Δ ${v.translation.map((n) => n.toFixed(0)).join(',')}`);
      if (Number.isFinite(v.numberOfTouches)) bits.push(`${v.numberOfTouches} touch${v.numberOfTouches === 1 ? '' : 'es'}`);
      if (bits.length) {
        if (reason.childNodes.length) reason.append(' · ');
        reason.append(bits.join(' '));
      }
    }
  }

  /** The row's margin bars, redrawn only when the margins changed. */
  updateMargins(r) {
    const box = r.li.querySelector('.margin-box');
    if (box.marginsShown === r.margins) return;
    box.marginsShown = r.margins;
    const bars = marginBars(r.margins);
    box.replaceChildren(...(bars ? [bars] : []));
  }

  setHitPath(path) {
    this.hitPath = path;
    const box = this.dom.hitPath;
    if (!path.length) {
      box.replaceChildren(el('span', { class: 'muted', text: '–' }));
      return;
    }
    const nodes = [];
    path.forEach((name, i) => {
      if (i) nodes.push(el('span', { class: 'sep', text: '›' }));
      nodes.push(el('button', { type: 'button', class: i === path.length - 1 ? 'chip hit' : 'chip', 'data-view': name, text: name }));
    });
    box.replaceChildren(...nodes);
  }

  /** Why the latest touch went past a view that wanted it (null: nothing to say). */
  setHitNote(text) {
    this.dom.hitNote.textContent = text ?? '';
    this.dom.hitNote.hidden = !text;
  }

  renderControls() {
    const list = this.dom.controls;
    list.replaceChildren(...this.controlEvents.slice().reverse().map((e) => el('li', { 'data-view': e.control ?? '', text: `${e.control}: ${e.event}` })));
    this.dom.controlCount.textContent = this.controlEvents.length ? `(${this.controlEvents.length})` : '';
  }

  // ---------------------------------------------------------------- log

  visible(entry) {
    const f = this.filter;
    if (entry.marker) return true;
    if (entry.kind !== 'error' && !f.kinds.has(entry.kind) && ['responder', 'transition', 'action', 'controlEvent', 'hitTest', 'delivery', 'waiting', 'note'].includes(entry.kind)) return false;
    if (entry.diagnostic && !f.diagnostic) return false;
    if (f.text) {
      const hay = `${entry.text ?? ''} ${entry.kind} ${entry.responder ?? ''} ${entry.recognizer ?? ''} ${entry.method ?? ''} ${entry.view ?? ''} ${entry.control ?? ''}`.toLowerCase();
      if (!hay.includes(f.text)) return false;
    }
    return true;
  }

  rowFor(entry, index) {
    const time = Number.isFinite(entry.t) && this.firstT !== null ? `${((entry.t - this.firstT) / 1000).toFixed(3)}` : '';
    const li = el('li', { 'data-kind': entry.kind, 'data-index': String(index) });
    if (entry.diagnostic) li.classList.add('diagnostic');
    if (entry.batchStart) li.classList.add('batch');
    li.append(el('span', { class: 't', text: time.padStart(7) }), String(entry.text ?? entry.message ?? entry.kind));
    return li;
  }

  appendLog(added) {
    if (this.entries.length > MAX_ENTRIES) {
      this.entries.splice(0, this.entries.length - MAX_ENTRIES);
      this.rebuildLog();
      return;
    }
    const list = this.dom.log;
    const frag = document.createDocumentFragment();
    for (let i = this.entries.length - added; i < this.entries.length; i += 1) {
      const entry = this.entries[i];
      if (this.visible(entry)) frag.append(this.rowFor(entry, i));
    }
    list.append(frag);
    while (list.childElementCount > MAX_DOM_ENTRIES) list.firstElementChild.remove();
    if (this.follow) this.scrollToEnd();
    this.dom.logCount.textContent = `(${this.entries.length})`;
  }

  rebuildLog() {
    const list = this.dom.log;
    const frag = document.createDocumentFragment();
    const rows = [];
    for (let i = this.entries.length - 1; i >= 0 && rows.length < MAX_DOM_ENTRIES; i -= 1) {
      if (this.visible(this.entries[i])) rows.push(this.rowFor(this.entries[i], i));
    }
    frag.append(...rows.reverse());
    list.replaceChildren(frag);
    this.follow = true;
    this.scrollToEnd();
    this.dom.logCount.textContent = `(${this.entries.length})`;
  }

  scrollToEnd() {
    const list = this.dom.log;
    list.scrollTop = list.scrollHeight;
    this.dom.logLatest.hidden = true;
  }

  // ---------------------------------------------------------------- HUD & timelines

  setHud({ state, rtt, fps, clock }) {
    const d = this.dom;
    if (state !== undefined) d.hudState.textContent = state;
    if (rtt !== undefined) {
      const text = rtt == null ? '– ms' : `${rtt < 10 ? rtt.toFixed(1) : Math.round(rtt)} ms`;
      d.hudRtt.textContent = text;
      d.toggleRtt.textContent = rtt == null ? '' : text;
    }
    if (fps !== undefined) d.hudFps.textContent = fps == null ? '– fps' : `${Math.round(fps)} fps`;
    if (clock !== undefined) d.hudClock.textContent = `clock ${clock || '–'}`;
  }

  /**
   * Whether the timelines still scroll at `now`: a state change or a wait within the last
   * TIMELINE_MS, or a wait still open. Otherwise each timeline is one colour end to end and
   * drawing it again would change nothing.
   */
  timelinesMoving(now) {
    for (const r of this.recognizers.values()) {
      const last = r.history[r.history.length - 1];
      if (last && last.at > now - TIMELINE_MS) return true;
      if (r.waits.some((w) => w.to === null || w.to > now - TIMELINE_MS)) return true;
    }
    return false;
  }

  /** Redraws the per-recognizer timelines (the last TIMELINE_MS), when the panel is visible. */
  drawTimelines(now) {
    if (!this.recognizers.size) return;
    const colours = {};
    for (const s of STATES) colours[s] = cssVar(`--st-${s}`);
    const grid = cssVar('--line');
    const waiting = cssVar('--st-waiting');
    const dpr = window.devicePixelRatio || 1;
    for (const r of this.recognizers.values()) {
      const c = r.canvas;
      const w = c.clientWidth;
      const h = c.clientHeight;
      if (!w || !h) continue;
      const W = Math.round(w * dpr);
      const H = Math.round(h * dpr);
      if (c.width !== W) c.width = W;
      if (c.height !== H) c.height = H;
      const ctx = c.getContext('2d');
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, w, h);
      const x = (at) => w - ((now - at) / TIMELINE_MS) * w;
      ctx.fillStyle = grid;
      for (let s = 1; s < TIMELINE_MS / 1000; s += 1) ctx.fillRect(Math.round(x(now - s * 1000)), 0, 1, h);
      ctx.fillRect(0, h / 2, w, 1);
      const hist = r.history;
      for (let i = 0; i < hist.length; i += 1) {
        const seg = hist[i];
        const end = i + 1 < hist.length ? hist[i + 1].at : now;
        if (end < now - TIMELINE_MS) continue;
        const x0 = Math.max(0, x(seg.at));
        const x1 = Math.max(x0, x(end));
        if (seg.state === 'possible') continue;
        ctx.fillStyle = colours[seg.state] || '#888';
        const thick = seg.state === 'began' || seg.state === 'changed';
        ctx.fillRect(x0, thick ? 3 : 2, Math.max(3, x1 - x0), thick ? h - 6 : h - 4);
      }
      // Waits: a band along the bottom for as long as the recognizer was held, kept after it ended.
      ctx.fillStyle = waiting;
      for (const span of r.waits) {
        const end = span.to ?? now;
        if (end < now - TIMELINE_MS) continue;
        const x0 = Math.max(0, x(span.from));
        ctx.fillRect(x0, h - 5, Math.max(3, x(end) - x0), 5);
      }
    }
  }
}
