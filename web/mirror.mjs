// The page's copy of the server's view tree, built from `render` messages (docs/protocol.md §5.2, §6).
// Pure data + affine geometry: no DOM, no canvas.

export const DEFAULT_PROPS = Object.freeze({
  center: [0, 0],
  bounds: [0, 0, 0, 0],
  transform: [1, 0, 0, 1, 0, 0],
  anchorPoint: [0.5, 0.5],
  alpha: 1,
  hidden: false,
  userInteractionEnabled: true,
  clipsToBounds: false,
  backgroundColor: null,
  cornerRadius: 0,
  borderWidth: 0,
  borderColor: null,
  text: null,
  textColor: null,
  fontSize: null,
  fontBold: null,
  textAlignment: null,
  image: null,
  control: null,
  animations: [],
  shadow: null,
});

// ---- affine transforms, CoreGraphics order [a, b, c, d, tx, ty] ----

export const IDENTITY = Object.freeze([1, 0, 0, 1, 0, 0]);

/** m · n : apply n first, then m (the canvas `ctx.transform` composition order). */
export function multiply(m, n) {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export function translate(m, x, y) { return multiply(m, [1, 0, 0, 1, x, y]); }

export function scale(m, s) { return multiply(m, [s, 0, 0, s, 0, 0]); }

export function applyPoint(m, x, y) { return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]; }

