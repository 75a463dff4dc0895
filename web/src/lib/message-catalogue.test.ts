import { CHANNEL_ERROR_CODES } from '@shared/channel-schemas';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shared/error-codes';
import { messages as sharedAr } from '@shared/locales/ar';
import { messages as sharedEn } from '@shared/locales/en';
import { messages as workerAr } from '../../../worker/src/locales/ar';
import { messages as workerEn } from '../../../worker/src/locales/en';

/*
 * The catalogues of shared/ and worker/ (written by hand with explicit ids, compiled by
 * `npm run i18n:compile`) checked from here, where the sources of all three sides can be read.
 */
const catalogues = import.meta.glob<string>(
  ['../../../shared/src/locales/*.po', '../../../worker/src/locales/*.po'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);
const code = import.meta.glob<string>(
  [
    '../../../shared/src/**/*.{ts,tsx}',
    '../../../worker/src/**/*.{ts,tsx}',
    '../../**/*.{ts,tsx}',
    '!**/*.test.{ts,tsx}',
    '!**/*.d.ts',
    '!**/locales/**',
    // A provider's documented answers, quoted as its documents give them: its codes, not ours.
    '!**/recorded-responses.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** The msgid -> msgstr pairs of a catalogue (ours are written one line each). */
function readPo(path: string): Record<string, string> {
  const unquote = (s: string) => JSON.parse(`"${s}"`) as string;
  const entries: Record<string, string> = {};
  const po = catalogues[`../../../${path}`];
  if (po === undefined) throw new Error(`no catalogue ${path}`);
  for (const m of po.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)) {
    entries[unquote(m[1]!)] = unquote(m[2]!);
  }
  return entries;
}

describe('the compiled catalogues', () => {
  it.each([
    ['shared/src/locales/ar.po', sharedAr],
    ['shared/src/locales/en.po', sharedEn],
    ['worker/src/locales/ar.po', workerAr],
    ['worker/src/locales/en.po', workerEn],
  ])('%s is compiled as it reads now (npm run i18n:compile)', (path, compiled) => {
    const source = readPo(path);
    expect(Object.keys(source).length).toBeGreaterThan(30);
    const fresh = Object.fromEntries(Object.entries(source).map(([id, text]) => [id, compileMessage(text)]));
    expect(compiled).toEqual(fresh);
  });
});

/** The TypeScript sources of the three sides, tests and catalogues left out. */
function sources(): { path: string; text: string }[] {
  return Object.entries(code).map(([path, text]) => ({ path, text }));
}

/**
 * Where a code is named: thrown or translated by the worker, set on a zod issue of a shared
 * schema, compared by the web. Words that look alike but are no API code: zod's own issue
 * kind, a `typeof` check, and the web outbox's codes for answers that never came.
 */
const CODE_PLACES = [
  /ApiError\(\s*\d+,\s*'([a-z0-9_]+)'/g,
  /throttled\(\s*'([a-z0-9_]+)'/g,
  /translate\(\s*'([a-z0-9_]+)'/g,
  /\b(?:error|message|code):\s*'([a-z0-9_]+)'/g,
  /\bcode\s*[!=]==\s*'([a-z0-9_]+)'/g,
  /\.(?:min|max|length|regex|refine|email|int|url|nonnegative|positive|gte|lte)\([^()]*?'([a-z][a-z0-9]*_[a-z0-9_]+)'\s*\)/g,
];
const NOT_CODES = new Set(['custom', 'string', 'number', 'network', 'refused', 'file_missing']);

describe('error codes', () => {
  it('are all in shared/src/error-codes.ts, wherever the worker, the schemas or the web name one', () => {
    // The channel link's failure kinds are words of their own, worded by its screen.
    const known: ReadonlySet<string> = new Set([...ERROR_CODES, ...CHANNEL_ERROR_CODES]);
    const unknown: string[] = [];
    let seen = 0;
    for (const { path, text } of sources()) {
      for (const pattern of CODE_PLACES) {
        for (const [, code] of text.matchAll(pattern)) {
          seen++;
          if (!known.has(code!) && !NOT_CODES.has(code!)) unknown.push(`${path}: ${code}`);
        }
      }
    }
    expect(unknown).toEqual([]);
    expect(seen).toBeGreaterThan(300);
  });

  it('are listed once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
