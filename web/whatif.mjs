// What-if and flake on the live session (docs/whatif.md, docs/protocol.md §4.13, §5.7): in the
// inspector, pick a recognizer, change a property or a relationship and see which decisions flip —
// both timelines side by side, the first event that differs, each flipped outcome with its reason and
// margin — or run the flake predictor on the last gesture and see each recognizer's distribution.
// The device asks; the answers reach the device and every observer, so observers see them too.

import { marginBars } from './margins.mjs';

/** Numeric properties each recognizer class has (the declarative table's, RecognizerProperties.swift). */
const NUMBERS = {
  UITapGestureRecognizer: ['numberOfTapsRequired', 'numberOfTouchesRequired', 'allowableMovement', 'maximumTapDuration',
    'maximumIntervalBetweenSuccessiveTaps'],
  UILongPressGestureRecognizer: ['minimumPressDuration', 'allowableMovement', 'numberOfTouchesRequired', 'numberOfTapsRequired'],
  UIPanGestureRecognizer: ['minimumNumberOfTouches', 'maximumNumberOfTouches', 'hysteresis'],
  UIScreenEdgePanGestureRecognizer: ['minimumNumberOfTouches', 'maximumNumberOfTouches', 'hysteresis', 'edgeBandWidth'],
  UISwipeGestureRecognizer: ['numberOfTouchesRequired', 'maximumDuration', 'minimumPrimaryMovement', 'maximumSecondaryMovement'],
  UIPinchGestureRecognizer: ['hysteresis'],
  UIRotationGestureRecognizer: ['hysteresis'],
};
/** Every recognizer's flags. */
const FLAGS = ['cancelsTouchesInView', 'delaysTouchesBegan', 'delaysTouchesEnded', 'enabled'];
/** Relationship changes: the `act` verb and relation of each choice. */
const RELATIONS = {
  'require(toFail:) — add': ['relate', 'requireToFail'],
  'require(toFail:) — remove': ['unrelate', 'requireToFail'],
  'simultaneous — add': ['relate', 'simultaneous'],
  'simultaneous — remove': ['unrelate', 'simultaneous'],
};

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function list(results) {
  return Array.isArray(results) && results.length ? results.join(', ') : '—';
}

function phrase(outcome) {
  if (!outcome) return '(none)';
  return outcome.reason ? `${outcome.result} [${outcome.reason}]` : String(outcome.result);
}

function ms(t) {
  return `${Math.round(Number(t) * 10) / 10} ms`;
}

/** The change the form describes, in the `what-if` vocabulary (a short form or an action). */
export function changeOf({ recognizer, property, value, other }) {
  const relation = RELATIONS[property];
  if (relation) {
    const [verb, kind] = relation;
    return { [verb]: { [kind]: [recognizer, other] } };
  }
  return `${recognizer}.${property}=${String(value).trim()}`;
}

/** The properties the form offers for a recognizer of class `kind`. */
export function propertiesOf(kind) {
  return [...(NUMBERS[kind] ?? []), ...FLAGS, ...Object.keys(RELATIONS)];
}

export class WhatIfPanel {
  /**
   * @param {object} dom  `section`, `recognizer`, `property`, `value`, `other`, `run`, `variants`,
   *   `jitterMs`, `jitterPt`, `seed`, `flake`, `status`, `result`
   * @param {(msg: object) => boolean} send  sends a message (false when not joined)
   */
  constructor(dom, send) {
    this.dom = dom;
    this.send = send;
    this.recognizers = [];
    this.pending = null;
    dom.recognizer.addEventListener('change', () => this.fillProperties());
    dom.property.addEventListener('change', () => this.showValue());
    dom.run.addEventListener('click', () => this.askWhatIf());
    dom.flake.addEventListener('click', () => this.askFlake());
  }

  /** The scene's recognizers, from a full render (`render.recognizers`). */
  setRecognizers(recognizers) {
    const named = (Array.isArray(recognizers) ? recognizers : []).filter((r) => r && typeof r.name === 'string');
    const names = named.map((r) => r.name).join('\n');
    if (names === this.recognizers.map((r) => r.name).join('\n')) return;
    this.recognizers = named;
    const keep = this.dom.recognizer.value;
    const options = named.map((r) => el('option', { value: r.name, textContent: r.name }));
    this.dom.recognizer.replaceChildren(...options);
    if (named.some((r) => r.name === keep)) this.dom.recognizer.value = keep;
    this.dom.other.replaceChildren(...named.map((r) => el('option', { value: r.name, textContent: r.name })));
    this.fillProperties();
    this.dom.run.disabled = !named.length;
  }

