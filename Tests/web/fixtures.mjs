// The render fixtures shared with the Swift mirror's tests (Tests/fixtures/render/*.json): both
// mirrors must rebuild from each fixture's messages exactly what its expected full render states.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const directory = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'render');

export function renderFixtures() {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name, ...JSON.parse(readFileSync(join(directory, name), 'utf8')) }));
}
