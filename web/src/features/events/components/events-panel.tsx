import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { RATING_DRAW_RULES } from '@shared/rating-draw-rules';
import { EVENT_RULES } from '@shared/constants';
import { PinIcon, StarIcon } from '@/components/icons';
import { CameraIcon, GiftIcon, ShareIcon } from '@/components/more-icons';
import { Button, LinkButton } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { useHideHeader } from '@/hooks/use-hide-header';
import { useEventOpen } from '@/entities/events/get-event-settings';
import { useLanguage } from '@/hooks/use-language';
import { lazy } from '@/lib/lazy';
import { whenIdle } from '@/lib/tasks';
import { useIdle } from '@/hooks/use-idle';
import { commentsCount, photosCount, screenshotsCount, timesCount } from '@/lib/counts';

// The events' forms and the list of what waits to be sent: lazy parts, so that the panel itself
// (a link of the spec, /?events=true, acts within 1.5 s) needs only its own code, a third of what
// they bring (zod, the phone field, the image picker, the outbox); fetched once the panel is on
// screen and the page idle, so that a tap on an event finds them there (decision 099). Not as it
// mounts: asking for their 50-odd files took a slow phone's main thread about 200 ms before the
// panel's first frame.
const PhotographyModal = lazy(
  () => import('./photography-modal'),
  (m) => m.PhotographyModal,
);
const LocationSharingModal = lazy(
  () => import('./location-sharing-modal'),
  (m) => m.LocationSharingModal,
);
const GoogleReviewModal = lazy(
  () => import('./google-review-modal'),
  (m) => m.GoogleReviewModal,
);
const OutboxList = lazy(
  () => import('@/components/outbox/outbox-list'),
  (m) => m.OutboxList,
);

type View = 'list' | 'photography' | 'location' | 'google';

/**
 * "Featured Events & Activities" (guest spec section 2): the monthly prize
 * draws with the free-nights banner. Photography, location sharing and the
 * Google review open their modals over this panel (closing one comes back
 * here); the hotel rating draw is its own page. An event an admin has
 * switched off is left out. A lazy chunk of the landing page.
 */
