import { Trans, useLingui } from '@lingui/react/macro';
import { Switch } from '@/components/ui/switch';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage } from '@/lib/api-client';
import { useSetWhatsAppOptIn, useWhatsAppPhones } from '../api/whatsapp-opt-in';
import { formatPhone } from '@shared/phone-countries';

/**
 * "Updates on WhatsApp" on the account page (a lazy chunk): for each phone the guest verified, a
 * switch for the hotel's messages there (the confirmation, a reminder before arrival, the payment
 * link, the invoice, a review request). The server keeps when and how it was set; "STOP" on
 * WhatsApp turns it off too. Phone numbers shown as typed, left to right.
 */
export default function WhatsAppUpdatesSection() {
  const { t } = useLingui();
  const phones = useWhatsAppPhones();
  const set = useSetWhatsAppOptIn();
  return (
    <section
      aria-labelledby="whatsapp-updates-heading"
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
      data-testid="whatsapp-updates"
    >
      <div className="flex flex-col gap-1">
        <h2 id="whatsapp-updates-heading" className="text-lg font-bold text-slate-900">
          <Trans>Updates on WhatsApp</Trans>
        </h2>
        <p className="text-sm text-slate-700">
          <Trans>
            Your booking's confirmation, a reminder before you arrive and your invoice. Reply STOP at any
            time.
          </Trans>
        </p>
      </div>
      {phones.isSuccess && phones.data.phones.length === 0 ? (
        <p className="text-sm text-slate-700">
          <Trans>
            Verify your phone number (when you book or enter a draw) to receive updates on WhatsApp.
          </Trans>
        </p>
      ) : null}
      {phones.data?.phones.map((p) => (
        <Switch
          key={p.phone}
          isSelected={p.optIn}
          isDisabled={set.isPending}
          onChange={(optIn) =>
            set.mutate(
              { phone: p.phone, optIn },
              {
                onError: (error) =>
                  showToast({
                    title: errorMessage(error, t`Not saved. Please try again.`),
                    variant: 'error',
                  }),
              },
            )
          }
        >
          <Trans>
            Updates to{' '}
            <bdi dir="ltr" className="font-medium">
              {formatPhone(p.phone)}
            </bdi>
          </Trans>
        </Switch>
      ))}
    </section>
  );
}
