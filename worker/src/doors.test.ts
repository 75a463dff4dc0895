import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The modules' doors (docs/decisions/048-worker-modules.md, "Narrow doors"): each
 * `modules/<m>/index.ts` offers at most 45 names, and its opening comment says which modules it
 * imports on a line `Imports: a, b.` (or `Imports: none.`), which must be exactly the modules its
 * files name (its tests left out; a tables file's foreign key counts, since it is an import too).
 * Read from the files themselves, so a door that grows or a comment that goes stale fails here.
 */

const modulesDir = fileURLToPath(new URL('./modules', import.meta.url));
export const MAX_DOOR_NAMES = 45;

const modules = readdirSync(modulesDir).filter((name) => statSync(join(modulesDir, name)).isDirectory());

/** Every source file of a module but its tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

/** The names a door exports (`export { a, b as c, type T } from '...'`). */
export function doorNames(source: string): string[] {
  return [...withoutComments(source).matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s*from/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((part) => part.trim().replace(/^type\s+/, ''))
      .filter(Boolean)
      .map((part) => part.split(/\s+as\s+/).at(-1)!),
  );
}

/** The modules a door's opening comment says it imports (`Imports: a, b.`; `none`), or null if it says nothing. */
export function saidImports(source: string): string[] | null {
  const header = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? '';
  const text = header.replace(/^\s*\* ?/gm, '');
  const said = /(?:^|\n)Imports:\s*([\s\S]*?)(?:\n[A-Z][a-z]+:|$)/.exec(text)?.[1];
  if (said === undefined) return null;
  const words = said
    .replace(/\([^)]*\)/g, '')
    .replace(/\.\s*$/, '')
    .split(/,|\band\b/)
    .map((w) => w.trim())
    .filter(Boolean);
  return words.length === 1 && words[0] === 'none' ? [] : words.sort();
}

/** The other modules the files of `name` import (relative imports resolved; tests left out). */
export function importedModules(name: string): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(join(modulesDir, name))) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const target = relative(modulesDir, resolve(dirname(file), m[1]!));
      const [module] = target.split(sep);
      if (!target.startsWith('..') && module && module !== name && modules.includes(module))
        found.add(module);
    }
  }
  return [...found].sort();
}

describe('the modules’ doors', () => {
  it('reads every module', () => {
    expect(modules.length).toBeGreaterThan(15);
  });

  for (const name of modules) {
    const door = readFileSync(join(modulesDir, name, 'index.ts'), 'utf8');

    it(`${name}: offers at most ${MAX_DOOR_NAMES} names`, () => {
      expect(doorNames(door).length).toBeLessThanOrEqual(MAX_DOOR_NAMES);
    });

    it(`${name}: its comment names the modules it imports, and no other`, () => {
      expect(saidImports(door), 'the door says `Imports: ...` (or `Imports: none.`)').not.toBeNull();
      expect(saidImports(door)).toEqual(importedModules(name));
    });
  }
});

describe('the door reader', () => {
  it('counts names, renamed and typed ones too, but no comment', () => {
    const door = `/** x */\n// export { nope } from './a';\nexport { a, b as c, type T } from './a';\nexport type { U } from './b';`;
    expect(doorNames(door)).toEqual(['a', 'c', 'T', 'U']);
  });

  it('reads the modules a comment says it imports', () => {
    const comment = (line: string) => `/**\n * m: x.\n *\n * Owns: y.\n * ${line}\n * Never: z.\n */\n`;
    expect(saidImports(comment('Imports: rates, catalog (offers) and bookings.'))).toEqual([
      'bookings',
      'catalog',
      'rates',
    ]);
    expect(saidImports(comment('Imports: none.'))).toEqual([]);
    expect(saidImports(comment('Offers: w.'))).toBeNull();
  });
});

describe('the entry', () => {
  // worker/src/index.ts is where a newcomer reads which module serves which path: every module's
  // sub-app is mounted there by its own prefix, never a module's bundle of them at the API's root.
  it('mounts every module’s routes by their own prefix, none at the API’s root', () => {
    const entry = readFileSync(fileURLToPath(new URL('./index.ts', import.meta.url)), 'utf8');
    const api = entry.slice(entry.indexOf('const api = new Hono'), entry.indexOf("app.route('/api', api)"));
    const prefixes = [...withoutComments(api).matchAll(/\.route\(\s*'([^']*)'/g)].map((m) => m[1]);
    expect(prefixes.length).toBeGreaterThan(50);
    expect(prefixes.filter((p) => p === '/' || p === '')).toEqual([]);
  });
});
