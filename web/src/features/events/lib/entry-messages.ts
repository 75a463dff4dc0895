import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { phoneNumberSchema } from '@shared/schemas';
import { showToast, type ToastContent } from '@/components/ui/toast-queue';
import { fieldMessage } from '@/lib/field-messages';
import type { EntryOutcome } from './use-event-entry';

/** The shared phone rule (Arabic-Indic digits accepted): an error code, or undefined when valid. */
export function phoneError(value: string): string | undefined {
  const result = phoneNumberSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * A toast that asks the guest to fix the form ("Missing Information"): it goes as soon as they
 * change what it asked for (`fixKey`: the form's phone and images), and when the form closes,
 * instead of staying over the form while they fix it. Returns `show`.
 */
export function useFixToast(fixKey: string): (content: ToastContent) => void {
  const close = useRef<(() => void) | null>(null);
  useEffect(() => {
    close.current?.();
    close.current = null;
  }, [fixKey]);
  useEffect(() => () => close.current?.(), []);
  return (content) => {
    close.current?.();
    close.current = showToast(content);
  };
}

type ScreenTexts = {
  /** The spec's success toast of this screen (shown once the server has the entry). */
  sent: Omit<ToastContent, 'variant'>;
  /** The spec's failure title of this screen (with the server's reason as the text). */
  failedTitle: string;
  /** The rating page has its own title for "already participated" (spec: 'مشاركة محدودة'). */
  alreadyTitle?: string;
  /** When an image cannot be read on the device (the rating page has the spec's own text). */
  readFailed?: string;
  /** How long the success toasts stay (the rating page: 5 s). */
  timeout?: number;
  /** The success toasts stay on the next screen (the rating page goes back to the events panel). */
  keep?: boolean;
};

/**
 * The toast for each outcome of an entry, in the active language: the
 * spec's texts when the server has it or refused it, and an honest "saved on
 * your phone" when it is still waiting to be sent. Returns whether the entry
 * is in (sent or kept for sending), so the form can clear. `fixKey`: see useFixToast.
 */
export function useOutcomeToast(fixKey: string) {
  const { t, i18n } = useLingui();
  const showFix = useFixToast(fixKey);
  const storageFull = {
    title: t`Your phone's storage is full`,
    description: t`Free some space and try again. What you already queued is kept.`,
  };
  const already = t`You have already participated in this event this month. You can participate again next month.`;

  return (outcome: EntryOutcome, texts: ScreenTexts): boolean => {
    const timeout = texts.timeout;
    switch (outcome.kind) {
      case 'sent':
        showToast({ variant: 'success', ...texts.sent, keep: texts.keep }, timeout);
        return true;
      case 'queued':
        showToast(
          {
            variant: 'success',
            title: t`Saved on your phone`,
            description: t`Your entry will be sent as soon as you are online. The counter at the top of the page shows what is still waiting; tap it to follow your entry.`,
            keep: texts.keep,
          },
          timeout,
        );
        return true;
      case 'waits_for_phone':
        // Verified: the code step said so, and the announcer tells the delivery.
        if (!outcome.verified) {
          showToast({
            variant: 'error',
            title: t`Verify your phone to send your entry`,
            description: t`Your entry is kept on this device. Open “Saved on this device” and verify the phone number with a code; the entry is then sent.`,
            keep: texts.keep,
          });
        }
        return true;
      case 'already_participated':
        showToast({
          variant: 'error',
          title: texts.alreadyTitle ?? t`Already Participated`,
          description: already,
        });
        return false;
      case 'closed':
        showToast({
          variant: 'error',
          title: t`This event is closed`,
          description: t`The hotel has paused this draw for now. Please try again later.`,
        });
        return false;
      case 'refused':
        showToast({
          variant: 'error',
          title:
            outcome.error.code === 'already_participated'
              ? (texts.alreadyTitle ?? t`Already Participated`)
              : texts.failedTitle,
          description: outcome.error.message || undefined,
        });
        return false;
      case 'invalid_phone':
        showFix({
          variant: 'error',
          title: t`Missing Information`,
          description: fieldMessage(i18n, outcome.message) ?? outcome.message,
        });
        return false;
      case 'read_failed':
        showToast({
          variant: 'error',
          title: texts.failedTitle,
          description: texts.readFailed ?? t`An image could not be processed. Please choose it again.`,
        });
        return false;
      case 'storage_full':
        showToast({ variant: 'error', ...storageFull });
        return false;
    }
  };
}
