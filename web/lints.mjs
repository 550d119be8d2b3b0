// The scene's lints (docs/margins-and-lints.md): conflicts in its recognizer graph found before the first
// touch, as the server sends them in `welcome`, full renders and the answer to each `act`.

const ORDER = { error: 0, warning: 1, info: 2 };

export class LintPanel {
  /** @param {HTMLElement} list  the `<ul>`; @param {HTMLElement} count  its summary's counter */
  constructor(list, count) {
    this.list = list;
    this.count = count;
    this.lints = [];
  }

  /** Replaces the lints shown; anything not an array means none. */
  set(lints) {
    this.lints = (Array.isArray(lints) ? lints : []).filter((l) => l && typeof l.id === 'string' && typeof l.message === 'string');
    this.lints.sort((a, b) => (ORDER[a.severity] ?? 3) - (ORDER[b.severity] ?? 3));
    this.render();
  }

  render() {
    const items = this.lints.map((lint) => {
      const li = document.createElement('li');
      li.dataset.severity = String(lint.severity);
      li.dataset.id = lint.id;
      const head = document.createElement('div');
      head.className = 'lint-head';
      const sev = document.createElement('span');
      sev.className = 'lint-severity';
      sev.textContent = String(lint.severity);
      const id = document.createElement('span');
      id.className = 'lint-id';
      id.textContent = `${lint.id} ${lint.name ?? ''}`;
      const rule = document.createElement('span');
      rule.className = 'lint-rule';
      rule.textContent = String(lint.rule ?? '');
      head.append(sev, id, rule);
      const message = document.createElement('div');
      message.className = 'lint-message';
      message.textContent = lint.message;
      const fix = document.createElement('div');
      fix.className = 'lint-fix';
      fix.textContent = `fix: ${lint.fix ?? ''}`;
      li.append(head, message, fix);
      return li;
    });
    if (!items.length) {
      const li = document.createElement('li');
      li.className = 'muted';
      li.textContent = 'No lints: nothing in this scene\u2019s recognizer graph conflicts.';
      items.push(li);
    }
    this.list.replaceChildren(...items);
    const worst = this.lints[0]?.severity;
    this.count.textContent = this.lints.length ? `(${this.lints.length})` : '';
    this.count.dataset.severity = worst ?? 'none';
  }
}
