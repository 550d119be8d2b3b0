// Paints the mirror tree on a canvas (docs/protocol.md §6), plus the overlay: fingers, the touches the
// server reported, and the hit-test path. Called at most once per animation frame.

import { IDENTITY, boxMatrix, geometry, multiply } from './mirror.mjs';
import { presented } from './animation.mjs';
import { sublayerPlan } from './sublayers.mjs';
import { contentRect, contentSizeOf } from './contentmode.mjs';

export const SYSTEM_FONT = '-apple-system, BlinkMacSystemFont, system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const TINT = '#007aff';

/** "#rrggbbaa" → "rgba(…)" (cached); anything unparseable → null. */
const colourCache = new Map();
export function cssColour(hex) {
  if (typeof hex !== 'string') return null;
  let out = colourCache.get(hex);
  if (out !== undefined) return out;
  const m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex);
  if (!m) out = null;
  else {
    const n = parseInt(m[1], 16);
    const a = m[2] === undefined ? 1 : parseInt(m[2], 16) / 255;
    out = `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${Math.round(a * 1000) / 1000})`;
  }
  if (colourCache.size > 512) colourCache.clear();
  colourCache.set(hex, out);
  return out;
}

/** A stable colour for an image name (there are no image files: images are drawn as placeholders). */
export function placeholderColour(name) {
  let h = 2166136261;
  for (const ch of String(name)) { h ^= ch.codePointAt(0); h = Math.imul(h, 16777619) >>> 0; }
  const hue = h % 360;
  return hslToRgb(hue, 0.55, 0.62);
}

function hslToRgb(hue, s, l) {
  const k = (n) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))));
  return [f(0), f(8), f(4)];
}

/** Relative luminance (0…1) of "#rrggbbaa", or 1 (treat as light) when there is no opaque colour. */
function luminance(hex) {
  const m = typeof hex === 'string' && /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex);
  if (!m || (m[2] !== undefined && parseInt(m[2], 16) < 128)) return 1;
  const n = parseInt(m[1], 16);
  const lin = (c) => { const v = c / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}

/** A rounded-rectangle path (the canvas's own roundRect; square corners where a browser lacks it). */
function roundRectPath(ctx, x, y, w, h, r) {
  ctx.beginPath();
  const radius = Math.max(0, r || 0);
  if (radius && ctx.roundRect) ctx.roundRect(x, y, w, h, radius);
  else ctx.rect(x, y, w, h);
}

/** Baseline offset that centres a line of the current font on a y (textBaseline 'alphabetic'). */
function centreOffset(ctx) {
  const m = ctx.measureText('Hg');
  const ascent = m.fontBoundingBoxAscent ?? m.actualBoundingBoxAscent ?? 0;
  const descent = m.fontBoundingBoxDescent ?? m.actualBoundingBoxDescent ?? 0;
  return (ascent - descent) / 2;
}

function font(size, bold) {
  return `${bold ? '600' : '400'} ${Math.max(1, size)}px ${SYSTEM_FONT}`;
}

