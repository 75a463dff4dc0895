/**
 * The dot between the parts of a one-line summary ("91234567 · Gold Room · 2 guests"), kept to the
 * part before it by a no-break space: a line that wraps ends on a dot and the next one starts with
 * a part, never with "·" before nothing (an ordinary space on both sides lets the browser break
 * before the dot). Put it after a part, never before the first one.
 */
export const SEPARATOR = '\u00a0· ';
