// The view under a window point, as drawn (the mirror's geometry, transforms included): the deepest
// visible view whose box contains the point, front-most sibling first, like hitTest(_:with:) without
// the interaction flags (UIKIT-HIT-FRONT-FIRST in docs/uikit-rules.md).

import { invert, applyPoint, geometry } from './mirror.mjs';

export function viewAt(mirror, x, y) {
  const visit = (id) => {
    const v = mirror.views.get(id);
    if (!v || v.props.hidden || v.props.alpha === 0) return null;
    const box = mirror.boxMatrixOf(id);
    const inv = box && invert(box);
    if (!inv) return null;
    const [, , w, h] = geometry(v.props).bounds;
    const [lx, ly] = applyPoint(inv, x, y);
    const inside = lx >= 0 && ly >= 0 && lx <= w && ly <= h;
    if (!inside && v.props.clipsToBounds) return null;
    for (let i = v.children.length - 1; i >= 0; i -= 1) {
      const hit = visit(v.children[i]);
      if (hit) return hit;
    }
    return inside ? v : null;
  };
  for (let i = mirror.windows.length - 1; i >= 0; i -= 1) {
    const hit = visit(mirror.windows[i]);
    if (hit) return hit;
  }
  return null;
}

/** The centre of a view's box in window points. */
export function centreOf(mirror, view) {
  const box = mirror.boxMatrixOf(view.id);
  const [, , w, h] = geometry(view.props).bounds;
  return applyPoint(box, w / 2, h / 2);
}