/** Word-wraps text to a width (explicit newlines kept). */
function wrap(ctx, text, width) {
  const lines = [];
  for (const para of String(text).split('\n')) {
    const words = para.split(/(\s+)/);
    let line = '';
    for (const word of words) {
      const candidate = line + word;
      if (line && ctx.measureText(candidate).width > width && word.trim()) {
        lines.push(line.trimEnd());
        line = word.trimStart();
      } else {
        line = candidate;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/**
 * How a label's text is laid out in a w×h box, as UILabel does it: word-wrapped, and when more lines
 * than fit, the last one that fits ends in an ellipsis. Sets `ctx.font`. `truncated`: the reader does
 * not see the whole text (an ellipsis, or a word wider than the box, cut by the clip) — the check the
 * page tests use for "no cut text" (`window.__touchbridge.textProblems`).
 */
export function labelLayout(ctx, p, w, h) {
  const size = Number.isFinite(p.fontSize) ? p.fontSize : 17;
  ctx.font = font(size, !!p.fontBold);
  const align = p.textAlignment === 'center' || p.textAlignment === 'right' ? p.textAlignment : 'left';
  const lh = size * 1.2;
  let lines = wrap(ctx, p.text, w);
  let truncated = lines.some((line) => ctx.measureText(line).width > w + 0.5);
  const fit = Math.max(1, Math.floor((h + size * 0.2) / lh));
  if (lines.length > fit) {
    truncated = true;
    lines = lines.slice(0, fit);
    let last = lines[fit - 1];
    while (last && ctx.measureText(`${last}…`).width > w) last = last.slice(0, -1);
    lines[fit - 1] = `${last.trimEnd()}…`;
  }
  return { lines, size, align, truncated };
}

/**
 * Whether a control's title is drawn at its natural width: wider than the control, `fillText`'s
 * maxWidth squeezes it (a squeezed title reads as cut). Sets `ctx.font`.
 */
export function titleFits(ctx, p, w) {
  const size = Number.isFinite(p.fontSize) ? p.fontSize : 17;
  ctx.font = font(size, !!p.fontBold);
  return ctx.measureText(p.control.title).width <= w + 0.5;
}

function buildPath(ctx, path) {
  ctx.beginPath();
  if (!Array.isArray(path)) return;
  for (const el of path) {
    if (!Array.isArray(el)) continue;
    const [kind, a, b, c, d] = el;
    switch (kind) {
      case 'move': ctx.moveTo(a, b); break;
      case 'line': ctx.lineTo(a, b); break;
      case 'rect': ctx.rect(a, b, c, d); break;
      case 'ellipse':
        ctx.moveTo(a + c, b + d / 2);
        ctx.ellipse(a + c / 2, b + d / 2, Math.abs(c / 2), Math.abs(d / 2), 0, 0, Math.PI * 2);
        ctx.closePath();
        break;
      case 'close': ctx.closePath(); break;
      default: break;
    }
  }
}

export class Painter {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.width = 0;
    this.height = 0;
    this.dpr = 1;
    /** Window points → CSS px of the canvas (identity for a device; fit-to-screen for an observer). */
    this.base = IDENTITY;
    /** Engine time (ms) to draw running animations at; NaN draws model values. */
    this.engineNow = NaN;
  }

  resize(cssWidth, cssHeight, dpr) {
    this.width = cssWidth;
    this.height = cssHeight;
    this.dpr = dpr;
    const w = Math.max(1, Math.round(cssWidth * dpr));
    const h = Math.max(1, Math.round(cssHeight * dpr));
    if (this.canvas.width !== w) this.canvas.width = w;
    if (this.canvas.height !== h) this.canvas.height = h;
  }

  /**
   * @param {import('./mirror.mjs').Mirror} mirror
   * @param {object} overlay {fingers, touches, highlight:{ids:Set, hit:number|null, focus:number|null}, frameDevice:bool, dark:bool}
   */
  paint(mirror, overlay = {}) {
    const { ctx } = this;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const root = multiply([this.dpr, 0, 0, this.dpr, 0, 0], this.base);

    if (overlay.frameDevice) {
      const ext = mirror.windowsExtent();
      ctx.setTransform(...root);
      ctx.strokeStyle = overlay.dark ? 'rgba(255,255,255,0.35)' : 'rgba(0,0,0,0.25)';
      ctx.lineWidth = 1 / (this.base[0] || 1);
      ctx.strokeRect(-0.5, -0.5, ext.width + 1, ext.height + 1);
    }

    for (const id of mirror.windows) this.drawView(mirror, id, root, 1);

    ctx.setTransform(...root);
    ctx.globalAlpha = 1;
    if (overlay.highlight) this.drawHighlight(mirror, root, overlay.highlight);
    this.drawFingers(overlay.fingers || [], overlay.dark);
    this.drawTouches(overlay.touches || [], overlay.dark);
  }

  drawView(mirror, id, parentContent, parentOpacity) {
    const v = mirror.views.get(id);
    if (!v) return;
    const p = presented(v.props, this.engineNow);
    const alpha = Number.isFinite(p.alpha) ? p.alpha : 1;
    if (p.hidden || alpha <= 0) return;
    const opacity = parentOpacity * Math.min(1, alpha);
    const { ctx } = this;
    const [bx, by, w, h] = geometry(p).bounds;
    const box = boxMatrix(parentContent, p);
    const radius = Number.isFinite(p.cornerRadius) ? p.cornerRadius : 0;

    ctx.setTransform(...box);
    ctx.globalAlpha = opacity;

    const bg = cssColour(p.backgroundColor);
    if (bg) {
      ctx.fillStyle = bg;
      roundRectPath(ctx, 0, 0, w, h, radius);
      this.withShadow(p.shadow, box, () => ctx.fill());
    }
    // The content (image, or what draw(_:) drew) in its rectangle for the content mode.
    const [cw, ch] = contentSizeOf(p, w, h);
    const [rx, ry, rw, rh] = contentRect(p.contentMode, cw, ch, w, h);
    const stretched = rx === 0 && ry === 0 && rw === w && rh === h;
    if (typeof p.image === 'string' && p.image) {
      ctx.save();
      if (p.clipsToBounds) this.clipTo(0, 0, w, h, radius);
      ctx.translate(rx, ry);
      this.drawImagePlaceholder(p.image, rw, rh, stretched ? radius : 0);
      ctx.restore();
    }
    if (typeof p.text === 'string' && p.text) this.drawLabelText(p, w, h);
    if (p.control && typeof p.control === 'object') this.drawControl(v.kind, p, w, h, radius);
    const border = cssColour(p.borderColor);
    if (border && p.borderWidth > 0) {
      const bw = p.borderWidth;
      ctx.strokeStyle = border;
      ctx.lineWidth = bw;
      roundRectPath(ctx, bw / 2, bw / 2, w - bw, h - bw, Math.max(0, radius - bw / 2));
      ctx.stroke();
    }

    const content = multiply(box, [1, 0, 0, 1, -bx, -by]);
    const clip = !!p.clipsToBounds;
    if (Array.isArray(v.displayList) && v.displayList.length) {
      // What draw(_:) drew lives in the layer's backing store, the size of the bounds when it drew.
      ctx.save();
      if (clip || stretched) this.clipTo(0, 0, w, h, clip ? radius : 0);
      if (!stretched) this.clipTo(rx, ry, rw, rh, 0);
      ctx.setTransform(...multiply(box, [rw / cw, 0, 0, rh / ch, rx - (bx * rw) / cw, ry - (by * rh) / ch]));
      this.drawDisplayList(v.displayList, sublayerPlan(v.props.animations, this.engineNow, v.displayList.length));
      ctx.restore();
    }
    if (clip) {
      ctx.save();
      ctx.setTransform(...box);
      roundRectPath(ctx, 0, 0, w, h, radius);
      ctx.clip();
    }
    for (const child of v.children) this.drawView(mirror, child, content, opacity);
    if (clip) ctx.restore();
  }

  clipTo(x, y, w, h, radius) {
    roundRectPath(this.ctx, x, y, w, h, radius);
    this.ctx.clip();
  }

  drawImagePlaceholder(name, w, h, radius) {
    const { ctx } = this;
    const [r, g, b] = placeholderColour(name);
    ctx.save();
    roundRectPath(ctx, 0, 0, w, h, radius);
    ctx.clip();
    ctx.fillStyle = `rgb(${r},${g},${b})`;
    ctx.fillRect(0, 0, w, h);
    // A little landscape: sun and two hills, so it reads as "a picture" and shows rotation.
    const s = Math.min(w, h);
    ctx.fillStyle = 'rgba(255,255,255,0.55)';
    ctx.beginPath();
    ctx.arc(w * 0.72, h * 0.3, s * 0.1, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = 'rgba(0,0,0,0.18)';
    ctx.beginPath();
    ctx.moveTo(0, h);
    ctx.lineTo(w * 0.35, h * 0.5);
    ctx.lineTo(w * 0.6, h * 0.78);
    ctx.lineTo(w * 0.78, h * 0.62);
    ctx.lineTo(w, h * 0.85);
    ctx.lineTo(w, h);
    ctx.closePath();
    ctx.fill();
    const size = Math.max(8, Math.min(18, s * 0.12));
    ctx.font = font(size, true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = 'rgba(255,255,255,0.92)';
    ctx.fillText(name, w / 2, h / 2, w * 0.9);
    ctx.restore();
  }

  drawLabelText(p, w, h) {
    const { ctx } = this;
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, w, h);
    ctx.clip();
    const { lines, size, align } = labelLayout(ctx, p, w, h);
    ctx.fillStyle = cssColour(p.textColor) || '#000';
    ctx.textBaseline = 'alphabetic';
    const dy = centreOffset(ctx);
    ctx.textAlign = align;
    const x = align === 'center' ? w / 2 : align === 'right' ? w : 0;
    const lh = size * 1.2;
    let y = h / 2 - ((lines.length - 1) * lh) / 2;
    for (const line of lines) {
      ctx.fillText(line, x, y + dy);
      y += lh;
    }
    ctx.restore();
  }

  drawControl(kind, p, w, h, radius) {
    const { ctx } = this;
    const c = p.control;
    const enabled = c.enabled !== false;
    ctx.save();
    const dim = enabled ? 1 : 0.4;
    const tint = cssColour(c.tint) || TINT;
    if (Array.isArray(c.segments)) {
      ctx.globalAlpha *= dim;
      this.drawSegments(c, w, h);
    } else if (c.stepper && typeof c.stepper === 'object') {
      ctx.globalAlpha *= dim;
      this.drawStepper(c.stepper, w, h);
    } else if (kind === 'UISlider' || (Number.isFinite(c.value) && kind !== 'UISwitch' && c.on === undefined)) {
      const min = Number.isFinite(c.minimumValue) ? c.minimumValue : 0;
      const max = Number.isFinite(c.maximumValue) ? c.maximumValue : 1;
      const f = max > min ? Math.min(1, Math.max(0, ((c.value ?? min) - min) / (max - min))) : 0;
      const knob = Math.min(h / 2, 14);
      const x0 = knob;
      const x1 = w - knob;
      const x = x0 + (x1 - x0) * f;
      ctx.globalAlpha *= dim;
      ctx.lineCap = 'round';
      ctx.lineWidth = 4;
      ctx.strokeStyle = 'rgba(120,120,128,0.3)';
      ctx.beginPath(); ctx.moveTo(x0, h / 2); ctx.lineTo(x1, h / 2); ctx.stroke();
      ctx.strokeStyle = tint;
      ctx.beginPath(); ctx.moveTo(x0, h / 2); ctx.lineTo(x, h / 2); ctx.stroke();
      ctx.fillStyle = c.highlighted ? '#e5e5ea' : '#fff';
      ctx.shadowColor = 'rgba(0,0,0,0.3)';
      ctx.shadowBlur = 4;
      ctx.shadowOffsetY = 1;
      ctx.beginPath(); ctx.arc(x, h / 2, knob, 0, Math.PI * 2); ctx.fill();
    } else if (kind === 'UISwitch' || typeof c.on === 'boolean') {
      const on = !!c.on;
      const pw = Math.min(w, 51);
      const ph = Math.min(h, 31);
      const ox = (w - pw) / 2;
      const oy = (h - ph) / 2;
      ctx.globalAlpha *= dim;
      ctx.fillStyle = on ? '#34c759' : 'rgba(120,120,128,0.32)';
      roundRectPath(ctx, ox, oy, pw, ph, ph / 2);
      ctx.fill();
      const r = ph / 2 - 2;
      ctx.fillStyle = '#fff';
      ctx.shadowColor = 'rgba(0,0,0,0.25)';
      ctx.shadowBlur = 3;
      ctx.beginPath();
      ctx.arc(on ? ox + pw - 2 - r : ox + 2 + r, oy + ph / 2, r, 0, Math.PI * 2);
      ctx.fill();
    } else {
      if (typeof c.title === 'string' && c.title && !(typeof p.text === 'string' && p.text)) {
        const size = Number.isFinite(p.fontSize) ? p.fontSize : 17;
        ctx.font = font(size, !!p.fontBold);
        ctx.textAlign = 'center';
        ctx.textBaseline = 'alphabetic';
        // The wire has no title colour: use the text colour, else the tint — or white on a dark
        // background, where a tint-coloured title would vanish.
        ctx.fillStyle = !enabled ? 'rgba(60,60,67,0.3)' : cssColour(p.textColor) || (luminance(p.backgroundColor) < 0.45 ? '#fff' : tint);
        if (c.highlighted) ctx.globalAlpha *= 0.35;
        ctx.fillText(c.title, w / 2, h / 2 + centreOffset(ctx), w);
        if (c.highlighted) ctx.globalAlpha /= 0.35;
      }
      if (c.highlighted) {
        ctx.fillStyle = 'rgba(0,0,0,0.12)';
        roundRectPath(ctx, 0, 0, w, h, radius);
        ctx.fill();
      }
      if (c.selected) {
        ctx.strokeStyle = tint;
        ctx.lineWidth = 2;
        roundRectPath(ctx, 1, 1, w - 2, h - 2, Math.max(0, radius - 1));
        ctx.stroke();
      }
    }
    ctx.restore();
  }

  /**
   * A segmented control (iOS 13 look): a grey track, the selected segment as a raised white pill, the
   * touched segment darkened, titles centred in equal segments, thin separators between unselected ones.
   */
  drawSegments(c, w, h) {
    const { ctx } = this;
    const n = c.segments.length;
    ctx.fillStyle = 'rgba(118,118,128,0.12)';
    roundRectPath(ctx, 0, 0, w, h, Math.min(9, h / 2));
    ctx.fill();
    if (n === 0) return;
    const sw = w / n;
    const selected = Number.isInteger(c.selectedSegment) ? c.selectedSegment : -1;
    const touched = Number.isInteger(c.highlightedSegment) ? c.highlightedSegment : -1;
    for (let i = 1; i < n; i++) {
      if (i === selected || i - 1 === selected) continue;
      ctx.fillStyle = 'rgba(60,60,67,0.3)';
      ctx.fillRect(i * sw - 0.5, h * 0.25, 1, h * 0.5);
    }
    if (selected >= 0 && selected < n) {
      ctx.save();
      ctx.shadowColor = 'rgba(0,0,0,0.15)';
      ctx.shadowBlur = 4;
      ctx.fillStyle = cssColour(c.tint) || '#fff';
      roundRectPath(ctx, selected * sw + 2, 2, sw - 4, h - 4, Math.min(7, h / 2 - 2));
      ctx.fill();
      ctx.restore();
    }
    if (touched >= 0 && touched < n) {
      ctx.fillStyle = 'rgba(0,0,0,0.08)';
      roundRectPath(ctx, touched * sw + 2, 2, sw - 4, h - 4, Math.min(7, h / 2 - 2));
      ctx.fill();
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    for (let i = 0; i < n; i++) {
      ctx.font = font(13, i === selected);
      ctx.fillStyle = '#000';
      ctx.fillText(String(c.segments[i]), i * sw + sw / 2, h / 2 + centreOffset(ctx), Math.max(0, sw - 8));
    }
  }

  /** A stepper (iOS 13 look): a grey pill split in two, − and + glyphs, a pressed half darkened, a half that cannot step dimmed. */
  drawStepper(s, w, h) {
    const { ctx } = this;
    ctx.fillStyle = 'rgba(118,118,128,0.12)';
    roundRectPath(ctx, 0, 0, w, h, Math.min(8, h / 2));
    ctx.fill();
    const half = w / 2;
    if (s.pressed === 'minus' || s.pressed === 'plus') {
      ctx.save();
      roundRectPath(ctx, 0, 0, w, h, Math.min(8, h / 2));
      ctx.clip();
      ctx.fillStyle = 'rgba(0,0,0,0.12)';
      ctx.fillRect(s.pressed === 'minus' ? 0 : half, 0, half, h);
      ctx.restore();
    }
    ctx.fillStyle = 'rgba(60,60,67,0.3)';
    ctx.fillRect(half - 0.5, h * 0.25, 1, h * 0.5);
    const arm = Math.min(7, h / 4);
    ctx.lineWidth = 2;
    ctx.lineCap = 'round';
    for (const [cx, enabled, plus] of [[half / 2, s.canDecrement !== false, false], [half + half / 2, s.canIncrement !== false, true]]) {
      ctx.strokeStyle = enabled ? '#000' : 'rgba(60,60,67,0.3)';
      ctx.beginPath();
      ctx.moveTo(cx - arm, h / 2); ctx.lineTo(cx + arm, h / 2);
      if (plus) { ctx.moveTo(cx, h / 2 - arm); ctx.lineTo(cx, h / 2 + arm); }
      ctx.stroke();
    }
  }

  /**
   * Runs `draw` with the layer's shadow set. Canvas shadow offsets and blur are in device pixels,
   * untouched by the transform, so they are scaled by the box matrix's scale here.
   */
  withShadow(shadow, box, draw) {
    const colour = shadow && typeof shadow === 'object' ? cssColour(shadow.color) : null;
    if (!colour || !(shadow.opacity > 0)) { draw(); return; }
    const { ctx } = this;
    const scale = Math.sqrt(Math.abs(box[0] * box[3] - box[1] * box[2])) || 1;
    const offset = Array.isArray(shadow.offset) ? shadow.offset : [0, 0];
    ctx.save();
    ctx.shadowColor = colour;
    ctx.globalAlpha *= Math.min(1, shadow.opacity) || 0;
    ctx.shadowBlur = (Number.isFinite(shadow.radius) ? shadow.radius : 3) * 2 * scale;
    ctx.shadowOffsetX = (Number(offset[0]) || 0) * scale;
    ctx.shadowOffsetY = (Number(offset[1]) || 0) * scale;
    draw();
    ctx.restore();
    ctx.save();
    ctx.shadowColor = 'transparent';
    draw();
    ctx.restore();
  }

  /** `plan` (sublayers.mjs): the animated sublayers' commands moved, faded or trimmed again. */
  drawDisplayList(list, plan = null) {
    const { ctx } = this;
    list.forEach((cmd, index) => {
      if (!cmd || typeof cmd !== 'object') return;
      const m = plan && plan.matrices[index];
      const alpha = plan ? plan.alphas[index] : 1;
      const changed = !!m || alpha !== 1;
      if (changed) {
        ctx.save();
        if (m) ctx.transform(...m);
        ctx.globalAlpha *= alpha;
      }
      this.drawCommand(cmd, plan && plan.paths.has(index) ? plan.paths.get(index) : cmd.path);
      if (changed) ctx.restore();
    });
  }

  drawCommand(cmd, path) {
    const { ctx } = this;
    if (cmd.cmd === 'stroke') {
      buildPath(ctx, path);
      ctx.strokeStyle = cssColour(cmd.color) || '#000';
      ctx.lineWidth = Number.isFinite(cmd.lineWidth) ? cmd.lineWidth : 1;
      ctx.lineCap = ['butt', 'round', 'square'].includes(cmd.lineCap) ? cmd.lineCap : 'butt';
      ctx.lineJoin = ['round', 'bevel'].includes(cmd.lineJoin) ? cmd.lineJoin : 'miter';
      ctx.stroke();
    } else if (cmd.cmd === 'fill') {
      buildPath(ctx, path);
      ctx.fillStyle = cssColour(cmd.color) || '#000';
      ctx.fill(cmd.rule === 'evenodd' ? 'evenodd' : 'nonzero');
    } else if (cmd.cmd === 'text' && Array.isArray(cmd.at)) {
      ctx.font = font(Number.isFinite(cmd.fontSize) ? cmd.fontSize : 17, false);
      ctx.fillStyle = cssColour(cmd.color) || '#000';
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.fillText(String(cmd.text ?? ''), cmd.at[0], cmd.at[1]);
    }
  }

  /** Outlines the views of the latest hit-test path (the hit view strongest) and the focused view. */
  drawHighlight(mirror, root, hl) {
    const { ctx } = this;
    const outline = (id, style) => {
      const m = mirror.boxMatrixOf(id);
      const v = mirror.views.get(id);
      if (!m || !v) return;
      const { bounds } = geometry(v.props);
      const full = multiply(root, m);
      const unit = Math.hypot(full[0], full[1]) / this.dpr || 1; // CSS px per view point
      ctx.setTransform(...full);
      roundRectPath(ctx, 0, 0, bounds[2], bounds[3], Number.isFinite(v.props.cornerRadius) ? v.props.cornerRadius : 0);
      if (style.fill) { ctx.fillStyle = style.fill; ctx.fill(); }
      ctx.setLineDash((style.dash || []).map((n) => n / unit));
      ctx.lineWidth = style.width / unit;
      ctx.strokeStyle = style.stroke;
      ctx.stroke();
      ctx.setLineDash([]);
    };
    ctx.globalAlpha = hl.fade ?? 1;
    for (const id of hl.ids || []) if (id !== hl.hit) outline(id, { stroke: 'rgba(255,149,0,0.8)', width: 1.5, dash: [6, 4] });
    if (hl.hit != null) outline(hl.hit, { stroke: 'rgba(255,59,48,0.95)', width: 2.5, fill: hl.hitFill ? 'rgba(255,59,48,0.08)' : null });
    ctx.globalAlpha = 1;
    if (hl.focus != null) outline(hl.focus, { stroke: 'rgba(175,82,222,0.95)', width: 3, fill: 'rgba(175,82,222,0.12)' });
    ctx.setTransform(...root);
  }

  /** Touches as the server reported them (responder log): number, phase, tapCount. */
  drawTouches(touches, dark) {
    const { ctx } = this;
    for (const t of touches) {
      const [x, y] = t.location;
      ctx.globalAlpha = t.fade ?? 1;
      const colour = t.phase === 'cancelled' ? '#ff9500' : t.phase === 'ended' ? '#8e8e93' : '#0a84ff';
      if (!t.attached) {
        ctx.beginPath();
        ctx.arc(x, y, 6, 0, Math.PI * 2);
        ctx.fillStyle = colour;
        ctx.fill();
      }
      // A finger still down whose view got touchesCancelled: a recognizer took the touch over.
      const phase = t.phase === 'cancelled' && t.attached ? 'taken by a recognizer' : t.phase;
      const label = t.phase === 'hit' ? `${t.id}` : `${t.id} · ${phase} · tap ${t.tapCount ?? 1}`;
      ctx.font = font(12, true);
      const tw = ctx.measureText(label).width + 12;
      // Odd touches label above the finger, even ones below: two fingers side by side stay readable.
      const above = t.id % 2 === 1;
      const ly = above ? y - (t.attached ? 62 : 40) : y + (t.attached ? 44 : 22);
      ctx.fillStyle = dark ? 'rgba(28,28,30,0.88)' : 'rgba(255,255,255,0.92)';
      roundRectPath(ctx, x - tw / 2, ly, tw, 18, 9);
      ctx.fill();
      ctx.strokeStyle = colour;
      ctx.lineWidth = 1.25;
      ctx.stroke();
      ctx.fillStyle = dark ? '#fff' : '#000';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(label, x, ly + 9);
    }
    ctx.globalAlpha = 1;
  }

  /** Fingers on this page: real contacts, virtual (Alt/Shift) fingers, and ghost previews. */
  drawFingers(fingers, dark) {
    const { ctx } = this;
    for (const f of fingers) {
      const r = Math.max(18, Math.min(40, (f.size || 0) / 2 + 14));
      ctx.beginPath();
      ctx.arc(f.x, f.y, r, 0, Math.PI * 2);
      if (f.ghost) {
        ctx.setLineDash([4, 4]);
        ctx.strokeStyle = dark ? 'rgba(255,255,255,0.6)' : 'rgba(0,0,0,0.45)';
        ctx.lineWidth = 1.5;
        ctx.stroke();
        ctx.setLineDash([]);
        continue;
      }
      ctx.fillStyle = f.virtual ? 'rgba(88,86,214,0.25)' : 'rgba(10,132,255,0.22)';
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = f.virtual ? 'rgba(88,86,214,0.9)' : 'rgba(10,132,255,0.9)';
      if (f.virtual) ctx.setLineDash([5, 3]);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }
}
