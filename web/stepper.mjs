// Stepping through a session (docs/protocol.md §4.12, §5.6): pause the live session or open a
// recording (`serve --record` file: from the server's list, a file picker, or dropped on the page),
// then step frame by frame or scrub the timeline. The server rebuilds every frame by replay and
// sends it to the device and its observers alike; this module is the bar and the requests, and hands
// each `step` to the page (`show`) to draw the scene, the fingers and the inspector at that instant.
//
// Keyboard while stepping: ← / → one frame, Shift+← / Shift+→ ten, Home / End the first and last.

import { TestExporter } from './exporttest.mjs';

const DEFAULT_MAX_RECORDING_BYTES = 4 * 1024 * 1024;
/** A part's characters: JSON escaping at most triples a recording's bytes (quotes, non-ASCII). */
const partChars = (maxMessageBytes) => Math.max(1024, Math.floor((maxMessageBytes - 1024) / 3));

const $ = (sel) => document.querySelector(sel);

export class Stepper {
  /**
   * @param {object} o
   * @param {'device'|'observer'} o.role
   * @param {(msg: object) => boolean} o.send
   * @param {() => object} o.limits          the session's limits (`welcome.limits`)
   * @param {(step: object) => void} o.show  draw the state of a `step` message
   * @param {(render: object|null) => void} o.resume  live again, with the session's full render (null: none came)
   * @param {(text: string) => void} o.notify  tell the person something went wrong
   */
  constructor({ role, send, limits, show, resume, notify }) {
    Object.assign(this, { role, send, limits, show, resumeLive: resume, notify });
    this.active = false;
    this.frames = 0;
    this.times = [];
    this.frame = 0;
    this.source = null;
    this.name = null;
    /** The frame to ask for next (a held key or a dragged slider asks faster than frames arrive). */
    this.wanted = null;
    /** The frame asked for and not shown yet (one request at a time). */
    this.asked = null;
    this.maxBytes = DEFAULT_MAX_RECORDING_BYTES;
    /** The upload under way: its parts go one at a time, each after the server took the one before. */
    this.uploading = null;
    this.dom = {
      bar: $('#stepbar'),
      live: $('#step-live'),
      back: $('#step-back'),
      forward: $('#step-forward'),
      slider: $('#step-slider'),
      where: $('#step-where'),
      source: $('#step-source'),
      pause: $('#step-pause'),
      open: $('#step-open'),
      file: $('#step-file'),
      listed: $('#step-recordings'),
    };
    this.install();
    /** "Copy as test": the paused live session up to the frame shown, as a test (exporttest.mjs). */
    this.exporter = new TestExporter({ send, stepper: this });
  }

  install() {
    const d = this.dom;
    d.live.addEventListener('click', () => this.send({ type: 'resume' }));
    d.back.addEventListener('click', () => this.go(this.position - 1));
    d.forward.addEventListener('click', () => this.go(this.position + 1));
    d.slider.addEventListener('input', () => this.go(Number(d.slider.value)));
    d.pause.addEventListener('click', () => this.send({ type: 'pause' }));
    d.open.addEventListener('click', () => d.file.click());
    d.file.addEventListener('change', () => {
      const file = d.file.files?.[0];
      d.file.value = '';
      if (file) this.upload(file);
    });
    d.listed.addEventListener('focus', () => this.send({ type: 'recordings' }));
    d.listed.addEventListener('change', () => {
      const name = d.listed.value;
      d.listed.value = '';
      if (name) this.send({ type: 'open-recording', name });
    });
    window.addEventListener('keydown', (e) => this.key(e));
    if (this.role !== 'device') return;
    // A recording file dropped anywhere on the page opens it.
    document.addEventListener('dragover', (e) => {
      if (![...(e.dataTransfer?.types ?? [])].includes('Files')) return;
      e.preventDefault();
      document.documentElement.classList.add('dropping');
    });
    document.addEventListener('dragleave', (e) => { if (!e.relatedTarget) document.documentElement.classList.remove('dropping'); });
    document.addEventListener('drop', (e) => {
      document.documentElement.classList.remove('dropping');
      const file = e.dataTransfer?.files?.[0];
      if (!file) return;
      e.preventDefault();
      this.upload(file);
    });
  }

  /** The server records (`welcome.recording`): offer its recordings. */
  setRecording(recording) {
    this.dom.listed.hidden = recording !== true;
    if (recording === true) this.send({ type: 'recordings' });
  }

