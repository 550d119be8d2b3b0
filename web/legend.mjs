// The event log's compact notation in words (docs/protocol.md §7): what a tapped log entry says,
// e.g. `tapCount.tb(4×2)` → "touchesBegan for touch 4 (its 2nd tap) on view tapCount".

import { marginText } from './margins.mjs';

const ORDINALS = ['', '1st', '2nd', '3rd'];

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st … */
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  if (!teen && n % 10 >= 1 && n % 10 <= 3) return `${n}${ORDINALS[n % 10].slice(1)}`;
  return `${n}th`;
}

function touchWords(t) {
  const taps = Number.isInteger(t.tapCount) && t.tapCount > 1 ? ` (its ${ordinal(t.tapCount)} tap)` : '';
  return `touch ${t.id}${taps}`;
}

function list(words) {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** One log entry as a sentence. */
export function explain(entry) {
  switch (entry.kind) {
    case 'responder': {
      const via = entry.forwardedFrom ? `, passed up the responder chain from ${entry.forwardedFrom}` : '';
      if (Array.isArray(entry.touches) && entry.method?.startsWith('touches')) {
        const touches = entry.touches.map(touchWords);
        return `${entry.method} for ${list(touches)} on ${entry.forwardedFrom ? 'responder' : 'view'} ${entry.responder}${via}.`;
      }
      const sub = entry.subtype && entry.subtype !== 'none' ? ` (${entry.subtype})` : '';
      return `${entry.method}${sub} on responder ${entry.responder}${via}.`;
    }
    case 'hitTest': {
      const path = Array.isArray(entry.path) ? entry.path : [];
      return `Touch ${entry.touch} landed: hit-testing went ${path.join(' → ')}, so ${path[path.length - 1] ?? '?'} is its view.`;
    }
    case 'transition': {
      const why = entry.reason ? ` because ${entry.reason}` : '';
      if (entry.to === 'possible') return `Recognizer ${entry.recognizer} was reset from ${entry.from} to possible, ready for the next touches.`;
      const margins = Array.isArray(entry.margins) && entry.margins.length
        ? ` Its thresholds: ${entry.margins.filter((m) => m && typeof m.threshold === 'string')
          .map((m) => `${marginText(m)} ${m.side === 'outside' ? 'crossed' : 'held'} (${m.rule})`).join('; ')}.`
        : '';
      return `Recognizer ${entry.recognizer} went from ${entry.from} to ${entry.to}${why}.${margins}`;
    }
    case 'waiting':
      return `Recognizer ${entry.recognizer} wants to recognize but waits in possible: ${entry.reason}.`;
    case 'action':
      return `Recognizer ${entry.recognizer} called its target–actions in state ${entry.state}.`;
    case 'controlEvent':
      return `Control ${entry.control} sent ${String(entry.event).split('|').join(' and ')}.`;
    case 'delivery':
      return `Touch ${entry.touch} and view ${entry.view}: ${entry.note}.`;
    case 'note':
      return entry.marker ? `Page note: ${entry.text}.` : `Note: ${entry.message ?? entry.text}.`;
    case 'error':
      return `Server error: ${entry.text}.`;
    default:
      return String(entry.text ?? entry.kind);
  }
}
