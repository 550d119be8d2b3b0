// What the page draws over the scene: fingers, the server's touches (fading once they end), the
// hit-test path (fading once the fingers lift) and a focused view. Pure functions of the page's
// state and the time, so they are tested without a browser.

import { IDENTITY, geometry } from './mirror.mjs';

export const TOUCH_FADE_MS = 700;
export const HIGHLIGHT_FADE_MS = 2000;
export const FOCUS_MS = 2500;

/**
 * The overlay at `now`: `fingers` as the page draws them, `reported`: the touches as the server
 * reported them (touch number → {phase, location, at}; ended ones that have faded are removed),
 * `hit` ({path, at, lastBusy}) and `focus` ({name, at}). `animating` says whether it still changes
 * with time alone (a fade running).
 */
export function overlayFor({ mirror, fingers, reported, hit, focus, now }) {
  const byTouch = new Map(fingers.filter((f) => f.touch).map((f) => [f.touch, f]));
  // Server touches: under this page's fingers when they are ours, else where the server last saw them
  // (observers), fading out once they ended or were cancelled.
  const touches = [];
  let live = 0;
  let fading = 0;
  for (const [id, t] of reported) {
    const over = t.phase === 'ended' || t.phase === 'cancelled';
    const finger = byTouch.get(id);
    // A frame's time is when the frame began, so a message received during it is "younger" than the frame:
    // its age counts from zero, never below (a fade above 1 would stop the frames with the touch still drawn).
    const age = Math.max(0, now - t.at);
    if (!finger && over && age > TOUCH_FADE_MS) { reported.delete(id); continue; }
    if (!over) live += 1;
    else if (!finger) fading += 1;
    if (finger) touches.push({ ...t, location: [finger.x, finger.y], attached: true, fade: 1 });
    else if (t.location) touches.push({ ...t, fade: over ? 1 - age / TOUCH_FADE_MS : 1 });
  }
  // Hit-test path: full while fingers are down, then fading.
  let highlight = null;
  const busy = live > 0 || byTouch.size > 0 || fingers.some((f) => !f.ghost);
  if (busy) hit.lastBusy = now;
  const sinceBusy = Math.max(0, now - (hit.lastBusy || hit.at || 0));
  // The path's views, but not the window and full-screen containers (outlining the whole screen says nothing).
  const ext = mirror.windowsExtent();
  const screenArea = ext.width * ext.height;
  const ids = hit.path.map((name) => mirror.byName(name)).filter((v, i, all) => {
    if (!v) return false;
    if (i === all.length - 1) return true;
    const [, , w, h] = geometry(v.props).bounds;
    return v.parent !== null && w * h < screenArea * 0.9;
  }).map((v) => v.id);
  const hitFade = busy ? 1 : Math.max(0, 1 - sinceBusy / HIGHLIGHT_FADE_MS);
  const focusOn = !!focus.name && now - focus.at < FOCUS_MS;
  if ((ids.length && hitFade > 0) || focusOn) {
    highlight = {
      ids: hitFade > 0 ? ids : [],
      hit: hitFade > 0 && ids.length ? ids[ids.length - 1] : null,
      hitFill: ids.length > 0 && (() => {
        const v = mirror.views.get(ids[ids.length - 1]);
        const [, , w, h] = geometry(v.props).bounds;
        return w * h < screenArea * 0.9;
      })(),
      fade: hitFade,
      focus: focusOn ? mirror.byName(focus.name)?.id ?? null : null,
    };
  }
  // Ended touches still listed and a highlight fading after the lift need further frames until they are gone.
  const animating = fading > 0 || (ids.length > 0 && !busy && hitFade > 0) || focusOn;
  return { fingers, touches, highlight, animating };
}

/** The matrix that fits the windows' extent into a width × height area (at most 2×), centred. */
export function fitScene(extent, width, height) {
  if (!extent.width || !extent.height || !width || height <= 0) return IDENTITY;
  const s = Math.min(2, width / extent.width, height / extent.height);
  return [s, 0, 0, s, (width - extent.width * s) / 2, (height - extent.height * s) / 2];
}
