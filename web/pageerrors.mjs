// Uncaught errors and unhandled promise rejections of the page, kept in a short list that the test
// hooks expose (`window.__touchbridge.pageErrors`): WebKit's WebDriver cannot read the console, so the
// browser tests of every engine read the page's own record instead. Imported first by app.mjs so that
// it listens before any other module runs.

const MAX_KEPT = 50;

/** What went wrong, oldest first (at most MAX_KEPT; later ones are dropped: the first ones explain the rest). */
export const pageErrors = [];

function keep(text) {
  if (pageErrors.length < MAX_KEPT) pageErrors.push(text);
}

window.addEventListener('error', (e) => keep(`error: ${e.message} (${e.filename}:${e.lineno})`));
window.addEventListener('unhandledrejection', (e) => {
  const { reason } = e;
  keep(`unhandledrejection: ${reason}${reason instanceof Error && reason.stack ? `\n${reason.stack}` : ''}`);
});
