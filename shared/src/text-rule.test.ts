import { describe, expect, it } from 'vitest';
import { isCleanText, TEXT_CHARACTERS_CODE, TEXT_INVISIBLE_CODE } from './text-rule';
import { z } from './zod';

describe('the text rule', () => {
  it('takes any language, emoji (a surrogate pair) and the marks Arabic text uses', () => {
    for (const text of [
      'محمد بن سالم الهنائي',
      'Aïsha O’Brien-Smith',
      'Family 👨‍👩‍👧 suite 😀',
      'ضيف\u200f (RLM) \u200c ZWNJ \u200d ZWJ \u061c ALM',
      '١٢٣ Main St.',
      '',
    ]) {
      expect(isCleanText(text), text).toBe(true);
      expect(isCleanText(text, { multiline: true }), text).toBe(true);
    }
  });

  it('refuses control characters (C0, DEL, C1) and half a surrogate pair in every kind of field', () => {
    for (const text of [
      '\u0000',
      'a\u0000b',
      'a\u0001',
      '\u0007',
      '\u001b[31m',
      '\u007f',
      '\u0085',
      '\u009f',
      '\ud800',
      'a\udfff',
      '\udc00\ud800',
      '😀'.slice(0, 1),
    ]) {
      expect(isCleanText(text), JSON.stringify(text)).toBe(false);
      expect(isCleanText(text, { multiline: true }), JSON.stringify(text)).toBe(false);
    }
  });

  it('refuses a text that shows nothing: zero-width, bidi overrides, fillers or marks alone', () => {
    for (const text of [
      '\u200b',
      '\u202e',
      ' \u200b ',
      '\u200e\u200f',
      '\u2066\u2069',
      '\ufe0f',
      '\u3164',
      '\u0651',
      '\u2800',
      '\u200b\n\u200c',
    ]) {
      expect(isCleanText(text), JSON.stringify(text)).toBe(false);
      expect(isCleanText(text, { multiline: true }), JSON.stringify(text)).toBe(false);
    }
    // White space alone is the field's own rule (trimmed, then required or not).
    expect(isCleanText('   ')).toBe(true);
    const refused = z.string().trim().min(1).safeParse('\u202e');
    expect(refused.error?.issues[0]?.message).toBe(TEXT_INVISIBLE_CODE);
  });

  it('keeps tab and line breaks only in a multi-line field', () => {
    for (const text of ['one\ntwo', 'one\r\ntwo', 'col\tcol', 'end\n']) {
      expect(isCleanText(text), JSON.stringify(text)).toBe(false);
      expect(isCleanText(text, { multiline: true }), JSON.stringify(text)).toBe(true);
    }
    // Form feed and vertical tab are not line breaks a person types.
    expect(isCleanText('a\u000bb', { multiline: true })).toBe(false);
    expect(isCleanText('a\u000cb', { multiline: true })).toBe(false);
  });

  it("is the default of the shared schemas' z.string(); z.multilineString() keeps line breaks", () => {
    const name = z.string().trim().min(1);
    const refused = name.safeParse('Group\u0000');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(TEXT_CHARACTERS_CODE);
    expect(name.safeParse('Two\nlines').success).toBe(false);
    expect(name.safeParse(' Wedding party ').data).toBe('Wedding party');
    const notes = z.multilineString().max(100);
    expect(notes.safeParse('Two\nlines').success).toBe(true);
    expect(notes.safeParse('half \ud83d').success).toBe(false);
    // The rest of zod is zod's own.
    expect(z.number().safeParse(1).success).toBe(true);
    expect(z.email().safeParse('a@example.com').success).toBe(true);
  });

  it('takes a long text in linear time', () => {
    const long = 'نص طويل '.repeat(200_000);
    const started = Date.now();
    expect(isCleanText(long)).toBe(true);
    expect(isCleanText(`${long}\u0000`, { multiline: true })).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
