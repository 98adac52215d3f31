import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

// ui/, from ui/src/types/__tests__
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');

/**
 * What `npm run generate:api` writes for a document (its flags as options: a field with
 * a default is optional in a request, and FastAPI marks the answers' fields required).
 */
async function generate(document: string) {
  return `${COMMENT_HEADER}${astToString(await openapiTS(document, { silent: true, defaultNonNullable: false }))}`;
}

describe('the generated API types', () => {
  it('are what openapi-typescript makes from the committed ui/openapi.json', async () => {
    const committed = read('src/types/api.ts');
    const generated = await generate(read('openapi.json'));
    // On a mismatch: `npm run generate:api` (and commit src/types/api.ts).
    expect(committed === generated).toBe(true);
  });

  it('change when a route changes, so an edit by hand cannot pass', async () => {
    const document = JSON.parse(read('openapi.json'));
    delete document.paths['/api/tickets'];
    const generated = await generate(JSON.stringify(document));
    expect(generated).not.toContain('"/api/tickets": {');
    expect(read('src/types/api.ts')).toContain('"/api/tickets": {');
  });
});
