// The banner over the scene: connection problems, errors the server sent, notices. A connection
// problem outranks a passing error message; errors can be closed, connection problems cannot.

export class Banner {
  /** @param {HTMLElement} el  the banner, holding #banner-text, #banner-action and #banner-close */
  constructor(el) {
    this.el = el;
    this.text = el.querySelector('#banner-text');
    this.action = el.querySelector('#banner-action');
    this.close = el.querySelector('#banner-close');
    this.source = null;
    this.timer = 0;
    this.close.addEventListener('click', () => this.hide());
  }

  show(source, text, { level = 'error', action = null, timeout = 0 } = {}) {
    if (this.source === 'connection' && source === 'error' && !this.el.hidden) return;
    clearTimeout(this.timer);
    this.source = source;
    this.el.dataset.level = level;
    this.text.textContent = text;
    this.action.hidden = !action;
    if (action) {
      this.action.textContent = action.label;
      this.action.onclick = action.run;
    }
    this.close.hidden = source !== 'error';
    this.el.hidden = false;
    if (timeout) this.timer = setTimeout(() => this.hide(source), timeout);
  }

  hide(source) {
    if (source && this.source !== source) return;
    clearTimeout(this.timer);
    this.el.hidden = true;
    this.source = null;
  }
}
