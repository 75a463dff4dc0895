import { describe, expect, it } from 'vitest';
import { messages as ar } from '@/locales/ar.po';

/**
 * Arabic copy never mixes digit systems: a number in an
 * Arabic sentence comes from a placeholder filled by the one formatter
 * (web/src/lib/format.ts), never written into the translation with Latin digits.
 * The compiled catalogue keeps literal text as strings and placeholders (and
 * plural branches) as arrays, so only the literal text is checked here.
 */
function literalTexts(message: unknown, into: string[] = []): string[] {
  if (typeof message === 'string') into.push(message);
  else if (Array.isArray(message)) {
    for (const part of message) {
      if (typeof part === 'string') into.push(part);
      else if (Array.isArray(part)) {
        // [name] or [name, 'plural' | 'select', { one: [...], other: [...] }]: the branches are text.
        const branches: unknown = part[2];
        if (branches && typeof branches === 'object') {
          for (const branch of Object.values(branches)) literalTexts(branch, into);
        }
      }
    }
  }
  return into;
}

describe('the Arabic catalogue', () => {
  it('writes no Latin digit in any Arabic text (numbers come from formatted placeholders)', () => {
    const offenders = Object.entries(ar as Record<string, unknown>)
      .filter(([, message]) =>
        // <0>…</0> are the numbered rich-text tags of <Trans>, not text.
        literalTexts(message).some((text) => /[0-9]/.test(text.replace(/<\/?\d+\/?>/g, ''))),
      )
      .map(([id, message]) => `${id}: ${JSON.stringify(message)}`);
    expect(offenders).toEqual([]);
  });

  it('is really checked: a sentence with a Latin digit is caught, a placeholder is not', () => {
    expect(literalTexts(['شارك 3 صور']).join('')).toMatch(/[0-9]/);
    expect(literalTexts(['شارك ', ['minPhotos'], ' صور']).join('')).not.toMatch(/[0-9]/);
    expect(Object.keys(ar).length).toBeGreaterThan(500);
  });
});
