// Interpolating the `animations` render property (docs/protocol.md §5.2): the view's props are
// model values; what is drawn is model + (from − to) · (1 − eased) for each running animation, where
// eased = startValue + (endValue − startValue) · curve(progress) (0 and 1 unless a property animator
// resumed mid-way), rescaled past `joinedAt`; an `absolute` one (a layer's non-additive
// CABasicAnimation) draws from + (to − from) · eased in place of the value so far, a keyframe one its
// keyframes at eased; `passes` runs a finite repeatCount; a sublayer's animations are drawn by sublayers.mjs. The curves are TouchKit's
// (Sources/TouchKit/Animation/AnimationCurve.swift).

function bezier(x1, y1, x2, y2, x) {
  const at = (a, b, s) => 3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s;
  let low = 0, high = 1, s = x;
  for (let i = 0; i < 40; i += 1) {
    s = (low + high) / 2;
    if (at(x1, x2, s) < x) low = s; else high = s;
  }
  return at(y1, y2, s);
}

export function curveValue(a, t) {
  t = Math.min(Math.max(t, 0), 1);
  switch (a.curve) {
    case 'linear': return t;
    case 'easeIn': return bezier(0.42, 0, 1, 1, t);
    case 'easeOut': return bezier(0, 0, 0.58, 1, t);
    case 'bezier': {
      const p = a.controlPoints;
      if (!Array.isArray(p) || p.length !== 4 || !p.every(Number.isFinite)) return t;
      return bezier(p[0], p[1], p[2], p[3], t);
    }
    case 'spring': {
      if (t >= 1) return 1;
      const zeta = Math.min(Math.max(Number.isFinite(a.damping) ? a.damping : 1, 0.01), 1);
      const v = Number.isFinite(a.velocity) ? a.velocity : 0;
      const omega = 7 / zeta;
      if (zeta >= 1) return 1 - Math.exp(-omega * t) * (1 + (omega - v) * t);
      const damped = omega * Math.sqrt(1 - zeta * zeta);
      return 1 - Math.exp(-zeta * omega * t) * (Math.cos(damped * t) + ((zeta * omega - v) / damped) * Math.sin(damped * t));
    }
    default: return bezier(0.42, 0, 0.58, 1, t);
  }
}

/** A finite `repeatCount` above 1 (`passes`), else null. */
function passes(a) {
  return Number.isFinite(a.passes) && a.passes > 1 ? a.passes : null;
}

/** Fraction of the change reached at engine time `now` (ms), before easing. */
export function progress(a, now) {
  const elapsed = now - a.begin;
  if (!(elapsed > 0) || !(a.duration > 0)) return 0;
  let x = elapsed / a.duration;
  const period = a.autoreverses ? 2 : 1;
  const count = passes(a);
  if (count !== null) x = Math.min(x, count * period);
  if (a.repeats || count !== null) {
    const ended = count !== null && x >= count * period;
    x %= period;
    // A whole number of passes ends where a pass ends.
    if (ended && x === 0) x = period;
  }
  if (a.autoreverses) x = x <= 1 ? x : 2 - x;
  return Math.min(Math.max(x, 0), 1);
}

/** The eased fraction of the change drawn at engine time `now` (ms). */
export function eased(a, now) {
  const start = Number.isFinite(a.startValue) ? a.startValue : 0;
  const end = Number.isFinite(a.endValue) ? a.endValue : 1;
  const p = progress(a, now);
  const value = a.duration > 0 && p >= 1 ? end : start + (end - start) * curveValue(a, p);
  const joined = Number.isFinite(a.joinedAt) ? a.joinedAt : 0;
  if (joined === 0) return value;
  return joined >= 1 ? 1 : Math.min(Math.max((value - joined) / (1 - joined), 0), 1);
}

function running(a, now) {
  if (a.repeats) return true;
  return now < a.begin + a.duration * (a.autoreverses ? 2 : 1) * (passes(a) ?? 1);
}

/**
 * A keyframe animation's value at eased fraction `f` (TouchKit's CAKeyframeAnimation.value(at:)): the
 * segment between the key times around `f`, paced by its curve; `discrete` holds each value.
 */
