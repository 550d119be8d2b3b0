// The device's safe-area insets (notch, home indicator, rounded corners) as the scene's window sees
// them: env(safe-area-inset-*) is only readable through CSS, so a hidden probe element takes them as
// padding. The page sends them in `hello.viewport.safeArea` and `resize.safeArea` (docs/protocol.md)
// so scenes can keep content inside (safeAreaInsets, UIKIT-LAYOUT-SAFE-AREA in docs/uikit-rules.md).

let probe = null;

function deviceInsets() {
  if (!probe) {
    probe = document.createElement('div');
    probe.className = 'safe-area-probe';
    probe.setAttribute('aria-hidden', 'true');
    document.body.append(probe);
  }
  const cs = getComputedStyle(probe);
  const px = (v) => Math.max(0, parseFloat(v) || 0);
  return { top: px(cs.paddingTop), left: px(cs.paddingLeft), bottom: px(cs.paddingBottom), right: px(cs.paddingRight) };
}

const round3 = (n) => Math.round(n * 1000) / 1000;

/**
 * The part of the device's unsafe margins that falls on `rect` (the scene surface, CSS px): a side
 * panel or a sheet that covers an edge takes that edge's inset away from the scene.
 */
export function safeAreaOf(rect, viewport = { width: window.innerWidth, height: window.innerHeight }) {
  const d = deviceInsets();
  const inset = (v) => round3(Math.min(Math.max(0, v), 10000));
  // The protocol wants top + bottom < height and left + right < width: a tiny surface keeps a point.
  const fit = (a, b, size) => {
    const room = Math.max(0, size - 1);
    return a + b <= room ? [a, b] : [Math.min(a, room), Math.max(0, room - Math.min(a, room))];
  };
  const [top, bottom] = fit(inset(d.top - rect.top), inset(rect.bottom - (viewport.height - d.bottom)), rect.height);
  const [left, right] = fit(inset(d.left - rect.left), inset(rect.right - (viewport.width - d.right)), rect.width);
  return { top: round3(top), left: round3(left), bottom: round3(bottom), right: round3(right) };
}