  key(e) {
    if (!this.active || e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    let target = null;
    if (e.key in moves) target = this.position + moves[e.key] * (e.shiftKey ? 10 : 1);
    else if (e.key === 'Home') target = 0;
    else if (e.key === 'End') target = this.frames - 1;
    if (target === null) return;
    e.preventDefault();
    this.go(target);
  }

  /** The frame the bar shows: the latest asked for, else the one on screen. */
  get position() { return this.wanted ?? this.asked ?? this.frame; }

  /** Asks for frame `n` (clamped); one request at a time, the latest wish wins. Observers only watch. */
  go(n) {
    if (!this.active || this.role !== 'device' || !this.frames) return;
    const frame = Math.max(0, Math.min(this.frames - 1, Math.round(n)));
    this.wanted = frame;
    this.updateBar(frame);
    if (this.asked === null) this.request();
  }

  request() {
    const frame = this.wanted;
    this.wanted = null;
    if (frame === null || frame === this.frame) return;
    if (this.send({ type: 'step', frame })) this.asked = frame;
  }

  /** Reads a recording file, leaves out what the server sent (replay rebuilds it) and uploads it part by part. */
  async upload(file) {
    let text;
    try {
      text = await file.text();
    } catch (error) {
      this.notify(`Cannot read ${file.name}: ${error.message ?? error}`);
      return;
    }
    const inbound = text.split('\n').filter((line) => line && !line.startsWith('{"out":')).map((line) => `${line}\n`).join('');
    const bytes = new TextEncoder().encode(inbound).length;
    if (bytes > this.maxBytes) {
      this.notify(`${file.name} is too large to open: ${bytes} bytes without the server's messages; the server opens up to ${this.maxBytes}.`);
      return;
    }
    const size = partChars(this.limits().maxMessageBytes || 262144);
    const parts = Math.max(1, Math.ceil(inbound.length / size));
    const name = file.name.slice(0, 200);
    const upload = { parts, sent: 0 };
    upload.part = (n) => {
      upload.sent = n;
      return { type: 'open-recording', name, part: n, parts, data: inbound.slice(n * size, (n + 1) * size) };
    };
    this.uploading = upload;
    this.send(upload.part(0));
  }

  /** The server took part `received − 1`: the next one. */
  onUploading(msg) {
    const upload = this.uploading;
    if (!upload || !Number.isInteger(msg.received) || msg.received >= upload.parts) return;
    this.send(upload.part(msg.received));
  }

  // ---------------------------------------------------------------- server messages

  onStepping(msg) {
    this.uploading = null;
    this.active = true;
    this.frames = Number.isInteger(msg.frames) ? msg.frames : 0;
    this.times = Array.isArray(msg.times) ? msg.times : [];
    this.source = msg.source;
    this.name = typeof msg.name === 'string' ? msg.name : null;
    this.asked = null;
    this.wanted = null;
    document.documentElement.classList.add('stepping');
    const d = this.dom;
    d.bar.hidden = false;
    d.slider.max = String(Math.max(0, this.frames - 1));
    d.source.textContent = this.source === 'recording' ? `Recording ${this.name ?? ''}` : 'Paused live session';
  }

  onStep(msg) {
    if (!this.active) return;
    this.frame = msg.frame;
    this.asked = null;
    this.show(msg);
    this.updateBar(this.position);
    this.request();
    this.exporter.stepShown();
  }

  onResumed(msg) {
    this.active = false;
    this.asked = null;
    this.wanted = null;
    this.dom.bar.hidden = true;
    document.documentElement.classList.remove('stepping');
    this.resumeLive(msg.render && typeof msg.render === 'object' ? msg.render : null);
  }

  onRecordings(msg) {
    if (Number.isInteger(msg.maxBytes)) this.maxBytes = msg.maxBytes;
    const select = this.dom.listed;
    const files = Array.isArray(msg.files) ? msg.files : [];
    const head = new Option(files.length ? `Recordings on the server (${files.length})…` : 'No recordings on the server yet', '');
    select.replaceChildren(head, ...files.map((f) => new Option(`${f.name} · ${Math.max(1, Math.round(f.bytes / 1024))} KB`, f.name)));
    select.hidden = msg.recording !== true;
  }

  /**
   * An error answers the request in flight: ask again freely — a step refused as `rate-limited` is
   * asked again when the server says. During an upload, `rate-limited` means the part was not taken
   * (send it again when told); any other error ends the upload.
   */
  onError(err) {
    if (this.exporter.onError(err)) return;
    const asked = this.asked;
    this.asked = null;
    if (err.code === 'rate-limited' && asked !== null) {
      // Over the connection's engine share (a long replay was just charged to it): ask again then.
      this.asked = asked;
      setTimeout(() => {
        if (this.asked !== asked) return;
        this.asked = null;
        this.wanted = this.wanted ?? asked;
        this.request();
      }, Math.max(10, err.retryAfterMs || 100));
      return;
    }
    const upload = this.uploading;
    if (!upload) return;
    if (err.code === 'rate-limited' && Number.isInteger(upload.sent)) {
      setTimeout(() => { if (this.uploading === upload) this.send(upload.part(upload.sent)); }, Math.max(10, err.retryAfterMs || 100));
    } else {
      this.uploading = null;
    }
  }

  /** The connection was lost: the server forgot the pause with the session. */
  reset() {
    if (this.active) this.onResumed({});
  }

  updateBar(frame) {
    const d = this.dom;
    d.slider.value = String(frame);
    const t = this.times[frame];
    const start = this.times[0] ?? 0;
    d.where.textContent = `frame ${frame} / ${Math.max(0, this.frames - 1)}${Number.isFinite(t) ? ` · ${(t - start).toFixed(1)} ms` : ''}`;
    d.back.disabled = frame <= 0;
    d.forward.disabled = frame >= this.frames - 1;
  }
}
