import { useLingui } from '@lingui/react/macro';
import { Button } from '../ui/button';
import { activateLanguage } from '../../lib/i18n';

/** Switches between Arabic and English; the choice is kept under the `language` key. */
export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  const next = i18n.locale === 'ar' ? 'en' : 'ar';
  return (
    <Button
      variant="ghost"
      className="px-3 py-1.5 text-sm"
      aria-label={t`Change language`}
      onPress={() => void activateLanguage(next)}
    >
      <span lang={next}>{next === 'en' ? 'English' : 'العربية'}</span>
    </Button>
  );
}
