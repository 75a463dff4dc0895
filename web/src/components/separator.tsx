import type { Language } from '@shared/constants';
import { useLanguage } from '@/hooks/use-language';

/**
 * The mark between the parts of a one-line summary ("91234567 · Gold Room · 2 guests"). English: a
 * middle dot kept to the part before it by a no-break space, so a wrapped line never starts with
 * "·". Arabic: the Arabic comma "، ", which attaches to the word before it with no space; a middle
 * dot beside Arabic-Indic digits reads as the digit zero "٠". Put it after a part, never before the
 * first one. The only place in web/src that writes the dot (a unit test holds this).
 */
export function separatorOf(language: Language): string {
  return language === 'ar' ? '\u060c ' : '\u00a0\u00b7 ';
}

/** The parts joined by the language's separator, for strings (aria-labels, titles). */
export function joinParts(parts: readonly string[], language: Language): string {
  return parts.join(separatorOf(language));
}

/** The separator in the page's language, for JSX. */
export function Separator() {
  return <>{separatorOf(useLanguage())}</>;
}
