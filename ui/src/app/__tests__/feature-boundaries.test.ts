import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

// Features never import each other; shared code lives in components/ and lib/.
const root = resolve(__dirname, '..', '..');
const featuresDir = join(root, 'features');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('feature boundaries', () => {
  it('no feature imports another feature', () => {
    const offences: string[] = [];
    for (const feature of readdirSync(featuresDir)) {
      for (const file of files(join(featuresDir, feature))) {
        const source = readFileSync(file, 'utf8');
        for (const [, spec] of source.matchAll(/from '([^']+)'/g)) {
          let target: string | null = null;
          if (spec.startsWith('@/features/')) target = spec.split('/')[2];
          else if (spec.startsWith('.')) {
            const abs = resolve(file, '..', spec);
            const rel = relative(featuresDir, abs).split(sep);
            if (!rel[0].startsWith('..')) target = rel[0];
          }
          if (target && target !== feature) offences.push(`${relative(root, file)} -> ${spec}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('shared code does not import features', () => {
    const offences = ['components', 'lib'].flatMap((dir) =>
      files(join(root, dir))
        .filter((f) => /from '@\/features\//.test(readFileSync(f, 'utf8')))
        .map((f) => relative(root, f)),
    );
    expect(offences).toEqual([]);
  });
});
