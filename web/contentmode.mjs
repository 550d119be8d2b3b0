// UIView.contentMode (UIKIT-VIEW-CONTENT-MODE): where a view's content — an image view's image, or what draw(_:)
// drew at the size `contentSize` it had then — lies in its bounds. The render sends `contentMode` (absent:
// scaleToFill) and `contentSize` (absent: the bounds' size, the content fills them).

/**
 * The content's rectangle [x, y, w, h] in a box of w × h points for `mode`, for content of cw × ch points:
 * stretched (scaleToFill, redraw), scaled keeping its aspect ratio to fit inside or to cover the box, or unscaled
 * against an edge, a corner or the middle.
 */
export function contentRect(mode, cw, ch, w, h) {
  if (!(cw > 0 && ch > 0)) return [0, 0, w, h];
  const place = (sw, sh) => {
    const x = { left: 0, topLeft: 0, bottomLeft: 0, right: w - sw, topRight: w - sw, bottomRight: w - sw }[mode] ?? (w - sw) / 2;
    const y = { top: 0, topLeft: 0, topRight: 0, bottom: h - sh, bottomLeft: h - sh, bottomRight: h - sh }[mode] ?? (h - sh) / 2;
    return [x, y, sw, sh];
  };
  switch (mode) {
    case 'scaleAspectFit': { const s = Math.min(w / cw, h / ch); return place(cw * s, ch * s); }
    case 'scaleAspectFill': { const s = Math.max(w / cw, h / ch); return place(cw * s, ch * s); }
    case 'center': case 'top': case 'bottom': case 'left': case 'right':
    case 'topLeft': case 'topRight': case 'bottomLeft': case 'bottomRight': return place(cw, ch);
    default: return [0, 0, w, h];
  }
}

/** The content's size from a view's props: `contentSize` when sent, else the bounds' size. */
export function contentSizeOf(p, w, h) {
  const s = p.contentSize;
  return Array.isArray(s) && s.length === 2 && s.every((n) => Number.isFinite(n) && n > 0) ? s : [w, h];
}
