// Remote-control commands (docs/protocol.md §4.5) from on-screen media buttons, keyboard media keys
// and Media Session action handlers.

export const REMOTE_COMMANDS = [
  'play', 'pause', 'stop', 'togglePlayPause', 'nextTrack', 'previousTrack',
  'beginSeekingBackward', 'endSeekingBackward', 'beginSeekingForward', 'endSeekingForward',
];

const KEYS = {
  MediaPlayPause: 'togglePlayPause',
  MediaPlay: 'play',
  MediaPause: 'pause',
  MediaStop: 'stop',
  MediaTrackNext: 'nextTrack',
  MediaTrackPrevious: 'previousTrack',
};
const HOLD_KEYS = { MediaFastForward: 'Forward', MediaRewind: 'Backward' };

/**
 * @param {object} o
 * @param {(command: string) => void} o.send
 * @param {ParentNode} o.root  contains buttons with data-remote="command" or data-seek="Forward|Backward"
 * @param {() => boolean} o.enabled
 */
export function installRemote({ send, root, enabled }) {
  const fire = (command) => { if (enabled()) send(command); };

  for (const button of root.querySelectorAll('[data-remote]')) {
    button.addEventListener('click', () => fire(button.dataset.remote));
  }
  for (const button of root.querySelectorAll('[data-seek]')) {
    const dir = button.dataset.seek;
    let held = false;
    const end = () => { if (held) { held = false; button.classList.remove('held'); fire(`endSeeking${dir}`); } };
    button.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      if (held) return;
      held = true;
      button.classList.add('held');
      try { button.setPointerCapture(e.pointerId); } catch { /* ignore */ }
      fire(`beginSeeking${dir}`);
    });
    button.addEventListener('pointerup', end);
    button.addEventListener('pointercancel', end);
    button.addEventListener('lostpointercapture', end);
    button.addEventListener('keydown', (e) => { if ((e.key === 'Enter' || e.key === ' ') && !e.repeat && !held) { held = true; fire(`beginSeeking${dir}`); } });
    button.addEventListener('keyup', (e) => { if (e.key === 'Enter' || e.key === ' ') end(); });
  }

  const seeking = new Set();
  window.addEventListener('keydown', (e) => {
    if (KEYS[e.key]) {
      e.preventDefault();
      if (!e.repeat) fire(KEYS[e.key]);
    } else if (HOLD_KEYS[e.key]) {
      e.preventDefault();
      if (!seeking.has(e.key)) { seeking.add(e.key); fire(`beginSeeking${HOLD_KEYS[e.key]}`); }
    }
  });
  window.addEventListener('keyup', (e) => {
    if (HOLD_KEYS[e.key] && seeking.delete(e.key)) fire(`endSeeking${HOLD_KEYS[e.key]}`);
  });

  // Media Session: lock screen / headset / OS media controls (they reach the page while it plays media).
  const session = navigator.mediaSession;
  if (session && typeof session.setActionHandler === 'function') {
    const handlers = {
      play: () => fire('play'),
      pause: () => fire('pause'),
      stop: () => fire('stop'),
      nexttrack: () => fire('nextTrack'),
      previoustrack: () => fire('previousTrack'),
      seekbackward: () => { fire('beginSeekingBackward'); fire('endSeekingBackward'); },
      seekforward: () => { fire('beginSeekingForward'); fire('endSeekingForward'); },
    };
    for (const [action, handler] of Object.entries(handlers)) {
      try { session.setActionHandler(action, handler); } catch { /* action not supported here */ }
    }
  }
}
