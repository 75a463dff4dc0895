import { useLingui } from '@lingui/react/macro';
import { PlainButton } from '../ui/plain-button';
import { activateLanguage } from '../../lib/i18n';

/** Switches between Arabic and English; the choice is kept under the `language` key. */
export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  const next = i18n.locale === 'ar' ? 'en' : 'ar';
  const label = next === 'en' ? 'English' : 'العربية';
  return (
    <PlainButton
      variant="ghost"
      className="px-3 py-1.5 text-sm"
      // The name starts with the words on the button, so voice control ("click English") finds it.
      aria-label={t`${label}, change language`}
      onPress={() => void activateLanguage(next)}
    >
      {/* "العربية" on an English page is in the system's font: the page does not fetch Cairo's
          Arabic subset (and lay its text out again when it arrives) for this one word (decision
          021). An Arabic page needs Cairo's Latin subset anyway (its spaces are in it). */}
      <span lang={next} className={next === 'ar' ? 'font-[system-ui,sans-serif]' : undefined}>
        {label}
      </span>
    </PlainButton>
  );
}
