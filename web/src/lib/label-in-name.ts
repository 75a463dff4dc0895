/**
 * WCAG 2.5.3 "label in name" as axe-core's `label-content-name-mismatch` judges it, for the
 * component tests (jsdom has no layout, so axe itself sees no visible text there; the journeys run
 * axe in the browser, e2e/support/a11y.ts). A control whose accessible name (its `aria-label`) does
 * not contain its visible words, in their order, is one a voice-control user cannot say, and a
 * sighted screen-reader user hears something else than they read.
 *
 * As axe does: the visible text is the element's text nodes joined as they are (two spans side by
 * side with no space between read as one word), both texts lower-cased, broken into words (letters
 * and digits; punctuation, isolates and marks are spaces), and the visible words must be a
 * contiguous run of the name's.
 *
 * @example
 * expect(labelInNameMismatches(container)).toEqual([]);
 * // ['"Dirty" not in "تحديد الغرفة ١٠٢ متسخة"'] when a name leaves its visible word out
 */
export function labelInNameMismatches(root: ParentNode): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll<HTMLElement>(NAMED_FROM_CONTENT)) {
    const name = element.getAttribute('aria-label') ?? '';
    const visible = element.textContent ?? '';
    if (nameMissesLabel(name, visible)) found.push(`"${visible.trim()}" not in "${name}"`);
  }
  return found;
}

/**
 * Whether an accessible name leaves out its control's visible words (their run, in order); no
 * visible words: nothing to leave out. The journeys read the names and words from the page and
 * judge them here (axe in the browser does not judge Arabic names: e2e/a11y.spec.ts).
 *
 * @example nameMissesLabel('تحديد الغرفة ١٠١ متسخة', 'تحتاج تنظيفاً') // true
 */
export function nameMissesLabel(name: string, visible: string): boolean {
  const label = words(visible);
  return label.length > 0 && !contains(words(name), label);
}

/** The controls whose name comes from their content, given another by `aria-label` (axe's rule's scope). */
export const NAMED_FROM_CONTENT = [
  'button',
  'a[href]',
  ...[
    'button',
    'link',
    'menuitem',
    'menuitemcheckbox',
    'menuitemradio',
    'tab',
    'option',
    'checkbox',
    'radio',
    'switch',
    'treeitem',
  ].map((role) => `[role="${role}"]`),
]
  .map((selector) => `${selector}[aria-label]`)
  .join(', ');

function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

function contains(haystack: string[], needle: string[]): boolean {
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((word, j) => haystack[i + j] === word)) return true;
  }
  return false;
}
