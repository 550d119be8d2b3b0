// The viewport the page reports (`hello.viewport`, `resize`; docs/protocol.md): the scene surface's
// size in points, its scale and safe area, clamped to the session's limits and rounded to 1/1000.

import { safeAreaOf } from './safearea.mjs';

const round3 = (n) => Math.round(n * 1000) / 1000;

/**
 * The scene surface as the browser lays it out now (CSS px): what `viewportOf` makes a viewport of.
 * `layoutRect` maps the surface's rectangle to the area the scene is laid out for (the sheet's full
 * detent lays it out for more than the strip it is drawn in, sheet.mjs).
 */
export function measure(surface, layoutRect = (r) => r) {
  const r = layoutRect(surface.getBoundingClientRect());
  return {
    width: r.width, height: r.height,
    fallbackWidth: window.innerWidth, fallbackHeight: window.innerHeight,
    scale: window.devicePixelRatio, safeArea: safeAreaOf(r),
  };
}

/**
 * The viewport to send for a measured surface: a surface not laid out yet (no size) takes the
 * window's; sizes stay within 1 … `limits.maxViewportPoints`, the scale within 0.1 … `limits.maxViewportScale`.
 */
export function viewportOf({ width, height, fallbackWidth, fallbackHeight, scale, safeArea }, limits) {
  const max = limits.maxViewportPoints || 8192;
  const clamp = (v, fallback) => Math.min(max, Math.max(1, round3(v > 0 ? v : fallback)));
  const s = Math.min(limits.maxViewportScale || 16, Math.max(0.1, scale || 1));
  return { width: clamp(width, fallbackWidth), height: clamp(height, fallbackHeight), scale: round3(s), safeArea };
}

/** Whether two viewports are the same (no `resize` needed). */
export const sameViewport = (a, b) => !!a && !!b && a.width === b.width && a.height === b.height && a.scale === b.scale
  && ['top', 'left', 'bottom', 'right'].every((k) => a.safeArea[k] === b.safeArea[k]);
