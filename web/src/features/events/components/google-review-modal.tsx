import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { EVENT_RULES } from '@shared/constants';
import { PhoneField } from '@/components/guest-fields';
import { OutboxList } from '@/components/outbox/outbox-list';
import { PhoneVerification } from '@/components/phone-verification/phone-verification';
import { Button, buttonClass } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { formatCount } from '@/lib/format';
import { HOTEL_MAPS_URL } from '../lib/event-links';
import { useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { useFixToast, useOutcomeToast } from '../lib/entry-messages';
import { useEntryPhone } from '../lib/use-entry-fields';
import { useEventEntry } from '../lib/use-event-entry';
import { ImagePicker } from './image-picker';
import { useLanguage } from '@/hooks/use-language';

const MIN_SCREENSHOTS = EVENT_RULES.googleReviewModalMinImages;

/**
 * The Google review event (guest spec sections 2, 7): four steps, a link to
 * the hotel on Google Maps, then a phone number and a screenshot of the
 * review. Submit stays disabled until both are there. It enters the same
 * monthly draw as the hotel rating page.
 */
export function GoogleReviewModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Google Review Event</Trans>}
      size="lg"
    >
      <GoogleReviewForm />
    </Modal>
  );
}

function GoogleReviewForm() {
  const { t } = useLingui();
  const mapUrl = useSiteSettings().data?.mapUrl;
  const language = useLanguage();
  const [files, setFiles] = useState<File[]>([]);
  const phone = useEntryPhone();
  const fixKey = `${phone.trimmed}|${files.length}`;
  const toastFor = useOutcomeToast(fixKey);
  const showFix = useFixToast(fixKey);
  const entry = useEventEntry('google_review', (outcome) => {
    const done = toastFor(outcome, {
      sent: { title: t`Thank you! Your review confirmation has been submitted successfully` },
      failedTitle: t`Error occurred while submitting confirmation`,
    });
    if (done) {
      setFiles([]);
      phone.clear();
    }
  });
  const ready = !phone.isEmpty && files.length >= MIN_SCREENSHOTS;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (entry.isPending) return;
    if (!ready) {
      showFix({
        variant: 'error',
        title: t`Missing Information`,
        description: t`Please enter phone number and upload screenshot`,
      });
      return;
    }
    if (!phone.check()) return;
    void entry.submit({
      eventType: 'hotel_rating',
      participantPhone: phone.trimmed,
      images: { files, preset: 'screenshot' },
      entry: { kind: 'google_review', source: 'modal' },
    });
  }

  const steps = [
    t`Open the hotel's page on Google Maps with the button below.`,
    t`Write an honest review with a star rating.`,
    t`Take a screenshot of your published review.`,
    t`Enter your phone number, add the screenshot and submit.`,
  ];

  return (
    <div className="flex flex-col gap-5" data-testid="google-review-modal">
      <ol className="flex flex-col gap-2">
        {steps.map((step, index) => (
          <li key={step} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-teal-700 text-sm font-bold text-white"
            >
              {formatCount(index + 1, language)}
            </span>
            <span className="pt-0.5 text-slate-800">{step}</span>
          </li>
        ))}
      </ol>
      <a
        href={mapUrl || HOTEL_MAPS_URL}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass('secondary', 'w-full hover:bg-sand-100 sm:w-auto sm:self-start')}
      >
        <Trans>Open the hotel on Google Maps</Trans>
        <span className="sr-only">
          <Trans>(opens in a new tab)</Trans>
        </span>
      </a>
      <Form onSubmit={submit} className="flex flex-col gap-5" validationBehavior="aria">
        <PhoneField {...phone.field} />
        <ImagePicker
          testId="google-review-picker"
          files={files}
          onChange={setFiles}
          chooseLabel={t`Choose screenshot`}
          isDisabled={entry.isPending}
          status={
            files.length > 0 ? (
              <span className="text-green-800">
                <Trans>Screenshot added</Trans>
              </span>
            ) : (
              <span className="text-slate-700">
                <Trans>No screenshot yet</Trans>
              </span>
            )
          }
        />
        <Button
          type="submit"
          isDisabled={!ready}
          isPending={entry.isPending}
          className="w-full sm:w-auto sm:self-start sm:px-8"
        >
          {entry.isPending ? <Trans>Sending…</Trans> : <Trans>Submit Confirmation</Trans>}
        </Button>
      </Form>
      <OutboxList kind="google_review" />
      {entry.verification ? <PhoneVerification {...entry.verification} /> : null}
    </div>
  );
}
