import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { PlainButton } from '../ui/plain-button';
import { activateLanguage } from '@/lib/i18n';
import { afterPaint } from '@/lib/tasks';

/** Switches between Arabic and English; the choice is kept under the `language` key. */
export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  const next = i18n.locale === 'ar' ? 'en' : 'ar';
  const label = next === 'en' ? 'English' : 'العربية';
  // The tap is answered in its own frame (the button busy); the other language's catalogue is
  // evaluated and the page rendered again in it once that frame is painted (INP).
  const [switching, setSwitching] = useState(false);
  return (
    <PlainButton
      variant="ghost"
      className="shrink-0 px-2! py-1.5 text-sm"
      // The name starts with the words on the button, so voice control ("click English") finds it.
      aria-label={t`${label}, change language`}
      isPending={switching}
      onPress={() => {
        setSwitching(true);
        afterPaint(
          () =>
            // As many of its messages as the app has wanted in this one (lib/i18n.ts).
            void activateLanguage(next, { landingOnly: true })
              .finally(() => setSwitching(false))
              .then(() =>
                // Notifications on this device follow the language (a chunk of its own, off the landing's script).
                import('@/lib/push').then(({ refreshPushLanguage }) => refreshPushLanguage()).catch(() => {}),
              ),
        );
      }}
    >
      {/* The other language's name is in the system's font: the page does not fetch Cairo's
          other subset (and lay its text out again when it arrives) for this one word (decisions
          021 and 023). */}
      <span lang={next} className="font-[system-ui,sans-serif]">
        {label}
      </span>
    </PlainButton>
  );
}
