import { z as zod } from 'zod';

/**
 * The one rule on the characters of every text the API takes (names, notes, codes, searches,
 * addresses, messages): no control character (C0, DEL and C1: NUL and the like corrupt what is
 * stored, printed, exported and sent on) and no unpaired UTF-16 surrogate (half of an emoji, not
 * a character at all: it cannot be written as UTF-8, so D1, an e-mail or a PDF would turn it into
 * U+FFFD or fail). A multi-line text (a note, a description, a reason, an address, a message)
 * keeps tab, line feed and carriage return; a single-line one (a name, a title, a code, a search)
 * keeps none of them. Format characters (the bidi marks, ZWJ/ZWNJ) are text and stay.
 *
 * Every `z.string()` of the shared schemas has the single-line rule from `shared/src/zod.ts`,
 * and `z.multilineString()` the multi-line one (worker/src/text-rule.test.ts walks every schema
 * the API validates with and holds it).
 */
export const SINGLE_LINE_TEXT = /^[^\p{Cc}\p{Cs}]*$/u;
// Every control character but tab, line feed and carriage return, named by code point on purpose.
// eslint-disable-next-line no-control-regex
export const MULTI_LINE_TEXT = /^[^\p{Cs}\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]*$/u;

/** The message code of a text that breaks the rule. */
export const TEXT_CHARACTERS_CODE = 'text_characters_invalid';

/** The checks zod strings carry (a regex each, so the API's OpenAPI document shows the pattern). */
export const singleLineText = zod.regex(SINGLE_LINE_TEXT, TEXT_CHARACTERS_CODE);
export const multiLineText = zod.regex(MULTI_LINE_TEXT, TEXT_CHARACTERS_CODE);

/** Whether a text keeps the rule (for a value read outside a schema: a CSV cell, a header). */
export const isCleanText = (value: string, options: { multiline?: boolean } = {}) =>
  (options.multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT).test(value);
