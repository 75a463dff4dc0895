import { z as zod } from 'zod';
import { multiLineText, singleLineText, visibleText } from './text-rule';

/**
 * zod as every shared schema uses it (through `import { z } from './zod'`): all of zod, except
 * that a string refuses control characters and unpaired surrogates (shared/src/text-rule.ts), so a
 * field written tomorrow has the rule without anyone remembering it. `z.string()` is a single
 * line (a name, a code, a search); `z.multilineString()` keeps tab and line breaks (a note, a
 * description, a reason, an address, a message).
 */
export * from 'zod';

type StringParams = Parameters<typeof zod.string>[0];

/** A single-line text: no control character at all, no unpaired surrogate, not only invisible characters. */
export function string(params?: StringParams) {
  return zod.string(params).check(singleLineText, visibleText);
}

/**
 * A multi-line text: tab, line feed and carriage return allowed; no other control character; not
 * only invisible characters.
 */
export function multilineString(params?: StringParams) {
  return zod.string(params).check(multiLineText, visibleText);
}
