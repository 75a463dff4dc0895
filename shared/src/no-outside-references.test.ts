import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Source and docs say why in their own words or point at docs/decisions/: a reader of a fresh
// clone has neither the issue tracker nor a design file outside the repository, so a comment
// that cites "issue 31" or "DESIGN.md" sends them nowhere.

// The folders and files this check reads (tracked by git, so build output and node_modules
// stay out of it).
const roots = [
  'web',
  'worker',
  'shared',
  'e2e',
  'scripts',
  'bench',
  'migrations',
  'docs',
  'README.md',
  'playwright.config.ts',
  'vitest.config.ts',
  'eslint.config.js',
  'wrangler.toml',
];

// Skipped: the migrations already applied keep their comments exactly as applied (a migration
// file is history, read with the code of its day). A new migration is written without them.
const notYetSwept = new Set(['migrations']);

// Binary assets cannot hold a citation worth reading; everything else is read as text.
const binary = /\.(avif|webp|png|jpe?g|gif|ico|wav|mp3|woff2?|ttf|wasm|pdf|zip)$/i;

// What counts as a citation:
// - the design file outside the repository;
// - "issue 31", "issues 12 and 14", "issue #31" (any case);
// - a bare "#31" after a space or an opening bracket, at most four digits and not followed by a
//   word character. A CSS colour is a value after a colon or in a shorthand ("color: #000",
//   "0 0 0 #000"), so this one is not looked for in stylesheets nor right after a colon; longer
//   or hex colours (#334155, #1e293b) never match, nor do quoted ones ('#000').
const everywhere: readonly RegExp[] = [/DESIGN\.md/, /\bissues?\s+#?\d+/i];
const outsideStylesheets: readonly RegExp[] = [/(?<!:\s*)(?:^|(?<=[\s([]))#\d{1,4}(?![\w-])/];
const stylesheet = /\.(css|scss)$/i;

export function findCitations(text: string, path = ''): number[] {
  const patterns = stylesheet.test(path) ? everywhere : [...everywhere, ...outsideStylesheets];
  const hits: number[] = [];
  text.split('\n').forEach((line, index) => {
    if (patterns.some((pattern) => pattern.test(line))) hits.push(index + 1);
  });
  return hits;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function trackedFiles(root: string): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', root], { cwd: repoRoot, encoding: 'utf8' });
  return out.split('\0').filter((path) => path !== '' && !binary.test(path));
}

describe('no citations of issue numbers or of files outside the repository', () => {
  it('recognises the citations it looks for, and leaves ordinary text alone', () => {
    expect(findCitations('// kept apart (issue 31)')).toEqual([1]);
    expect(findCitations('// see DESIGN.md "Offline"')).toEqual([1]);
    expect(findCitations('a\n// issues 12 and 14 asked for it')).toEqual([2]);
    expect(findCitations('// fixed in #42.')).toEqual([1]);
    expect(findCitations("const tick = { fill: '#334155' };")).toEqual([]);
    expect(findCitations('color: #fff; background: #123abc;')).toEqual([]);
    expect(findCitations('color: #000;')).toEqual([]);
    expect(findCitations('.a { box-shadow: 0 0 0 #000; }', 'web/src/app.css')).toEqual([]);
    expect(findCitations('msgid "Report an issue"\n// docs/decisions/007-offline.md')).toEqual([]);
  });

  for (const root of roots) {
    const check = notYetSwept.has(root) ? it.skip : it;
    check(`${root} cites no issue number and no DESIGN.md`, () => {
      const found: string[] = [];
      for (const path of trackedFiles(root)) {
        // This file names the patterns it looks for.
        if (path === 'shared/src/no-outside-references.test.ts') continue;
        const text = readFileSync(`${repoRoot}${path}`, 'utf8');
        for (const line of findCitations(text, path)) found.push(`${path}:${line}`);
      }
      expect(found).toEqual([]);
    });
  }
});
