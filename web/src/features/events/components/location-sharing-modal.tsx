import { useHotelName } from '@/entities/site-settings/get-site-settings';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { Form, Label, ProgressBar } from 'react-aria-components';
import { EVENT_RULES } from '@shared/constants';
import { PhoneField } from '@/components/guest-fields';
import { OutboxList } from '@/components/outbox/outbox-list';
import { PhoneVerification } from '@/components/phone-verification/phone-verification';
import { Button, buttonClass } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { formatCount } from '@/lib/format';
import { useFixToast, useOutcomeToast } from '../lib/entry-messages';
import { useEntryPhone } from '../lib/use-entry-fields';
import { useEventEntry } from '../lib/use-event-entry';
import { useLanguage } from '@/hooks/use-language';
import { WhatsAppIcon } from '@/components/more-icons';
import { timesCount } from '@/lib/counts';

const SHARES = EVENT_RULES.locationSharesRequired;

/** The WhatsApp share link: the fixed promotional text, then the site's own address. */
export function shareLink(text: string, origin: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${origin}`)}`;
}

/**
 * The location sharing event (guest spec sections 2, 5, 7): share the
 * hotel's site on WhatsApp five times (counted on this device, capped at 5),
 * then give a phone number to enter the draw. The count lives in the events
 * panel, so closing this modal and coming back keeps it; a successful entry
 * resets it to 0 and closes the modal.
 */
export function LocationSharingModal({
  shares,
  onShare,
  onEntered,
  onClose,
}: {
  shares: number;
  onShare: () => void;
  onEntered: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Location Sharing Event</Trans>}
      size="md"
    >
      <LocationSharingBody shares={shares} onShare={onShare} onEntered={onEntered} />
    </Modal>
  );
}

function LocationSharingBody({
  shares,
  onShare,
  onEntered,
}: {
  shares: number;
  onShare: () => void;
  onEntered: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const sharesText = formatCount(SHARES, language);
  const timesText = timesCount(SHARES, language);
  const phone = useEntryPhone();
  const fixKey = phone.trimmed;
  const toastFor = useOutcomeToast(fixKey);
  const showFix = useFixToast(fixKey);
  const entry = useEventEntry('location_sharing', (outcome) => {
    const done = toastFor(outcome, {
      sent: {
        title: t`Congratulations! Successfully Participated`,
        description: t`You completed ${sharesText}/${sharesText} shares and are entered in the draw at the end of the month.`,
      },
      failedTitle: t`Registration Error`,
    });
    if (done) {
      phone.clear();
      onEntered();
    }
  });
  const complete = shares >= SHARES;
  const left = SHARES - shares;
  const leftText = formatCount(left, language);
  // The hotel's name and address as the admin set them (site settings).
  const hotelName = useHotelName();
  const promo = t`Discover ${hotelName}: comfortable rooms, great offers and monthly draws for free nights. Visit:`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (entry.isPending || !complete) return;
    if (phone.isEmpty) {
      phone.markMissing();
      showFix({
        variant: 'error',
        title: t`Missing Information`,
        description: t`Please enter phone number`,
      });
      return;
    }
    if (!phone.check()) return;
    void entry.submit({
      eventType: 'location_sharing',
      participantPhone: phone.trimmed,
      entry: { kind: 'location_sharing' },
    });
  }

  return (
    <div className="flex flex-col gap-5" data-testid="location-modal">
      <p className="text-slate-700">
        <Trans>
          Share the hotel with your friends on WhatsApp {timesText}, then enter your phone number to join this
          month's draw for free nights.
        </Trans>
      </p>

      <ProgressBar
        value={shares}
        maxValue={SHARES}
        valueLabel={`${formatCount(shares, language)} / ${formatCount(SHARES, language)}`}
        className="flex flex-col gap-2"
      >
        {({ percentage, valueText }) => (
          <>
            <div className="flex items-center justify-between gap-3">
              <Label className="font-semibold text-slate-800">
                <Trans>Shares</Trans>
              </Label>
              <span className="text-2xl font-bold text-teal-800" data-testid="share-count" dir="ltr">
                {valueText}
              </span>
            </div>
            <div className="h-3 overflow-hidden rounded-full bg-sand-200">
              <div
                className="h-full rounded-full bg-teal-700 transition-[width]"
                style={{ width: `${percentage}%` }}
              />
            </div>
          </>
        )}
      </ProgressBar>

      <a
        href={shareLink(promo, window.location.origin)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onShare}
        className={buttonClass('primary', 'w-full hover:bg-teal-800')}
        data-testid="share-whatsapp"
      >
        <WhatsAppIcon />
        <Trans>Share on WhatsApp</Trans>
      </a>

      <p
        aria-live="polite"
        className={`rounded-xl p-3 text-center font-semibold ${complete ? 'bg-green-50 text-green-900' : 'bg-sand-100 text-slate-800'}`}
        data-testid="share-status"
      >
        {complete ? (
          <Trans>All 5 shares done! Enter your phone number to join the draw.</Trans>
        ) : (
          <Plural value={left} one={`${leftText} more share to go`} other={`${leftText} more shares to go`} />
        )}
      </p>

      {complete && (
        <Form onSubmit={submit} className="flex flex-col gap-4" validationBehavior="aria">
          <PhoneField {...phone.field} />
          <Button type="submit" isDisabled={phone.isEmpty} isPending={entry.isPending} className="w-full">
            {entry.isPending ? <Trans>Sending…</Trans> : <Trans>Complete Share & Enter Draw</Trans>}
          </Button>
        </Form>
      )}
      <OutboxList kind="location_sharing" />
      {entry.verification ? <PhoneVerification {...entry.verification} /> : null}
    </div>
  );
}
