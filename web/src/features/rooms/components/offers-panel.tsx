import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useRef, useState } from 'react';
import { lazy } from '@/lib/lazy';
import { Button as AriaButton, useLocale } from 'react-aria-components';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { LoadingOverlay } from '@/components/loading-overlay';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { useHideHeader } from '@/hooks/use-hide-header';
import { type Offer, useOffers } from '@/entities/offers/get-offers';
import { useRooms } from '@/entities/rooms/get-rooms';
import { typeBand } from '../lib/type-colours';
import { ChevronIcon } from '@/components/more-icons';
import { CheckList } from '@/components/check-list';
import { Picture } from '@/components/picture';
import { LazyPhotoViewer, preloadPhotoViewer } from '@/components/photo-viewer/lazy-photo-viewer';
import { formatCount } from '@/lib/format';
import { shownImages } from '@/lib/photos';
import { NightPrice } from './night-price';
import { useLanguage } from '@/hooks/use-language';
import { LoadError } from '@/components/load-error';
import { offerShownOn } from '@shared/offers';
import { hotelToday } from '@shared/dates';

const OfferGallery = lazy(() => import('./offer-gallery'));

const roundButton =
  'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full bg-white text-teal-800 shadow ring-1 ring-sand-200 outline-none data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700';

/**
 * The offers panel (spec section 2's "August Exclusive Offers"; its heading
 * names no month, an offer about a month says so in its own title): a row of
 * the offers valid today in Asia/Muscat with their prices (docs/decisions/014),
 * per offer a "Book this offer" button (the booking of its room, charged the
 * offer's price) and the spec's Check button, named for what it does ("See
 * photos": its gallery), and Book Now & Enjoy Offers, which opens Quick Booking.
 */
export default function OffersPanel({
  onClose,
  onQuickBooking,
  onBook,
}: {
  onClose: () => void;
  onQuickBooking: () => void;
  /** Starts the booking of the offer's room (the panel closes, as for Book Now on a room). */
  onBook: (roomType: RoomTypeCode) => void;
}) {
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Exclusive offers</Trans>}
      size="wide"
    >
      <PanelBody onQuickBooking={onQuickBooking} onBook={onBook} />
    </Modal>
  );
}

function PanelBody({
  onQuickBooking,
  onBook,
}: {
  onQuickBooking: () => void;
  onBook: (roomType: RoomTypeCode) => void;
}) {
  useHideHeader();
  const { t } = useLingui();
  const { direction } = useLocale();
  const offers = useOffers();
  // The room types in the hotel's order (the landing's catalogue, already loaded): each offer's colour.
  const typeOrder =
    useRooms()
      .data?.filter((room) => room.available !== false)
      .map((room) => room.roomType) ?? [];
  // The server sends only today's offers; a cached list (offline, or a page left open past
  // midnight in Muscat) is held to the same rule.
  const today = hotelToday();
  const shown = offers.data?.filter((offer) => offerShownOn({ ...offer, isActive: true }, today));
  const [gallery, setGallery] = useState<Offer | null>(null);
  const row = useRef<HTMLUListElement>(null);

  // One card further along the reading direction (to the left in Arabic).
  const scroll = (step: 1 | -1) => {
    const list = row.current;
    const card = list?.firstElementChild as HTMLElement | null;
    if (!list || !card) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({
      left: step * (direction === 'rtl' ? -1 : 1) * (card.offsetWidth + 16),
      behavior: reduce ? 'auto' : 'smooth',
    });
  };

  return (
    <div className="flex flex-col gap-5" data-testid="offers-panel">
      <p className="text-slate-700">
        <Trans>Our current offers on the rooms, with photos of each. Book now and enjoy the offer.</Trans>
      </p>
      {offers.isPending && (
        <p role="status" className="text-slate-700">
          <Trans>Loading offers…</Trans>
        </p>
      )}
      {/* Offline with the offers this device saved: those, without an error above them. */}
      {offers.isError && !offers.data && (
        <LoadError onRetry={() => void offers.refetch()}>
          <Trans>The offers could not be loaded. Check your connection and try again.</Trans>
        </LoadError>
      )}
      {shown && shown.length === 0 && (
        <p className="rounded-xl bg-sand-50 p-4 text-slate-800" data-testid="offers-empty">
          <Trans>
            There are no offers at the moment. Our rooms are still available at their usual prices.
          </Trans>
        </p>
      )}
      {shown && shown.length > 0 && (
        <section aria-roledescription={t`carousel`} aria-label={t`Offers`} className="flex flex-col gap-3">
          <ul
            ref={row}
            className="-mx-1 flex snap-x snap-mandatory gap-4 overflow-x-auto px-1 pt-1 pb-3 [scrollbar-width:thin]"
          >
            {shown.map((offer) => (
              <OfferCard
                key={offer.id}
                offer={offer}
                position={typeOrder.includes(offer.roomType) ? typeOrder.indexOf(offer.roomType) : undefined}
                onCheck={() => setGallery(offer)}
                onBook={() => onBook(offer.roomType)}
              />
            ))}
          </ul>
          <div className="flex items-center justify-between gap-2 lg:hidden">
            <AriaButton className={roundButton} aria-label={t`Previous offer`} onPress={() => scroll(-1)}>
              <ChevronIcon toward="start" />
            </AriaButton>
            <AriaButton className={roundButton} aria-label={t`Next offer`} onPress={() => scroll(1)}>
              <ChevronIcon toward="end" />
            </AriaButton>
          </div>
        </section>
      )}
      <Button onPress={onQuickBooking} className="w-full sm:w-auto sm:self-center sm:px-10">
        <Trans>Book Now & Enjoy Offers</Trans>
      </Button>
      {gallery && (
        <Suspense fallback={<LoadingOverlay />}>
          <OfferGallery offer={gallery} onClose={() => setGallery(null)} />
        </Suspense>
      )}
    </div>
  );
}

