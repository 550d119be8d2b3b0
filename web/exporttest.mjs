// "Copy as test" (docs/protocol.md §4.12, `export-test`): the live session so far — or up to the frame the
// stepping bar shows — as a Swift Testing test, a pytest test or W3C WebDriver Actions, written by the server
// as `touchbridge export` writes a recording. A live session is paused first (the export reads the paused
// timeline); the text goes to the clipboard, or, where the page may not write it (no secure context, no
// user activation left after the round trip), into a dialog to select and copy.

const $ = (sel) => document.querySelector(sel);

const FORMAT_NAMES = { swift: 'Swift test', pytest: 'pytest test', actions: 'W3C actions' };

export class TestExporter {
  /**
   * @param {object} o
   * @param {(msg: object) => boolean} o.send
   * @param {{active: boolean, source: string|null}} o.stepper  whether and what is being stepped through
   */
  constructor({ send, stepper }) {
    Object.assign(this, { send, stepper });
    /** The format to ask for once the pause this exporter asked for shows its first frame. */
    this.pending = null;
    /** An export-test is in flight (its error is ours to show). */
    this.asking = false;
    this.dom = {
      button: $('#export-test'),
      format: $('#export-format'),
      status: $('#export-status'),
      dialog: $('#export-dialog'),
      text: $('#export-text'),
      title: $('#export-title'),
      copy: $('#export-copy'),
      close: $('#export-close'),
    };
    const d = this.dom;
    d.button.addEventListener('click', () => this.request());
    d.close.addEventListener('click', () => d.dialog.close());
    d.copy.addEventListener('click', () => this.copyFromDialog());
  }

  request() {
    const format = this.dom.format.value;
    if (this.stepper.active && this.stepper.source !== 'live') {
      this.status('Copy as test exports your live session: press Live first.');
    } else if (this.stepper.active) {
      this.ask(format);
    } else if (this.send({ type: 'pause' })) {
      this.pending = format;
      this.status('Pausing the session…');
    }
  }

  ask(format) {
    if (this.send({ type: 'export-test', as: format })) {
      this.asking = true;
      this.status(`Writing the ${FORMAT_NAMES[format] ?? format}…`);
    }
  }

  /** The stepper shows a frame: the pause asked for is ready. */
  stepShown() {
    const format = this.pending;
    this.pending = null;
    if (format && this.stepper.source === 'live') this.ask(format);
  }

  async onExported(msg) {
    this.asking = false;
    if (typeof msg.text !== 'string') return;
    const what = `${FORMAT_NAMES[msg.as] ?? msg.as} up to frame ${msg.frame} (${msg.text.split('\n').length} lines)`;
    // What a finger trace cannot carry (the pause's own app change among it), each kind once.
    const notes = Array.isArray(msg.notes) ? [...new Set(msg.notes.map((n) => String(n).replace(/^line \d+: /, '')))] : [];
    const left = notes.length ? `; left out: ${notes.join('; ')}` : '';
    try {
      await navigator.clipboard.writeText(msg.text);
      this.status(`Copied the ${what}${left}.`);
    } catch {
      this.show(what, msg.text);
      this.status(`The ${what} is in the dialog: select and copy it${left}.`);
    }
  }

  /** An error while an export was asked for is the answer to it. */
  onError(err) {
    if (!this.asking && !this.pending) return false;
    this.asking = false;
    this.pending = null;
    this.status(`Not exported: ${err.message ?? err.code}`);
    return true;
  }

  show(what, text) {
    const d = this.dom;
    d.title.textContent = what;
    d.text.value = text;
    if (!d.dialog.open) d.dialog.showModal();
    d.text.focus();
    d.text.select();
    d.text.scrollTop = 0;
  }

  async copyFromDialog() {
    const d = this.dom;
    try {
      await navigator.clipboard.writeText(d.text.value);
      d.dialog.close();
      this.status('Copied.');
    } catch {
      // No clipboard here: the text stays selected for the system's own copy.
      d.text.focus();
      d.text.select();
    }
  }

  status(text) { this.dom.status.textContent = text; }
}
