import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { EVENT_RULES } from '../../../../../shared/src/constants';
import { CameraIcon, GiftIcon, PinIcon, ShareIcon, StarIcon } from '../../../components/icons';
import { Button, LinkButton } from '../../../components/ui/button';
import { OutboxList } from '../../../components/outbox/outbox-list';
import { Modal } from '../../../components/ui/dialog';
import { useHideHeader } from '../../../hooks/use-hide-header';
import { useEventOpen } from '../../../entities/events/get-event-settings';
import { GoogleReviewModal } from './google-review-modal';
import { LocationSharingModal } from './location-sharing-modal';
import { PhotographyModal } from './photography-modal';

type View = 'list' | 'photography' | 'location' | 'google';

/**
 * "Featured Events & Activities" (guest spec section 2): the monthly prize
 * draws with the free-nights banner. Photography, location sharing and the
 * Google review open their modals over this panel (closing one comes back
 * here); the hotel rating draw is its own page. An event an admin has
 * switched off shows as closed. A lazy chunk of the landing page.
 */
export default function EventsPanel({ onClose }: { onClose: () => void }) {
  const [view, setView] = useState<View>('list');
  // Shares are counted on this device and kept while the panel is open (spec section 5).
  const [shares, setShares] = useState(0);
  const back = () => setView('list');

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
      {view === 'photography' && <PhotographyModal onClose={back} />}
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
      {view === 'google' && <GoogleReviewModal onClose={back} />}
    </>
  );
}

function PanelBody({ onOpen }: { onOpen: (view: View) => void }) {
  useHideHeader();
  const { t } = useLingui();
  const isOpen = useEventOpen();

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

      <ul className="grid gap-4 sm:grid-cols-2">
        <EventCard
          testId="photography"
          isOpen={isOpen('photography')}
          icon={<CameraIcon />}
          title={t`Photography Event`}
          text={t`Share 3 or more photos you took at the hotel.`}
          action={
            <Button onPress={() => onOpen('photography')} className="w-full">
              <Trans>Join the photography event</Trans>
            </Button>
          }
        />
        <EventCard
          testId="location_sharing"
          isOpen={isOpen('location_sharing')}
          icon={<ShareIcon />}
          title={t`Location Sharing Event`}
          text={t`Share the hotel with friends on WhatsApp 5 times.`}
          action={
            <Button onPress={() => onOpen('location')} className="w-full">
              <Trans>Join the location sharing event</Trans>
            </Button>
          }
        />
        <EventCard
          testId="hotel_rating"
          isOpen={isOpen('hotel_rating')}
          icon={<StarIcon />}
          title={t`Hotel Rating Event`}
          text={t`Rate the hotel on Google with 3 or more comments and send 3 screenshots.`}
          action={
            <LinkButton href="/hotel-rating-event" className="w-full">
              <Trans>Go to the hotel rating draw</Trans>
            </LinkButton>
          }
        />
        <EventCard
          testId="google_review"
          isOpen={isOpen('hotel_rating')}
          icon={<PinIcon />}
          title={t`Google Review Event`}
          text={t`Review the hotel on Google Maps and send one screenshot.`}
          action={
            <Button variant="secondary" onPress={() => onOpen('google')} className="w-full">
              <Trans>Join the Google review event</Trans>
            </Button>
          }
        />
      </ul>
      <OutboxList />
    </div>
  );
}

function EventCard({
  testId,
  isOpen,
  icon,
  title,
  text,
  action,
}: {
  testId: string;
  isOpen: boolean;
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <li
      className={`flex flex-col gap-3 rounded-2xl border p-4 ${isOpen ? 'border-sand-200 bg-white' : 'border-slate-300 bg-slate-50'}`}
      data-testid={`event-card-${testId}`}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`inline-flex size-11 shrink-0 items-center justify-center rounded-xl ${isOpen ? 'bg-sand-100 text-teal-700' : 'bg-slate-200 text-slate-600'}`}
        >
          {icon}
        </span>
        <div className="flex flex-col gap-1">
          <h3 className="text-base font-bold text-slate-900">{title}</h3>
          <p className="text-sm text-slate-700">{text}</p>
        </div>
      </div>
      <div className="mt-auto">
        {isOpen ? (
          action
        ) : (
          <p className="rounded-xl bg-slate-200 p-3 text-sm text-slate-800" data-testid="event-closed">
            <strong className="block">
              <Trans>Closed for now</Trans>
            </strong>
            <Trans>The hotel has paused this draw. Please check again later.</Trans>
          </p>
        )}
      </div>
    </li>
  );
}
