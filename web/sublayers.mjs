// Drawing a view's animated sublayers (UIKIT-CA-SUBLAYER-DRAWN; docs/protocol.md §5.2, `sublayer`): the display
// list holds each sublayer drawn at its model values; for the commands it drew, the page applies the
// change from the model to the presentation at engine time `now` — a matrix
// parent · translate(position′) · T′ · T⁻¹ · translate(−position) · parent⁻¹, an opacity factor
// opacity′ / opacity, and a stroke trimmed again to strokeStart′ … strokeEnd′ along the untrimmed path.
// A nested sublayer's change applies before its superlayer's.

import { multiply, invert } from './mirror.mjs';
import { valueAt } from './animation.mjs';

const finite = (list, n) => Array.isArray(list) && list.length === n && list.every(Number.isFinite);

function validLayer(s) {
  return s && finite(s.commands, 2) && finite(s.parent, 6) && finite(s.position, 2) && finite(s.transform, 6) && Number.isFinite(s.opacity);
}

/** The layer's transform with its scale or rotation replaced about its translation (TouchKit's LayerKeyPath.set). */
function withScaleAndAngle(t, scale, angle) {
  return [scale * Math.cos(angle), scale * Math.sin(angle), -scale * Math.sin(angle), scale * Math.cos(angle), t[4], t[5]];
}

/** The presentation values of one sublayer: its animations applied in order over its model values. */
function presentation(layer, animations, now) {
  const out = { position: layer.position.slice(), transform: layer.transform.slice(), opacity: layer.opacity, stroke: null };
  if (finite(layer.stroke, 2)) out.stroke = layer.stroke.slice();
  for (const a of animations) {
    if (!Number.isFinite(a.begin) || now < a.begin || !Array.isArray(a.from) || !Array.isArray(a.to)) continue;
    const v = valueAt(a, now);
    if (!Array.isArray(v) || !v.every(Number.isFinite)) continue;
    const t = out.transform;
    switch (a.property) {
      case 'position': if (v.length === 2) out.position = v; break;
      case 'position.x': out.position[0] = v[0]; break;
      case 'position.y': out.position[1] = v[0]; break;
      case 'opacity': out.opacity = v[0]; break;
      case 'transform': if (v.length === 6) out.transform = v; break;
      case 'transform.scale': out.transform = withScaleAndAngle(t, v[0], Math.atan2(t[1], t[0])); break;
      case 'transform.rotation.z': out.transform = withScaleAndAngle(t, Math.hypot(t[0], t[1]), v[0]); break;
      case 'strokeStart': if (out.stroke) out.stroke[0] = v[0]; break;
      case 'strokeEnd': if (out.stroke) out.stroke[1] = v[0]; break;
      default: break;
    }
  }
  return out;
}

/** The polylines of a move/line/close path (closed ones back to their start). */
function polylines(path) {
  const lines = [];
  let current = null;
  for (const el of path) {
    if (!Array.isArray(el)) continue;
    if (el[0] === 'move') { current = [[el[1], el[2]]]; lines.push(current); }
    else if (el[0] === 'line' && current) current.push([el[1], el[2]]);
    else if (el[0] === 'close' && current && current.length > 1) current.push(current[0]);
  }
  return lines;
}

/** `path` trimmed to the fractions `from` … `to` of its length (TouchKit's PathFlattening.trim). */
export function trimPath(path, from, to) {
  from = Math.min(Math.max(from, 0), 1);
  to = Math.min(Math.max(to, 0), 1);
  const lines = polylines(Array.isArray(path) ? path : []);
  const total = lines.reduce((sum, l) => sum + l.slice(1).reduce((s, p, i) => s + Math.hypot(p[0] - l[i][0], p[1] - l[i][1]), 0), 0);
  if (!(from < to) || !(total > 0)) return [];
  const [low, high] = [from * total, to * total];
  const out = [];
  let walked = 0;
  for (const l of lines) {
    let started = false;
    for (let i = 1; i < l.length; i += 1) {
      const [a, b] = [l[i - 1], l[i]];
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const [s, e] = [walked, walked + length];
      walked = e;
      if (!(e > low && s < high && length > 0)) continue;
      const at = (d) => { const t = Math.min(Math.max((d - s) / length, 0), 1); return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]; };
      if (!started) { out.push(['move', ...at(Math.max(s, low))]); started = true; }
      out.push(['line', ...at(Math.min(e, high))]);
    }
  }
  return out;
}

/**
 * How to draw a display list's commands at engine time `now`, from a view's `animations`: null when no
 * sublayer animates, else {matrices, alphas, paths} indexed by command (absent: as recorded).
 */
export function sublayerPlan(animations, now, commandCount) {
  if (!Array.isArray(animations) || !Number.isFinite(now)) return null;
  const layers = new Map();
  for (const a of animations) {
    if (!a || !validLayer(a.sublayer)) continue;
    const key = a.sublayer.commands.join(',');
    if (!layers.has(key)) layers.set(key, { layer: a.sublayer, animations: [] });
    layers.get(key).animations.push(a);
  }
  if (layers.size === 0) return null;
  const plan = { matrices: new Array(commandCount).fill(null), alphas: new Array(commandCount).fill(1), paths: new Map() };
  // Inner layers (later starts, shorter spans) first: their change applies before their superlayer's.
  const ordered = [...layers.values()].sort((x, y) => y.layer.commands[0] - x.layer.commands[0] || x.layer.commands[1] - y.layer.commands[1]);
  for (const { layer, animations: list } of ordered) {
    const p = presentation(layer, list, now);
    const parent = layer.parent;
    const parentInverse = invert(parent);
    const modelInverse = invert(layer.transform);
    if (!parentInverse || !modelInverse) continue;
    const change = multiply(parent, multiply([1, 0, 0, 1, p.position[0], p.position[1]], multiply(p.transform,
      multiply(modelInverse, multiply([1, 0, 0, 1, -layer.position[0], -layer.position[1]], parentInverse)))));
    const alpha = layer.opacity > 0 ? Math.max(0, p.opacity) / layer.opacity : 1;
    const [first, count] = layer.commands;
    for (let i = Math.max(0, first); i < Math.min(commandCount, first + count); i += 1) {
      plan.matrices[i] = plan.matrices[i] ? multiply(change, plan.matrices[i]) : change;
      plan.alphas[i] *= alpha;
    }
    if (p.stroke && Number.isInteger(layer.strokeCommand) && Array.isArray(layer.strokePath)) {
      plan.paths.set(layer.strokeCommand, trimPath(layer.strokePath, p.stroke[0], p.stroke[1]));
    }
  }
  return plan;
}
