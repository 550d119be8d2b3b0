// The inspector panel open or closed: the sheet on phones or the side panel (sheet.mjs), its toggle
// and close buttons and the `i` key; the choice is remembered (localStorage), and `?panel=open|closed`
// overrides it. Closed by default on phones (either way up) and in sheet layout, open on wider screens. The full
// detent's miniature of the scene is a button back to the half detent.

import { Sheet, SHEET_QUERY, PHONE_QUERY } from './sheet.mjs';

const $ = (sel) => document.querySelector(sel);
const STORAGE_KEY = 'touchbridge.panel';

export class Panel {
  /**
   * @param {object} o
   * @param {HTMLElement} o.app          gets `panel-open` / `panel-closed`
   * @param {string|null} o.wanted       `?panel=`: 'open' or 'closed', or null for the remembered choice
   * @param {() => void} o.onChange      the scene's space changed (repaint)
   */
  constructor({ app, wanted, onChange }) {
    this.app = app;
    this.onChange = onChange;
    this.sheet = new Sheet({
      app,
      grab: $('#sheet-grab'),
      handles: [$('#sheet-grab'), $('#panel-head')],
      opener: $('#panel-toggle'),
      onOpenChange: (open) => this.set(open),
    });
    let stored = null;
    try { stored = localStorage.getItem(STORAGE_KEY); } catch { /* private mode */ }
    const choice = wanted || stored;
    const compact = window.matchMedia(SHEET_QUERY).matches || window.matchMedia(PHONE_QUERY).matches;
    this.set(choice ? choice === 'open' : !compact, false);
    $('#panel-toggle').addEventListener('click', () => this.set(true));
    $('#panel-close').addEventListener('click', () => this.set(false));
    $('#scene-cover').addEventListener('click', () => this.sheet.setDetent('half'));
    window.addEventListener('keydown', (e) => {
      if (e.key === 'i' && !e.altKey && !e.ctrlKey && !e.metaKey && !/^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) this.set(!this.open);
    });
  }

  get open() { return this.app.classList.contains('panel-open'); }

  /** Opens or closes the panel; `remember`: keep the choice for the next visit. */
  set(open, remember = true) {
    this.sheet.setOpen(open);
    this.app.classList.toggle('panel-open', open);
    this.app.classList.toggle('panel-closed', !open);
    $('#panel-toggle').setAttribute('aria-expanded', String(open));
    if (remember) try { localStorage.setItem(STORAGE_KEY, open ? 'open' : 'closed'); } catch { /* private mode */ }
    this.onChange();
  }
}
