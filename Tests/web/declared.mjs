// The client messages' fields as the Swift declarations state them (Tests/fixtures/protocol/
// client-messages.json, written from the `WireObject` tables and checked against them by
// ProtocolDeclarationTests): what the page sends is checked against them, so a field renamed or
// added on one side only fails a test.
import { readFileSync } from 'node:fs';

export const DECLARED = JSON.parse(readFileSync(new URL('../fixtures/protocol/client-messages.json', import.meta.url), 'utf8')).messages;

function check(value, fields, path, problems) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`${path || 'the message'}: expected an object`);
    return;
  }
  const declared = new Map(fields.map((field) => [field.key, field]));
  for (const key of Object.keys(value)) {
    if (path === '' && key === 'type') continue;
    if (!declared.has(key)) problems.push(`${path}${key}: not a declared field`);
  }
  for (const field of fields) {
    const item = value[field.key];
    if (item === undefined || item === null) {
      if (field.required && !(item === null && field.nullable)) problems.push(`${path}${field.key}: required field is missing`);
      continue;
    }
    if (field.elements) {
      if (!Array.isArray(item)) problems.push(`${path}${field.key}: expected an array`);
      else item.forEach((element, i) => checkElement(element, field.elements, `${path}${field.key}[${i}]`, problems));
      continue;
    }
    if (field.variants) {
      const elements = Array.isArray(item) ? item : [item];
      elements.forEach((element, i) => checkTagged(element, field, `${path}${field.key}[${i}].`, problems));
      continue;
    }
    if (!field.fields) continue;
    if (Array.isArray(item)) item.forEach((element, i) => check(element, field.fields, `${path}${field.key}[${i}].`, problems));
    else check(item, field.fields, `${path}${field.key}.`, problems);
  }
}

/** Checks an object of several kinds (`render.ops[i]`) against the fields of the kind its tag names. */
function checkTagged(value, field, path, problems) {
  const fields = field.variants[value?.[field.tag]];
  if (!fields) {
    problems.push(`${path}${field.tag}: not a declared kind (${JSON.stringify(value?.[field.tag])})`);
    return;
  }
  check(value, [{ key: field.tag, required: true }, ...fields], path, problems);
}

/**
 * Checks a compact array (a path element, `["rect",x,y,w,h]`) against the numbers its tag declares
 * (`elements`: tag → the numbers' names): a declared tag, as many numbers, each one finite
 * (the Swift reader's bound).
 */
function checkElement(element, elements, path, problems) {
  if (!Array.isArray(element) || typeof element[0] !== 'string') {
    problems.push(`${path}: not a [tag, numbers…] array (${JSON.stringify(element)})`);
    return;
  }
  const [tag, ...numbers] = element;
  const names = Object.hasOwn(elements, tag) ? elements[tag] : undefined;
  if (!names) {
    problems.push(`${path}: not a declared kind (${JSON.stringify(tag)})`);
    return;
  }
  if (numbers.length !== names.length) {
    problems.push(`${path}: "${tag}" takes ${names.length} numbers, got ${numbers.length}`);
    return;
  }
  numbers.forEach((number, i) => {
    if (typeof number !== 'number' || !Number.isFinite(number)) problems.push(`${path}.${names[i]}: not a finite number (${JSON.stringify(number)})`);
  });
}

/** The fields of an object of several kinds, by its tag (`op`); undefined for an unknown kind. */
export function variantFields(value, field) {
  const fields = field.variants[value?.[field.tag]];
  return fields && [{ key: field.tag, required: true }, ...fields];
}

/** What in `msg` differs from its type's declaration among `declarations` (empty when nothing does). */
export function differences(msg, declarations, side) {
  const fields = declarations[msg?.type];
  if (!fields) return [`type ${JSON.stringify(msg?.type)}: not a declared ${side} message`];
  const problems = [];
  check(msg, fields, '', problems);
  return problems;
}

/** What in `msg` differs from its type's declaration (empty when nothing does). */
export function undeclared(msg) {
  return differences(msg, DECLARED, 'client');
}
