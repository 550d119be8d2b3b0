// The page never zooms or scrolls by accident. CSS does most of it (`touch-action: none` on the page,
// `pan-y` only inside the inspector's scrolling lists); iOS Safari ignores `user-scalable=no` and
// still pinch-zooms through its proprietary gesture events, and desktop browsers zoom on a
// ctrl+wheel (a trackpad pinch), so those are cancelled here.

export function installGuards(doc = document) {
  const stop = (e) => e.preventDefault();
  for (const type of ['gesturestart', 'gesturechange', 'gestureend']) doc.addEventListener(type, stop, { passive: false });
  doc.addEventListener('wheel', (e) => { if (e.ctrlKey) e.preventDefault(); }, { passive: false });
  // A double tap outside an editable field must not zoom either (older iOS ignores touch-action there).
  doc.addEventListener('dblclick', (e) => { if (!e.target.closest?.('input, textarea, select')) e.preventDefault(); });
}