export default function EventsPanel({ onClose }: { onClose: () => void }) {
  const [view, setView] = useState<View>('list');
  // Shares are counted on this device and kept while the panel is open (spec section 5).
  const [shares, setShares] = useState(0);
  const back = () => setView('list');
  useEffect(
    () =>
      whenIdle(() => {
        for (const part of [PhotographyModal, LocationSharingModal, GoogleReviewModal])
          part.preload().catch(() => undefined); // (asked again at the tap)
      }),
    [],
  );

  return (
    <>
      <Modal
        isOpen
        onOpenChange={(open) => !open && onClose()}
        title={<Trans>Featured Events & Activities</Trans>}
        size="wide"
      >
        <PanelBody onOpen={setView} />
      </Modal>
      <Suspense fallback={null}>{view === 'photography' && <PhotographyModal onClose={back} />}</Suspense>
      <Suspense fallback={null}>
        {view === 'location' && (
          <LocationSharingModal
            shares={shares}
            onShare={() => setShares((n) => Math.min(n + 1, EVENT_RULES.locationSharesRequired))}
            onEntered={() => {
              setShares(0);
              back();
            }}
            onClose={back}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>{view === 'google' && <GoogleReviewModal onClose={back} />}</Suspense>
    </>
  );
}

function PanelBody({ onOpen }: { onOpen: (view: View) => void }) {
  useHideHeader();
  // What waits to be sent (this device's outbox): once the panel is on screen and the page idle.
  const outboxShown = useIdle(OutboxList.preload);
  const { t } = useLingui();
  const language = useLanguage();
  const isOpen = useEventOpen();
  const minPhotos = photosCount(EVENT_RULES.photographyMinImages, language);
  const shares = timesCount(EVENT_RULES.locationSharesRequired, language);
  const minComments = commentsCount(RATING_DRAW_RULES.minComments, language);
  const ratingScreenshots = screenshotsCount(EVENT_RULES.ratingMinImages, language);
  const modalScreenshots = screenshotsCount(EVENT_RULES.googleReviewModalMinImages, language);

  // An event an admin has switched off is not offered at all (the two Google ways share one switch).
  const cards = [
    isOpen('photography') && (
      <EventCard
        key="photography"
        testId="photography"
        icon={<CameraIcon />}
        title={t`Photography Event`}
        text={t`Share at least ${minPhotos} you took at the hotel.`}
        action={
          <Button onPress={() => onOpen('photography')} className="w-full">
            <Trans>Join the photography event</Trans>
          </Button>
        }
      />
    ),
    isOpen('location_sharing') && (
      <EventCard
        key="location"
        testId="location_sharing"
        icon={<ShareIcon />}
        title={t`Location Sharing Event`}
        text={t`Share the hotel with friends on WhatsApp ${shares}.`}
        action={
          <Button onPress={() => onOpen('location')} className="w-full">
            <Trans>Join the location sharing event</Trans>
          </Button>
        }
      />
    ),
    isOpen('hotel_rating') && (
      <EventCard
        key="hotel_rating"
        testId="hotel_rating"
        icon={<StarIcon />}
        title={t`Hotel Rating Event`}
        text={t`Write a new Google review with at least ${minComments}, then send ${ratingScreenshots} of it on the draw's own page.`}
        note={t`${ratingScreenshots} · step-by-step page`}
        action={
          <LinkButton href="/hotel-rating-event" className="w-full">
            <Trans>Go to the hotel rating draw</Trans>
          </LinkButton>
        }
      />
    ),
    isOpen('hotel_rating') && (
      <EventCard
        key="google_review"
        testId="google_review"
        icon={<PinIcon />}
        title={t`Google Review Event`}
        text={t`Already reviewed the hotel on Google Maps? Send ${modalScreenshots} of your review here. Either way counts as this month's one rating entry.`}
        note={t`${modalScreenshots} · quick form here`}
        action={
          <Button variant="secondary" onPress={() => onOpen('google')} className="w-full">
            <Trans>Join the Google review event</Trans>
          </Button>
        }
      />
    ),
  ].filter(Boolean);

  return (
    <div className="flex flex-col gap-5" data-testid="events-panel">
      <section className="flex items-center gap-4 rounded-2xl bg-linear-to-r from-teal-800 to-gold-700 rtl:bg-linear-to-l p-5 text-white shadow-sm">
        <span
          aria-hidden="true"
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-white/15 text-gold-400"
        >
          <GiftIcon />
        </span>
        <div className="flex flex-col gap-1">
          <p className="text-lg font-bold">
            <Trans>Win free nights at the hotel!</Trans>
          </p>
          <p className="text-sm text-sand-100">
            <Trans>
              Join our monthly draws: winners are drawn at the end of each month and called by phone. One
              entry per phone number per event each month.
            </Trans>
          </p>
        </div>
      </section>

      {cards.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2">{cards}</ul>
      ) : (
        <p className="rounded-2xl bg-sand-100 p-4 text-slate-800" data-testid="no-events-open">
          <Trans>No draw is open right now. Please check again later.</Trans>
        </p>
      )}
      {outboxShown && (
        <Suspense fallback={null}>
          <OutboxList />
        </Suspense>
      )}
    </div>
  );
}

function EventCard({
  testId,
  icon,
  title,
  text,
  note,
  action,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  text: string;
  /** What sets this way apart at a glance (the two Google ways look alike otherwise). */
  note?: string;
  action: ReactNode;
}) {
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4"
      data-testid={`event-card-${testId}`}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-sand-100 text-teal-700"
        >
          {icon}
        </span>
        <div className="flex flex-col gap-1">
          <h3 className="text-base font-bold text-slate-900">{title}</h3>
          <p className="text-sm text-slate-700">{text}</p>
          {note ? (
            <p className="self-start rounded-full bg-teal-50 px-2.5 py-0.5 text-xs font-semibold text-teal-800">
              {note}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-auto">{action}</div>
    </li>
  );
}