function OfferCard({
  offer,
  position,
  onCheck,
  onBook,
}: {
  offer: Offer;
  /** Its room type's place in the hotel's order (its colour). */
  position: number | undefined;
  onCheck: () => void;
  onBook: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const name = language === 'ar' ? offer.nameAr : offer.nameEn;
  const [viewing, setViewing] = useState<number | null>(null);
  const photos = shownImages(
    offer.photos,
    offer.galleryImages,
    language,
    (n, total) => `${name}: ${t`Photo ${formatCount(n, language)} of ${formatCount(total, language)}`}`,
    { width: 800, height: 500 },
  );
  const cover = photos[0];
  return (
    <li
      className="flex w-[85%] shrink-0 snap-start flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-sm sm:w-[46%] lg:w-[calc(25%-0.75rem)]"
      data-testid={`offer-${offer.roomType}`}
    >
      {/* The offer's first photo under its name; a tap opens its photos full screen. */}
      <div
        className={`relative flex min-h-44 flex-col justify-end gap-1 p-4 text-white ${typeBand(position)}`}
      >
        {cover ? (
          <button
            type="button"
            className="absolute inset-0 cursor-zoom-in outline-none focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-gold-400"
            aria-label={t`Photos of ${name}, full screen`}
            onPointerEnter={preloadPhotoViewer}
            onFocus={preloadPhotoViewer}
            onClick={() => setViewing(0)}
            data-testid="offer-card-photo"
          >
            <Picture
              image={cover}
              sizes="(min-width: 1024px) 280px, (min-width: 640px) 46vw, 85vw"
              className="relative block size-full"
              testId="offer-card-image"
            />
          </button>
        ) : null}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-gradient-to-t from-slate-950/80 via-slate-950/20 to-transparent"
        />
        {offer.isBestSeller && (
          <span className="pointer-events-none absolute top-3 end-3 rounded-full bg-gold-400 px-2.5 py-0.5 text-xs font-bold text-slate-900">
            <Trans>Best Seller</Trans>
          </span>
        )}
        <h3
          className={`pointer-events-none relative text-lg leading-snug font-bold [text-shadow:0_1px_6px_rgb(0_0_0/0.4)] ${offer.isBestSeller ? 'pe-24' : ''}`}
        >
          {name}
        </h3>
      </div>
      <LazyPhotoViewer images={photos} index={viewing} onClose={() => setViewing(null)} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <NightPrice
          priceBaisa={offer.discountedPriceBaisa}
          originalBaisa={offer.originalPriceBaisa}
          language={language}
        />
        <CheckList items={offer.features.map((f) => (language === 'ar' ? f.ar : f.en))} />
        <div className="mt-auto flex flex-col gap-2">
          <Button aria-label={t`Book this offer: ${name}`} onPress={onBook}>
            <Trans>Book this offer</Trans>
          </Button>
          <Button variant="secondary" aria-label={t`See photos: ${name}`} onPress={onCheck}>
            <Trans>See photos</Trans>
          </Button>
        </div>
      </div>
    </li>
  );
}
