// Decision margins (docs/margins-and-lints.md): how close each threshold decision behind a recognizer's
// last transition came to flipping, as a small bar — the measured value against the threshold's tick.

const SYMBOL = { atMost: '≤', atLeast: '≥', exactly: '=' };

function fmt(n) {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 10) / 10);
}

/** The words of one margin: `allowableMovement 50 pt (≤ 45 pt)`. */
export function marginText(m) {
  const unit = m.unit === 'count' ? '' : ` ${m.unit}`;
  return `${m.threshold} ${fmt(m.measured)}${unit} (${SYMBOL[m.limit] ?? '?'} ${fmt(m.limitValue)}${unit})`;
}

/**
 * A `div.margins` with one row per well-formed margin (text, then a bar whose fill is the measured
 * value and whose tick is the threshold, on a scale of 1.5 × the larger of the two), or null when none.
 */
export function marginBars(margins) {
  if (!Array.isArray(margins)) return null;
  const rows = [];
  for (const m of margins) {
    if (!m || !Number.isFinite(m.measured) || !Number.isFinite(m.limitValue) || typeof m.threshold !== 'string') continue;
    const scale = Math.max(Math.abs(m.measured), Math.abs(m.limitValue), 1e-9) * 1.5;
    const pct = (v) => `${Math.max(0, Math.min(100, (Math.abs(v) / scale) * 100)).toFixed(1)}%`;
    const row = document.createElement('div');
    row.className = 'margin';
    row.dataset.side = m.side === 'outside' ? 'outside' : 'inside';
    row.title = `${m.rule}: ${marginText(m)} — ${m.side}`;
    const label = document.createElement('span');
    label.className = 'm-label';
    label.textContent = marginText(m);
    const bar = document.createElement('span');
    bar.className = 'm-bar';
    const fill = document.createElement('span');
    fill.className = 'm-fill';
    fill.style.width = pct(m.measured);
    const tick = document.createElement('span');
    tick.className = 'm-limit';
    tick.style.left = pct(m.limitValue);
    bar.append(fill, tick);
    row.append(label, bar);
    rows.push(row);
  }
  if (!rows.length) return null;
  const box = document.createElement('div');
  box.className = 'margins';
  box.append(...rows);
  return box;
}
