/**
 * An e-mail address inside a sentence (a field's description, a toast): isolated left to right
 * (U+2066…U+2069), so an Arabic sentence does not reorder it, and kept on one line: a word joiner
 * (U+2060) after each hyphen, where a browser would break it ("g-" alone at the end of a line, the
 * rest on the next).
 */
export function formatEmail(email: string): string {
  return `\u2066${email.replaceAll('-', '-\u2060')}\u2069`;
}
