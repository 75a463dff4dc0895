import { z as zod } from 'zod';

/**
 * The one rule on the characters of every text the API takes (names, notes, codes, searches,
 * addresses, messages): no control character (C0, DEL and C1: NUL and the like corrupt what is
 * stored, printed, exported and sent on), no unpaired UTF-16 surrogate (half of an emoji, not
 * a character at all: it cannot be written as UTF-8, so D1, an e-mail or a PDF would turn it into
 * U+FFFD or fail), and not only characters that show nothing (VISIBLE_TEXT). A multi-line text (a note, a description, a reason, an address, a message)
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

/**
 * What shows nothing by itself: white space, format characters (the bidi marks and overrides,
 * the zero-width ones), the other default-ignorable code points (fillers, variation selectors),
 * combining marks with no letter under them and the blank braille cell.
 */
const INVISIBLE = String.raw`\p{Cf}\p{Default_Ignorable_Code_Point}\p{Mn}\p{Me}\u2800`;
const BLANK = String.raw`\s\p{Z}${INVISIBLE}`;
/**
 * A text made only of what shows nothing, with at least one invisible character that is not
 * white space, is refused: a name of a zero-width space or a right-to-left override alone would
 * print blank on a tax invoice, a list or a label. White space alone is left to the field's own
 * rule (trimmed, then required or not), so a blank optional field is not refused here.
 */
export const VISIBLE_TEXT = new RegExp(`^(?![${BLANK}]*[${INVISIBLE}][${BLANK}]*$)`, 'u');

/** The message code of a text that breaks the rule. */
export const TEXT_CHARACTERS_CODE = 'text_characters_invalid';

/** The message code of a text that shows nothing (VISIBLE_TEXT). */
export const TEXT_INVISIBLE_CODE = 'text_invisible';

/** The checks zod strings carry (a regex each, so the API's OpenAPI document shows the pattern). */
export const singleLineText = zod.regex(SINGLE_LINE_TEXT, TEXT_CHARACTERS_CODE);
export const multiLineText = zod.regex(MULTI_LINE_TEXT, TEXT_CHARACTERS_CODE);
export const visibleText = zod.regex(VISIBLE_TEXT, TEXT_INVISIBLE_CODE);

/** Whether a text keeps the rule (for a value read outside a schema: a CSV cell, a header). */
export const isCleanText = (value: string, options: { multiline?: boolean } = {}) =>
  (options.multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT).test(value) && VISIBLE_TEXT.test(value);
