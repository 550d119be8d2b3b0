// Another screen on the session: the link observers open (`?watch=<session>`) with its Copy button,
// the "on your network" address as a QR code for opening the page on a phone (not on a touch device), and
// an observer's badge and title.

const $ = (sel) => document.querySelector(sel);

/** The page's address watching `session` (with the access token, if the page has one). */
export function watchURL(href, session) {
  const url = new URL(href);
  const token = url.searchParams.get('token');
  url.search = '';
  url.hash = '';
  url.searchParams.set('watch', session);
  if (token) url.searchParams.set('token', token);
  return url.href;
}

export class Share {
  /**
   * @param {object} o
   * @param {'device'|'observer'} o.role
   * @param {string|null} o.watch   the session an observer watches
   */
  constructor({ role, watch }) {
    this.role = role;
    this.watch = watch;
    $('#watch-copy').addEventListener('click', async () => {
      const href = $('#watch-link').href;
      try {
        await navigator.clipboard.writeText(href);
        $('#watch-copy').textContent = 'Copied';
      } catch {
        window.prompt('Open this on another screen:', href);
      }
      setTimeout(() => { $('#watch-copy').textContent = 'Copy'; }, 1500);
    });
    if (role === 'observer') {
      $('#app').dataset.role = 'observer';
      $('#watch-badge').hidden = false;
      document.title = 'TouchBridge · watching';
    }
  }

  /** A session was joined: its watch link, and the LAN address the server offers. */
  welcomed(w) {
    if (this.role === 'device' && w.session) {
      const link = $('#watch-link');
      link.href = watchURL(window.location.href, w.session);
      link.textContent = `…?watch=${w.session.slice(0, 8)}…`;
      link.title = link.href;
    }
    if (this.role === 'observer') $('#watch-session').textContent = this.watch;
    this.showLan(w.lan);
  }

  /**
   * The "on your network" address as a QR code, for opening the page on a phone — from a computer:
   * on a touch device (the phone itself, a tablet) there is nothing to scan it with.
   */
  showLan(lan) {
    const box = $('#lan');
    const size = lan?.qr?.size;
    const touchDevice = window.matchMedia('(hover: none) and (pointer: coarse)').matches;
    const ok = this.role === 'device' && !touchDevice && typeof lan?.url === 'string' && Number.isInteger(size) && size > 0
      && typeof lan.qr.path === 'string';
    box.hidden = !ok;
    if (!ok) return;
    const quiet = 4; // the QR code's quiet zone, in modules
    $('#lan-qr').setAttribute('viewBox', `${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`);
    $('#lan-qr-path').setAttribute('d', lan.qr.path);
    const link = $('#lan-url');
    link.href = lan.url;
    link.textContent = lan.url;
  }
}
