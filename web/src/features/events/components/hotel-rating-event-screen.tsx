import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button as AriaButton, Form } from 'react-aria-components';
import { useNavigate } from '@/lib/router';
import { RATING_DRAW_RULES } from '@shared/rating-draw-rules';
import { EVENT_RULES, TIMING } from '@shared/constants';
import { PhoneField } from '@/components/guest-fields';
import { OutboxList } from '@/components/outbox/outbox-list';
import { PhoneVerification } from '@/components/phone-verification/phone-verification';
import { Button, buttonClass } from '@/components/ui/button';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { formatCount } from '@/lib/format';
import { useEventOpen } from '@/entities/events/get-event-settings';
import { useFixToast, useOutcomeToast } from '../lib/entry-messages';
import { HOTEL_REVIEW_SEARCH_URL } from '../lib/event-links';
import { useEntryPhone, useImageCount } from '../lib/use-entry-fields';
import { useEventEntry } from '../lib/use-event-entry';
import { ImageCountStatus, ImagePicker } from './image-picker';
import { CloseIcon, GiftIcon } from '@/components/more-icons';
import { useLanguage } from '@/hooks/use-language';
import { commentsCount, daysCount, screenshotsCount } from '@/lib/counts';

const MIN_SCREENSHOTS = EVENT_RULES.ratingMinImages;
const BACK_TO_EVENTS = '/?events=true';

/**
 * /hotel-rating-event, the hotel rating draw (guest spec sections 2, 5, 7,
 * 9): rate the hotel on Google with 3 or more different comments, send 3 or
 * more screenshots and a phone number, and enter the monthly draw for a free
 * overnight stay. Public: anonymous guests take part too. On success the
 * form clears, the toast stays 5 s and after 2 s the guest is back on the
 * events panel.
 */
export function HotelRatingEventScreen() {
  const language = useLanguage();
  const minComments = commentsCount(RATING_DRAW_RULES.minComments, language);
  const minScreenshots = screenshotsCount(MIN_SCREENSHOTS, language);
  const minAge = formatCount(RATING_DRAW_RULES.minParticipantAge, language);
  const claimDays = daysCount(EVENT_RULES.prizeClaimDays, language);
  const navigate = useNavigate();
  const { t } = useLingui();
  const isOpen = useEventOpen()('hotel_rating');

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6" data-testid="hotel-rating-page">
      <header className="flex items-start justify-between gap-3 rounded-3xl bg-teal-700 p-5 text-white shadow-md sm:p-6">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold sm:text-3xl">
            <Trans>Hotel Rating Event</Trans>
          </h1>
          <p className="text-sand-100">
            <Trans>Rate us on Google and enter this month's draw for a free overnight stay.</Trans>
          </p>
        </div>
        <AriaButton
          aria-label={t`Close`}
          onPress={() => void navigate(BACK_TO_EVENTS)}
          className="-me-1 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-white outline-none data-[hovered]:bg-white/15 data-[pressed]:bg-white/25 data-[focus-visible]:outline-3 data-[focus-visible]:outline-white"
        >
          <CloseIcon />
        </AriaButton>
      </header>

      <p role="note" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <strong>
          <Trans>Important:</Trans>
        </strong>{' '}
        <Trans>
          your review must include at least {minComments} on different things, for example about the food, the
          rooms and the service.
        </Trans>
      </p>

      <section
        className="flex items-center gap-4 rounded-2xl bg-sand-100 p-5 ring-1 ring-gold-400"
        aria-labelledby="prize-heading"
      >
        <span
          aria-hidden="true"
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-gold-700 text-white"
        >
          <GiftIcon />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id="prize-heading" className="text-lg font-bold text-teal-800">
            <Trans>The prize: a free overnight stay</Trans>
          </h2>
          <p className="text-slate-800">
            <Trans>The winner is drawn at the end of the month and called by phone.</Trans>
          </p>
        </div>
      </section>

      <section aria-labelledby="steps-heading" className="flex flex-col gap-3">
        <h2 id="steps-heading" className="text-xl font-bold text-teal-800">
          <Trans>How to take part</Trans>
        </h2>
        <ol className="flex flex-col gap-3">
          <Step number={1} title={t`Rate the hotel on Google`}>
            <a
              href={HOTEL_REVIEW_SEARCH_URL}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary', 'mt-2 self-start hover:bg-sand-100')}
            >
              <Trans>Rate us on Google</Trans>
              <span className="sr-only">
                <Trans>(opens in a new tab)</Trans>
              </span>
            </a>
          </Step>
          <Step number={2} title={t`Take a screenshot of your review`}>
            <Trans>Once it is published, take at least {minScreenshots} showing your comments.</Trans>
          </Step>
          <Step number={3} title={t`Submit your entry`}>
            <Trans>Enter your phone number and add the screenshots below.</Trans>
          </Step>
        </ol>
      </section>

      {isOpen ? (
        <RatingForm />
      ) : (
        <p className="rounded-2xl bg-slate-100 p-4 text-slate-800" data-testid="event-closed">
          <strong className="block">
            <Trans>This draw is closed for now</Trans>
          </strong>
          <Trans>The hotel has paused the hotel rating draw. Please check again later.</Trans>
        </p>
      )}

      <section
        aria-labelledby="terms-heading"
        className="flex flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-5"
      >
        <h2 id="terms-heading" className="text-lg font-bold text-teal-800">
          <Trans>Terms and conditions</Trans>
        </h2>
        <ul className="list-disc space-y-1 ps-5 text-slate-800">
          <li>
            <Trans>Participants must be {minAge} or older.</Trans>
          </li>
          <li>
            <Trans>One entry per person.</Trans>
          </li>
          <li>
            <Trans>The review must be genuine and your own.</Trans>
          </li>
          <li>
            <Trans>Winners are drawn at random and notified by phone.</Trans>
          </li>
          <li>
            <Trans>Prizes must be claimed within {claimDays}.</Trans>
          </li>
          <li>
            <Trans>Management may verify entries and disqualify any that break these terms.</Trans>
          </li>
          <li>
            <Trans>Your review may be used for promotion.</Trans>
          </li>
        </ul>
      </section>
    </main>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const language = useLanguage();
  return (
    <li className="flex items-start gap-3 rounded-2xl border border-sand-200 bg-white p-4">
      <span
        aria-hidden="true"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-teal-700 font-bold text-white"
      >
        {formatCount(number, language)}
      </span>
      <div className="flex flex-col text-slate-700">
        <h3 className="font-bold text-slate-900">{title}</h3>
        {children}
      </div>
    </li>
  );
}