  /** Picks `name` in the form (a tap on its row in the inspector) and opens the section; devices only. */
  pick(name) {
    if (!this.recognizers.some((r) => r.name === name) || this.dom.section.closest('[data-role="observer"]')) return;
    this.dom.recognizer.value = name;
    this.fillProperties();
    this.dom.section.open = true;
  }

  fillProperties() {
    const kind = this.recognizers.find((r) => r.name === this.dom.recognizer.value)?.kind;
    const keep = this.dom.property.value;
    const names = propertiesOf(kind);
    this.dom.property.replaceChildren(...names.map((name) => el('option', { value: name, textContent: name })));
    if (names.includes(keep)) this.dom.property.value = keep;
    this.showValue();
  }

  showValue() {
    const relation = Boolean(RELATIONS[this.dom.property.value]);
    const flag = FLAGS.includes(this.dom.property.value);
    this.dom.value.hidden = relation;
    this.dom.other.hidden = !relation;
    if (flag && !['true', 'false'].includes(this.dom.value.value)) this.dom.value.value = 'false';
    this.dom.value.placeholder = flag ? 'true or false' : 'value (JSON)';
    if (relation) {
      const other = [...this.dom.other.options].find((o) => o.value !== this.dom.recognizer.value);
      if (other && this.dom.other.value === this.dom.recognizer.value) this.dom.other.value = other.value;
    }
  }

  /** The change the form shows now. */
  change() {
    return changeOf({
      recognizer: this.dom.recognizer.value, property: this.dom.property.value,
      value: this.dom.value.value, other: this.dom.other.value,
    });
  }

  askWhatIf() {
    if (!this.dom.recognizer.value) return;
    if (!RELATIONS[this.dom.property.value] && !this.dom.value.value.trim()) {
      this.status('Give a value first.', 'error');
      return;
    }
    this.ask({ type: 'what-if', changes: [this.change()] }, 'Replaying the session against the changed app…');
  }

  askFlake() {
    const number = (input, fallback) => {
      const value = Number(input.value);
      return input.value.trim() !== '' && Number.isFinite(value) ? value : fallback;
    };
    this.ask({
      type: 'flake', variants: Math.round(number(this.dom.variants, 100)), seed: Math.round(number(this.dom.seed, 1)),
      jitterMs: number(this.dom.jitterMs, 8), jitterPt: number(this.dom.jitterPt, 3),
    }, 'Replaying the last gesture with jitter…');
  }

  ask(message, waiting) {
    if (this.pending) return;
    if (!this.send(message)) {
      this.status('Not connected.', 'error');
      return;
    }
    this.pending = message.type;
    this.dom.run.disabled = true;
    this.dom.flake.disabled = true;
    this.status(waiting, 'busy');
  }

  settle() {
    this.pending = null;
    this.dom.run.disabled = !this.recognizers.length;
    this.dom.flake.disabled = false;
  }

  status(text, state = '') {
    this.dom.status.textContent = text;
    this.dom.status.dataset.state = state;
  }

  /** An `error` the session answered: ours if a request is pending and it names a what-if's field or code. */
  onError(err) {
    if (!this.pending) return false;
    this.settle();
    this.status(`${err.code}: ${err.message ?? ''}`, 'error');
    this.dom.section.open = true;
    return true;
  }

  /** A `what-if` answer (ours, or the device's while observing). */
  onWhatIf(msg) {
    this.settle();
    const report = msg.report ?? {};
    const where = Number.isInteger(msg.frame) ? ` up to frame ${msg.frame}` : '';
    this.status(`${report.identical ? 'No decision changes' : `${(report.changed ?? []).length} outcome(s) changed`} — ${msg.events} events replayed${where}.`, 'done');
    const parts = [el('p', { className: 'wi-changes', textContent: `what if: ${(report.changes ?? []).map((c) => String(c)).join('; ')}` })];
    for (const skipped of report.skipped ?? []) parts.push(el('p', { className: 'small muted', textContent: `skipped in ${skipped}` }));
    if (report.identical) {
      parts.push(el('p', { className: 'wi-same', textContent: 'No decision changes: both event logs are the same.' }));
    } else {
      parts.push(this.outcomeTable(report.outcomes ?? []));
      const first = report.firstDifference;
      if (first) {
        const minus = (first.recorded ?? []).filter((line) => !(first.whatIf ?? []).includes(line));
        const plus = (first.whatIf ?? []).filter((line) => !(first.recorded ?? []).includes(line));
        // One list, as the command line prints it: − lines only the session had, + lines only the changed app.
        const line = (sign, text, side) => el('li', { className: side }, el('span', { className: 'wi-sign', textContent: sign }),
          el('span', { textContent: text }));
        parts.push(el('div', { className: 'wi-first' },
          el('div', { className: 'wi-head', textContent: `First difference: event line ${first.line}, ${ms(first.t)}` }),
          el('ol', { className: 'wi-diff' }, ...minus.map((text) => line('−', text, 'wi-minus')), ...plus.map((text) => line('+', text, 'wi-plus')))));
      }
      const changed = report.changed ?? [];
      parts.push(el('div', { className: 'wi-head', textContent: changed.length ? `Changed outcomes (${changed.length})` : 'No outcome changes (the logs differ in calls along the way)' }));
      parts.push(el('ul', { className: 'wi-changed' }, ...changed.map((c) => this.changedItem(c))));
    }
    if (msg.omitted > 0) parts.push(el('p', { className: 'small muted', textContent: `${msg.omitted} more items left out (the answer's 64 KiB bound).` }));
    this.show(parts, 'what-if');
  }

