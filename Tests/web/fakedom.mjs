// A small stand-in for the browser's DOM, enough for the page's panels (web/stepper.mjs, exporttest.mjs,
// whatif.mjs, inspector.mjs) to run under Node: elements keep what is set on them and their children,
// and their listeners, so a test can click a button or change a select and see what the panel sends.
// Anything an element is asked for that this file does not model is a no-op method (or undefined when
// read as a value by `in`), so a panel's drawing code runs without a layout engine.

class FakeClassList {
  constructor() { this.names = new Set(); }
  add(...names) { names.forEach((n) => this.names.add(n)); }
  remove(...names) { names.forEach((n) => this.names.delete(n)); }
  toggle(name, force) {
    const on = force ?? !this.names.has(name);
    if (on) this.names.add(name); else this.names.delete(name);
    return on;
  }
  contains(name) { return this.names.has(name); }
}

export class FakeElement {
  constructor(tag = 'div', selector = '') {
    Object.assign(this, {
      tagName: tag.toUpperCase(), selector, children: [], listeners: {}, classList: new FakeClassList(), dataset: {}, style: {},
      attributes: {}, hidden: false, disabled: false, open: false, value: '', textContent: '', className: '', parentNode: null,
      scrollTop: 0, scrollHeight: 0, clientHeight: 0, files: [], found: null,
    });
    return new Proxy(this, {
      get(target, key, receiver) {
        if (key in target || typeof key === 'symbol') return Reflect.get(target, key, receiver);
        // Methods the page calls that nothing here needs (focus, scrollIntoView, getContext…): a no-op.
        return () => undefined;
      },
    });
  }

  addEventListener(type, listener) { (this.listeners[type] ??= []).push(listener); }
  removeEventListener(type, listener) { this.listeners[type] = (this.listeners[type] ?? []).filter((l) => l !== listener); }
  /** Runs the listeners of `type` with an event carrying `extra`. */
  dispatch(type, extra = {}) {
    const event = { type, target: this, preventDefault() {}, stopPropagation() {}, ...extra };
    for (const listener of this.listeners[type] ?? []) listener(event);
  }
  click() { this.dispatch('click'); }
  append(...nodes) { for (const node of nodes) this.appendChild(typeof node === 'string' ? Object.assign(new FakeElement('#text'), { textContent: node }) : node); }
  appendChild(node) { node.parentNode = this; this.children.push(node); return node; }
  prepend(...nodes) { this.children.unshift(...nodes); }
  replaceChildren(...nodes) { this.children = []; this.append(...nodes); }
  remove() { if (this.parentNode) this.parentNode.children = this.parentNode.children.filter((c) => c !== this); }
  get firstChild() { return this.children[0] ?? null; }
  get lastChild() { return this.children.at(-1) ?? null; }
  get childElementCount() { return this.children.length; }
  get options() { return this.children; }
  setAttribute(name, value) { this.attributes[name] = String(value); }
  getAttribute(name) { return this.attributes[name] ?? null; }
  closest() { return null; }
  /** One element per selector, made on first ask (the page looks up parts of rows it built). */
  querySelector(selector) { return (this.found ??= new Map()).get(selector) ?? this.found.set(selector, new FakeElement('div', selector)).get(selector); }
  querySelectorAll() { return []; }
  getBoundingClientRect() { return { left: 0, top: 0, width: 0, height: 0, right: 0, bottom: 0 }; }
}

/**
 * Installs the stand-in as the globals the page's modules use; returns the document, whose
 * `element(selector)` is the element a `querySelector(selector)` answered.
 */
export function installFakeDom() {
  const bySelector = new Map();
  const document = {
    documentElement: new FakeElement('html'),
    body: new FakeElement('body'),
    listeners: {},
    querySelector(selector) {
      if (!bySelector.has(selector)) bySelector.set(selector, new FakeElement('div', selector));
      return bySelector.get(selector);
    },
    querySelectorAll() { return []; },
    createElement: (tag) => new FakeElement(tag),
    createDocumentFragment: () => new FakeElement('#fragment'),
    createTextNode: (text) => Object.assign(new FakeElement('#text'), { textContent: text }),
    addEventListener(type, listener) { (this.listeners[type] ??= []).push(listener); },
    element(selector) { return this.querySelector(selector); },
  };
  globalThis.document = document;
  globalThis.window = {
    addEventListener() {}, removeEventListener() {}, devicePixelRatio: 1, location: { href: 'http://127.0.0.1:8080/?token=abc' },
    // A computer's pointer: no media query matches (share.mjs shows the LAN code only off touch devices).
    matchMedia: (query) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }),
    prompt() {},
  };
  globalThis.getComputedStyle = () => ({ getPropertyValue: () => '' });
  globalThis.Option = function Option(text = '', value = '') { return Object.assign(new FakeElement('option'), { textContent: text, value }); };
  globalThis.requestAnimationFrame = () => 0;
  globalThis.ResizeObserver = class { observe() {} disconnect() {} };
  if (!globalThis.navigator?.clipboard) {
    Object.defineProperty(globalThis, 'navigator', { value: { clipboard: { writeText: async () => {} } }, configurable: true });
  }
  return document;
}