export function invert(m) {
  const det = m[0] * m[3] - m[1] * m[2];
  if (!det) return null;
  const [a, b, c, d, e, f] = m;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

function finiteArray(value, length) {
  return Array.isArray(value) && value.length === length && value.every((n) => Number.isFinite(n));
}

/** The props a view has with null / malformed values replaced by their defaults where they are not nullable. */
export function geometry(props) {
  return {
    center: finiteArray(props.center, 2) ? props.center : DEFAULT_PROPS.center,
    bounds: finiteArray(props.bounds, 4) ? props.bounds : DEFAULT_PROPS.bounds,
    transform: finiteArray(props.transform, 6) ? props.transform : DEFAULT_PROPS.transform,
    anchorPoint: finiteArray(props.anchorPoint, 2) ? props.anchorPoint : DEFAULT_PROPS.anchorPoint,
  };
}

/**
 * Matrix mapping the view's box (0,0,w,h) into its superview's coordinate system, given the parent's content
 * matrix: the anchor point (a unit point of the box) sits at `center` and the transform turns about it
 * (UIKIT-LAYER-ANCHOR-POINT in docs/uikit-rules.md).
 */
export function boxMatrix(parentContent, props) {
  const { center, bounds, transform, anchorPoint } = geometry(props);
  let m = translate(parentContent, center[0], center[1]);
  m = multiply(m, transform);
  return translate(m, -anchorPoint[0] * bounds[2], -anchorPoint[1] * bounds[3]);
}

/** Matrix of the view's own coordinate system (its subviews and display list), from its box matrix. */
export function contentMatrix(box, props) {
  const { bounds } = geometry(props);
  return translate(box, -bounds[0], -bounds[1]);
}

export class Mirror {
  constructor() {
    this.reset();
  }

  reset(scene = null) {
    /** @type {Map<number, {id:number, kind:string, name:string, parent:number|null, children:number[], props:object, displayList:any[]|null}>} */
    this.views = new Map();
    /** Window ids, back-most first. */
    this.windows = [];
    this.scene = scene;
    this.version = (this.version || 0) + 1;
  }

  /**
   * Applies one `render` message. Returns `{ok, problems}`; problems (an op naming an unknown view, a
   * duplicate create) mean the mirror lost track and the caller should send `resync`.
   */
  apply(message) {
    const problems = [];
    if (message.full) this.reset(typeof message.scene === 'string' ? message.scene : this.scene);
    for (const op of Array.isArray(message.ops) ? message.ops : []) {
      try {
        this.applyOp(op, problems);
      } catch (err) {
        problems.push(`${op && op.op} ${op && op.id}: ${err.message}`);
      }
    }
    this.version += 1;
    return { ok: problems.length === 0, problems };
  }

  applyOp(op, problems) {
    switch (op.op) {
      case 'create': {
        if (this.views.has(op.id)) {
          problems.push(`create: view ${op.id} already exists`);
          this.detach(op.id);
          this.removeSubtree(op.id);
        }
        const node = {
          id: op.id,
          kind: String(op.kind ?? 'UIView'),
          name: String(op.name ?? `view#${op.id}`),
          parent: op.parent ?? null,
          children: [],
          props: { ...DEFAULT_PROPS, ...(op.props || {}) },
          displayList: null,
        };
        this.views.set(op.id, node);
        this.insert(op.id, node.parent, op.index, problems);
        break;
      }
      case 'remove':
        if (!this.views.has(op.id)) { problems.push(`remove: unknown view ${op.id}`); break; }
        this.detach(op.id);
        this.removeSubtree(op.id);
        break;
      case 'move': {
        const node = this.views.get(op.id);
        if (!node) { problems.push(`move: unknown view ${op.id}`); break; }
        this.detach(op.id);
        node.parent = op.parent ?? null;
        this.insert(op.id, node.parent, op.index, problems);
        break;
      }
      case 'set': {
        const node = this.views.get(op.id);
        if (!node) { problems.push(`set: unknown view ${op.id}`); break; }
        Object.assign(node.props, op.props || {});
        break;
      }
      case 'display': {
        const node = this.views.get(op.id);
        if (!node) { problems.push(`display: unknown view ${op.id}`); break; }
        node.displayList = Array.isArray(op.displayList) ? op.displayList : null;
        break;
      }
      default:
        // Unknown ops are ignored (v1 is additive-compatible).
        break;
    }
  }

  insert(id, parent, index, problems) {
    let list;
    if (parent === null || parent === undefined) {
      list = this.windows;
    } else {
      const p = this.views.get(parent);
      if (!p) {
        problems.push(`view ${id}: unknown parent ${parent}`);
        this.views.get(id).parent = null;
        list = this.windows;
      } else {
        list = p.children;
      }
    }
    const i = Math.min(Math.max(Number.isInteger(index) ? index : list.length, 0), list.length);
    list.splice(i, 0, id);
  }

  detach(id) {
    const node = this.views.get(id);
    if (!node) return;
    const list = node.parent === null ? this.windows : this.views.get(node.parent)?.children;
    if (!list) return;
    const i = list.indexOf(id);
    if (i >= 0) list.splice(i, 1);
  }

  removeSubtree(id) {
    const node = this.views.get(id);
    if (!node) return;
    this.views.delete(id);
    for (const child of node.children) this.removeSubtree(child);
  }

  /** The first view with that trace name (names are what the event log uses). */
  byName(name) {
    for (const v of this.views.values()) if (v.name === name) return v;
    return null;
  }

  /** Window-point matrix of the view's box, or null when the view or an ancestor is missing. */
  boxMatrixOf(id) {
    const chain = [];
    let node = this.views.get(id);
    if (!node) return null;
    while (node) {
      chain.push(node);
      if (node.parent === null) break;
      node = this.views.get(node.parent);
      if (!node) return null;
    }
    let content = IDENTITY;
    let box = IDENTITY;
    for (let i = chain.length - 1; i >= 0; i -= 1) {
      box = boxMatrix(content, chain[i].props);
      content = contentMatrix(box, chain[i].props);
    }
    return box;
  }

  /** Whether the view would be drawn (not hidden, non-zero alpha, all the way up). */
  isVisible(id) {
    let node = this.views.get(id);
    while (node) {
      if (node.props.hidden || node.props.alpha === 0) return false;
      if (node.parent === null) return true;
      node = this.views.get(node.parent);
    }
    return false;
  }

  /** The union of the windows' frames (what a device's viewport was), for scaling an observer's picture. */
  windowsExtent() {
    let w = 0;
    let h = 0;
    for (const id of this.windows) {
      const v = this.views.get(id);
      if (!v) continue;
      const { center, bounds, anchorPoint } = geometry(v.props);
      w = Math.max(w, center[0] + (1 - anchorPoint[0]) * bounds[2]);
      h = Math.max(h, center[1] + (1 - anchorPoint[1]) * bounds[3]);
    }
    return { width: w, height: h };
  }

  /** Plain-data copy for tests and debugging. */
  snapshot() {
    const views = {};
    for (const [id, v] of this.views) {
      views[id] = { id, kind: v.kind, name: v.name, parent: v.parent, children: [...v.children], props: v.props, displayList: v.displayList };
    }
    return { scene: this.scene, windows: [...this.windows], views };
  }
}
