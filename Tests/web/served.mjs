// The server messages as the Swift declarations state them, with an example of each written by the
// server's own writers (Tests/fixtures/protocol/server-messages.json, made and checked by
// ProtocolDeclarationTests), and a watch on what the page reads of them: a reader that reads a field
// the declaration lacks is caught, so a field renamed or dropped on one side only fails a test.
import { readFileSync } from 'node:fs';
import { differences, variantFields } from './declared.mjs';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/protocol/server-messages.json', import.meta.url), 'utf8'));
/** Message type → its declared fields ({key, required, fields?, message?}). */
export const SERVED = fixture.messages;
/** Message type → examples written by the server. */
export const EXAMPLES = fixture.examples;

/** What in `msg` differs from its type's declaration (empty when nothing does). */
export function undeclaredServed(msg) {
  return differences(msg, SERVED, 'server');
}

/** Keys every object has, and what `await` and `JSON.stringify` look for: not the page reading a field. */
const NOT_FIELDS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'then', 'toJSON']);

/**
 * `msg` as the page's readers get it, recording in `reads` (a Set) each field read that its type's
 * declaration lacks (`events.log[i].colour`). Nested declared objects, arrays of them and embedded
 * messages (`step.renders`) are watched too; a field declared without its own fields is handed over as it is.
 */
export function watched(msg, reads) {
  const fields = SERVED[msg?.type];
  return fields ? watch(msg, fields, msg.type, reads, true) : msg;
}

function watch(value, fields, path, reads, isMessage) {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    return new Proxy(value, {
      get(target, key, receiver) {
        const item = Reflect.get(target, key, receiver);
        return typeof key === 'string' && /^\d+$/.test(key) ? watch(item, fields, isMessage ? path : `${path}[i]`, reads, isMessage) : item;
      },
    });
  }
  const declared = new Map(fields.map((field) => [field.key, field]));
  return new Proxy(value, {
    get(target, key, receiver) {
      const item = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || NOT_FIELDS.has(key) || (isMessage && key === 'type')) return item;
      const field = declared.get(key);
      if (!field) {
        reads.add(`${path}.${key}`);
        return item;
      }
      if (field.message && SERVED[field.message]) return watch(item, SERVED[field.message], field.message, reads, true);
      if (field.variants) return watchTagged(item, field, `${path}.${key}[i]`, reads);
      return field.fields ? watch(item, field.fields, `${path}.${key}`, reads, false) : item;
    },
  });
}

/** An array of objects of several kinds (`render.ops`), each watched by the fields of its kind (`render.ops[i:create]`). */
function watchTagged(value, field, path, reads) {
  if (!Array.isArray(value)) return value;
  return new Proxy(value, {
    get(target, key, receiver) {
      const item = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || !/^\d+$/.test(key) || item === null || typeof item !== 'object') return item;
      const fields = variantFields(item, field);
      if (!fields) {
        reads.add(`${path}.${field.tag}=${JSON.stringify(item[field.tag])}`);
        return item;
      }
      return watch(item, fields, `${path.slice(0, -1)}:${item[field.tag]}]`, reads, false);
    },
  });
}