function RatingForm() {
  const { t } = useLingui();
  const language = useLanguage();
  const maxMegabytes = formatCount(EVENT_RULES.maxImageBytes / 1024 / 1024, language);
  const minScreenshots = screenshotsCount(MIN_SCREENSHOTS, language);
  const delayedNavigate = useDelayedNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const phone = useEntryPhone();
  const fixKey = `${phone.trimmed}|${files.length}`;
  const toastFor = useOutcomeToast(fixKey);
  const showFix = useFixToast(fixKey);
  const entry = useEventEntry('google_review', (outcome) => {
    const done = toastFor(outcome, {
      sent: {
        title: t`Entry received`,
        description: t`Your submission has been received successfully! We will review it and notify you if you win.`,
      },
      failedTitle: t`Failed to submit your entry. Please try again.`,
      alreadyTitle: t`Limited participation`,
      readFailed: t`Failed to process the screenshot. Please try again.`,
      timeout: TIMING.ratingSuccessToast,
      // Shown 5 s, and the guest is back on the events panel after 2: it stays over the panel.
      keep: true,
    });
    if (done) {
      setFiles([]);
      phone.clear();
      delayedNavigate(BACK_TO_EVENTS, TIMING.ratingRedirect);
    }
  });
  const { needed, countText, neededText } = useImageCount(files.length, MIN_SCREENSHOTS);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (entry.isPending) return;
    if (phone.isEmpty || needed > 0) {
      showFix({
        variant: 'error',
        title: t`Missing Information`,
        description: t`Please enter your phone number and upload at least ${minScreenshots}.`,
      });
      if (phone.isEmpty) phone.markMissing();
      return;
    }
    if (!phone.check()) return;
    void entry.submit({
      eventType: 'hotel_rating',
      participantPhone: phone.trimmed,
      images: { files, preset: 'screenshot' },
      entry: { kind: 'google_review', source: 'rating_page' },
    });
  }

  return (
    <section
      aria-labelledby="entry-heading"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
    >
      <h2 id="entry-heading" className="text-xl font-bold text-teal-800">
        <Trans>Your entry</Trans>
      </h2>
      <Form onSubmit={submit} className="flex flex-col gap-5" validationBehavior="aria">
        <PhoneField {...phone.field} />
        <ImagePicker
          testId="rating-picker"
          files={files}
          onChange={setFiles}
          chooseLabel={t`Choose screenshots`}
          isDisabled={entry.isPending}
          status={
            <ImageCountStatus
              needed={needed}
              count={
                <Plural
                  value={files.length}
                  one={`${countText} screenshot uploaded`}
                  other={`${countText} screenshots uploaded`}
                />
              }
              stillNeeded={
                <Plural
                  value={needed}
                  one={`${neededText} more needed`}
                  other={`${neededText} more needed`}
                />
              }
              accepted={<Trans context="enough screenshots">Complete</Trans>}
            />
          }
        />
        <p className="text-sm text-slate-600">
          <Trans>Images only, up to {maxMegabytes} MB each.</Trans>
        </p>
        <Button type="submit" isPending={entry.isPending} className="w-full sm:w-auto sm:self-start sm:px-10">
          {entry.isPending ? <Trans>Submitting...</Trans> : <Trans>Submit entry</Trans>}
        </Button>
      </Form>
      <OutboxList kind="google_review" />
      {entry.verification ? <PhoneVerification {...entry.verification} /> : null}
    </section>
  );
}
