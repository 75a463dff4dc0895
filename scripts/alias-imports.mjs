#!/usr/bin/env node
// Rewrites the web's imports to the layout of docs/decisions/027-web-layout.md, and optionally
// moves files while doing so:
//
//   node scripts/alias-imports.mjs                 rewrite imports only
//   node scripts/alias-imports.mjs moves.json      `git mv` each [from, to] pair (paths from the
//                                                  repository root) and rewrite every import of them
//
// An import inside one unit (a feature, features/admin/<area>, an entity, or another top-level
// folder of web/src) stays relative; one that crosses units reads `@/...`; one into shared/src
// reads `@shared/...`. Static imports, re-exports, `import()` and `vi.mock()` are rewritten.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const webSrc = join(root, 'web/src');
const sharedSrc = join(root, 'shared/src');
const posix = (p) => p.split(sep).join('/');

const moves = new Map(
  (process.argv[2] ? JSON.parse(readFileSync(process.argv[2], 'utf8')) : []).map(([from, to]) => [
    join(root, from),
    join(root, to),
  ]),
);

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : walk(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx'];
/** The file a specifier names (with the extension it was written without), or null. */
const resolveFile = (base) => {
  for (const ext of EXTENSIONS) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile()) return { path, ext };
  }
  return null;
};

/** The unit a web file belongs to: imports within it stay relative. */
const unitOf = (file) => {
  const parts = posix(relative(webSrc, file)).split('/');
  if (parts[0] === 'features' || parts[0] === 'entities') {
    return parts[1] === 'admin' ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/');
  }
  return parts.length > 1 ? parts[0] : '';
};

const inside = (dir, file) => file.startsWith(dir + sep);

const specifierFor = (fromFile, targetFile, ext) => {
  const target = ext ? targetFile.slice(0, -ext.length) : targetFile;
  if (inside(sharedSrc, targetFile) && !inside(sharedSrc, fromFile)) {
    return `@shared/${posix(relative(sharedSrc, target))}`;
  }
  if (inside(webSrc, targetFile) && inside(webSrc, fromFile) && unitOf(fromFile) !== unitOf(targetFile)) {
    return `@/${posix(relative(webSrc, target))}`;
  }
  const rel = posix(relative(dirname(fromFile), target));
  return rel.startsWith('.') ? rel : `./${rel}`;
};

const IMPORT =
  /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|unmock|importActual)\(\s*|typeof import\(\s*)(['"])((?:\.{1,2}\/|@\/|@shared\/)[^'"]*)\2/g;

const files = [...walk(webSrc), ...walk(sharedSrc)];
let rewritten = 0;
const unresolved = [];
const output = new Map();
for (const file of files) {
  const newFile = moves.get(file) ?? file;
  const text = readFileSync(file, 'utf8');
  const next = text.replace(IMPORT, (whole, lead, quote, spec) => {
    const base = spec.startsWith('@shared/')
      ? join(sharedSrc, spec.slice(8))
      : spec.startsWith('@/')
        ? join(webSrc, spec.slice(2))
        : resolve(dirname(file), spec);
    const found = resolveFile(base);
    if (!found) {
      unresolved.push(`${posix(relative(root, file))}: ${spec}`);
      return whole;
    }
    const target = moves.get(found.path) ?? found.path;
    const nextSpec = specifierFor(newFile, target, found.ext);
    if (nextSpec === spec) return whole;
    rewritten += 1;
    return `${lead}${quote}${nextSpec}${quote}`;
  });
  if (next !== text || newFile !== file) output.set(newFile, next);
}

for (const [from, to] of moves) {
  execFileSync('mkdir', ['-p', dirname(to)]);
  execFileSync('git', ['mv', from, to], { cwd: root });
}
for (const [file, text] of output) writeFileSync(file, text);

console.log(`${rewritten} imports rewritten in ${output.size} files; ${moves.size} files moved`);
if (unresolved.length) console.log(`not resolved (left as written):\n  ${unresolved.join('\n  ')}`);