  /** A `flake` answer. */
  onFlake(msg) {
    this.settle();
    const report = msg.report ?? {};
    const variants = Number(report.variants) || 0;
    const jitter = report.jitter ?? {};
    this.status(`${variants} variants of the last gesture, seed ${report.seed}, ±${jitter.timingMs} ms, ±${jitter.positionPt} pt.`, 'done');
    const rows = (report.subjects ?? []).map((s) => {
      const share = variants ? s.unchanged / variants : 1;
      const bar = el('span', { className: 'fl-bar' }, el('span', { className: 'fl-fill' }));
      bar.firstChild.style.width = `${(share * 100).toFixed(1)}%`;
      const head = el('div', { className: 'fl-head' },
        el('span', { className: 'fl-subject', textContent: s.subject }),
        el('span', { className: 'fl-baseline', textContent: `[${list(s.baseline)}]` }),
        el('span', { className: 'fl-count', textContent: `${s.unchanged} of ${variants} as it ran` }));
      const groups = (s.changed ?? []).map((g) => {
        const item = el('li', {},
          el('span', { className: 'fl-became', textContent: `${g.count} became [${list(g.results)}]` }),
          el('span', { className: 'fl-why', textContent: ` — ${g.firstChange?.subject ?? s.subject} #${g.firstChange?.number}: ${phrase(g.firstChange?.recorded)} → ${phrase(g.firstChange?.whatIf)} (variant ${g.firstVariant})` }));
        const bars = marginBars(g.firstChange?.whatIf?.margins ?? g.firstChange?.recorded?.margins);
        if (bars) item.append(bars);
        return item;
      });
      const li = el('li', {}, head, bar);
      li.dataset.flaky = String(share < 1);
      if (groups.length) li.append(el('ul', { className: 'fl-groups' }, ...groups));
      return li;
    });
    const parts = [el('ul', { className: 'fl-subjects' }, ...rows)];
    if (report.firstRefusal) parts.push(el('p', { className: 'small muted', textContent: `${report.refusedVariants} variants got errors: ${report.firstRefusal}` }));
    if (msg.omitted > 0) parts.push(el('p', { className: 'small muted', textContent: `${msg.omitted} more items left out (the answer's 64 KiB bound).` }));
    this.show(parts, 'flake');
  }

  show(parts, kind) {
    this.dom.result.replaceChildren(...parts);
    this.dom.result.dataset.kind = kind;
    this.dom.result.hidden = false;
    this.dom.section.open = true;
  }

  outcomeTable(outcomes) {
    const head = el('tr', {}, el('th', { textContent: 'outcome', scope: 'col' }), el('th', { textContent: 'as it ran', scope: 'col' }),
      el('th', { textContent: 'what if', scope: 'col' }));
    const rows = outcomes.map((o) => {
      const a = list(o.recorded);
      const b = list(o.whatIf);
      const tr = el('tr', {}, el('th', { textContent: o.subject, scope: 'row' }), el('td', { textContent: a }), el('td', { textContent: b }));
      tr.dataset.changed = String(a !== b);
      return tr;
    });
    return el('table', { className: 'wi-outcomes' }, el('thead', {}, head), el('tbody', {}, ...rows));
  }

  changedItem(c) {
    const item = el('li', {},
      el('div', { className: 'wi-subject', textContent: `${c.subject} #${c.number}` }),
      el('div', { className: 'wi-sides' },
        el('span', { className: 'wi-was', textContent: phrase(c.recorded) }),
        el('span', { className: 'wi-arrow', textContent: ' → ' }),
        el('span', { className: 'wi-now', textContent: phrase(c.whatIf) })),
      el('div', { className: 'small muted', textContent: `line ${(c.whatIf ?? c.recorded)?.line}, ${ms((c.whatIf ?? c.recorded)?.t)}` }));
    const bars = marginBars(c.whatIf?.margins ?? c.recorded?.margins);
    if (bars) item.append(bars);
    return item;
  }
}
