import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Room types are the hotel's data (docs/decisions/073-room-types-as-data.md): nothing in the
// app may hold the spec's four codes, or it would treat a type an admin adds differently. They
// live only in the seed (worker/src/seed/), the migrations, and tests. A code is found as a
// quoted literal ('gold', "gold", `gold`) or an object key (gold: ...).
const CODES = ['silver', 'gold', 'diamond', 'deluxe'];
const literal = new RegExp(`(['"\`])(${CODES.join('|')})\\1`);
const key = new RegExp(`(^|[\\s{,])(${CODES.join('|')})\\s*:`);

const roots = ['web/src', 'worker/src', 'shared/src'];
const source = /\.(ts|tsx|mts|js|mjs)$/;
const exempt = [
  /\.test\.tsx?$/,
  /^worker\/src\/seed\//,
  // The assistant's phrase corpus: what guests type, a test's data.
  /\.corpus\.ts$/,
  // Compiled message catalogues (generated from the .po files).
  /\/locales\/[a-z]+\.ts$/,
];

/**
 * Words that are not room types though they are spelt the same: the VIP cards' own kinds
 * (silver, gold, elite) and the offers' colour themes. The line, one of the six above it or the
 * declaration it is part of names which.
 */
const notARoomType = /VIP_?CARD|VipCard|theme|THEME/;
const declaration = /^(export )?(const|let|function|type|interface) /;

export function roomTypeCodesIn(text: string): number[] {
  const lines = text.split('\n');
  const hits: number[] = [];
  lines.forEach((line, index) => {
    if (!literal.test(line) && !key.test(line)) return;
    if (notARoomType.test(lines.slice(Math.max(0, index - 6), index + 1).join('\n'))) return;
    // Or the declaration the line belongs to (a long record of the VIP cards' kinds).
    const head = lines.slice(0, index + 1).findLast((l) => declaration.test(l));
    if (head !== undefined && notARoomType.test(head)) return;
    hits.push(index + 1);
  });
  return hits;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function sources(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...roots], { cwd: repoRoot, encoding: 'utf8' });
  return out.split('\0').filter((path) => source.test(path) && !exempt.some((pattern) => pattern.test(path)));
}

describe('the four spec room types are data, not code', () => {
  it('finds a code as a literal or a key, and not in words or other names', () => {
    expect(roomTypeCodesIn("const t = 'gold';\nprices = { silver: 1 }\nGold Room\ngolden: 1")).toEqual([
      1, 2,
    ]);
    expect(roomTypeCodesIn("VIP_CARD_TYPES = ['silver', 'gold', 'elite']")).toEqual([]);
    expect(
      roomTypeCodesIn('const accent: Record<VipCardType, string> = {\n  silver: "a",\n  gold: "b",\n};'),
    ).toEqual([]);
  });

  it('no source file outside the seed and the tests names one', () => {
    const found = sources().flatMap((path) => {
      const hits = roomTypeCodesIn(readFileSync(`${repoRoot}${path}`, 'utf8'));
      return hits.map((line) => `${path}:${line}`);
    });
    expect(found).toEqual([]);
  });
});