export function keyframeValue(a, f) {
  const frames = a.keyframes;
  const n = frames.length;
  if (n === 1) return frames[0];
  const times = Array.isArray(a.keyTimes) && a.keyTimes.length === n ? a.keyTimes : frames.map((_, i) => i / (n - 1));
  let index = 0;
  for (let i = 0; i < n; i += 1) if (times[i] <= f) index = i;
  index = Math.min(index, n - 2);
  if (a.discrete) return f >= 1 ? frames[n - 1] : frames[index];
  const span = times[index + 1] - times[index];
  let local = span > 0 ? Math.min(Math.max((f - times[index]) / span, 0), 1) : 1;
  const c = Array.isArray(a.segmentCurves) ? a.segmentCurves[index] : null;
  if (Array.isArray(c) && c.length === 4 && c.every(Number.isFinite)) local = bezier(c[0], c[1], c[2], c[3], local);
  return frames[index].map((v, i) => v + (frames[index + 1][i] - v) * local);
}

/** An absolute animation's value at engine time `now`: its keyframes, or from … to, at the eased fraction. */
export function valueAt(a, now) {
  const e = eased(a, now);
  if (Array.isArray(a.keyframes) && a.keyframes.length > 0) return keyframeValue(a, e);
  return a.from.map((f, i) => f + (a.to[i] - f) * e);
}

const FIELDS = { center: 2, bounds: 4, transform: 6, alpha: 1, backgroundColor: 4 };

function rgba(hex) {
  if (typeof hex !== 'string' || !/^#[0-9a-fA-F]{8}$/.test(hex)) return [0, 0, 0, 0];
  return [1, 3, 5, 7].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
}

function hex(values) {
  return '#' + values.map((v) => Math.round(Math.min(Math.max(v, 0), 1) * 255).toString(16).padStart(2, '0')).join('');
}

/** The props as drawn at engine time `now`; the same object when nothing animates. */
export function presented(props, now) {
  const list = props.animations;
  if (!Array.isArray(list) || list.length === 0 || !Number.isFinite(now)) return props;
  const out = { ...props };
  for (const a of list) {
    const n = FIELDS[a?.property];
    // A sublayer's animation moves display-list commands (sublayers.mjs), not the view.
    if (!n || a.sublayer || !Array.isArray(a.from) || !Array.isArray(a.to)) continue;
    const remaining = 1 - eased(a, now);
    const model = a.property === 'alpha' ? [out.alpha] : a.property === 'backgroundColor' ? rgba(out.backgroundColor) : out[a.property];
    if (!Array.isArray(model) || model.length < n) continue;
    const e = 1 - remaining;
    const frame = Array.isArray(a.keyframes) && a.keyframes.length > 0 ? keyframeValue(a, e) : null;
    const value = model.map((m, i) => {
      if (frame) return i < n && Number.isFinite(frame[i]) ? frame[i] : m;
      if (!(i < n && Number.isFinite(a.from[i]) && Number.isFinite(a.to[i]))) return m;
      return a.absolute ? a.from[i] + (a.to[i] - a.from[i]) * e : m + (a.from[i] - a.to[i]) * remaining;
    });
    if (a.property === 'alpha') out.alpha = value[0];
    else if (a.property === 'backgroundColor') out.backgroundColor = hex(value);
    else out[a.property] = value;
  }
  return out;
}

/** Whether any view of `mirror` is still moving at engine time `now` (the page keeps painting). */
export function anyRunning(mirror, now) {
  for (const v of mirror.views.values()) {
    const list = v.props.animations;
    if (Array.isArray(list) && list.some((a) => running(a, now))) return true;
  }
  return false;
}

/** Engine time now, from the latest `render.t` and when it arrived. */
export class EngineClock {
  constructor() { this.anchor = null; this.frozen = null; }
  observe(t, at = performance.now()) { if (Number.isFinite(t)) this.anchor = { t, at }; }
  now(at = performance.now()) {
    if (this.frozen !== null) return this.frozen;
    return this.anchor ? this.anchor.t + (at - this.anchor.at) : NaN;
  }
  /** Tests and screenshots: draw every animation as at engine time `t` (null: follow the clock). */
  freeze(t) { this.frozen = Number.isFinite(t) ? t : null; }
}
