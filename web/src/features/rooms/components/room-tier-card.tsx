import { useLingui } from '@lingui/react/macro';
import { type ReactNode, Suspense, useState } from 'react';
import { PlainButton } from '@/components/ui/plain-button';
import { formatCount } from '@/lib/format';
import type { RoomTier } from '@/entities/rooms/get-rooms';
import { type StockLevel, stockLevel } from '@/entities/rooms/availability';
import { CheckList } from '@/components/check-list';
import { Picture } from '@/components/picture';
import { LazyPhotoViewer, preloadPhotoViewer } from '@/components/photo-viewer/lazy-photo-viewer';
import { shownImages } from '@/lib/photos';
import { NightPrice } from './night-price';
import { useLanguage } from '@/hooks/use-language';
import { landingLazy } from '@/lib/lazy';
import { roomsLeftTonight } from '@/lib/rooms-left-tonight';
import { typeBorder } from '../lib/type-colours';

/** The rooms-left badge's colours by level (also the landing's cards drawn before the app, app/prerender.tsx). */
export const stockClass: Record<StockLevel, string> = {
  red: 'bg-red-100 text-red-800',
  yellow: 'bg-amber-100 text-amber-900',
  ok: 'bg-emerald-100 text-emerald-900',
};

// Only a card sold out tonight loads it (the landing's first script does not hold it).
const NextAvailable = landingLazy(() => import('@/entities/availability/next-available'));

/**
 * One room tier: name, struck-through original price, discounted price per
 * night, features, rooms left tonight (spec low-stock colours) and Book Now,
 * which says Not Available when none is left, and then when it is next available. In the
 * quick-booking panel `details` shows the smoking and bed counts.
 */
export function RoomTierCard({
  room,
  roomsLeft,
  details,
  onBook,
  testId = `room-tier-${room.roomType}`,
  headingLevel = 3,
  position,
}: {
  room: RoomTier;
  roomsLeft: number | undefined;
  details?: ReactNode;
  onBook: () => void;
  testId?: string;
  headingLevel?: 3 | 4;
  /** The type's place in the hotel's order (its colour). */
  position?: number;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const name = language === 'ar' ? room.nameAr : room.nameEn;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const soldOut = roomsLeft === 0;
  const n = (count: number) => formatCount(count, language);
  const [viewing, setViewing] = useState<number | null>(null);
  const photos = shownImages(
    room.photos,
    [],
    language,
    (i, total) => t`${name}: photo ${n(i)} of ${n(total)}`,
    { width: 800, height: 500 },
  );
  const cover = photos[0];
  return (
    <article
      data-testid={testId}
      aria-labelledby={`${testId}-name`}
      className={`flex flex-col gap-3 overflow-hidden rounded-2xl border border-sand-200 border-t-8 bg-white p-5 shadow-sm [contain-intrinsic-block-size:auto_46rem] [content-visibility:auto] ${typeBorder(position)}`}
    >
      {cover ? (
        // The room's first photo; a tap opens its photos full screen.
        <button
          type="button"
          className="-mx-5 -mt-5 mb-1 block cursor-zoom-in overflow-hidden bg-sand-100 outline-none focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-gold-700"
          aria-label={t`Photos of the ${name}, full screen`}
          onPointerEnter={preloadPhotoViewer}
          onFocus={preloadPhotoViewer}
          onClick={() => setViewing(0)}
          data-testid="room-card-photo"
        >
          <Picture
            image={cover}
            sizes="(min-width: 1024px) 280px, (min-width: 640px) 50vw, 100vw"
            className="relative block aspect-[8/5]"
            testId="room-card-image"
            // Every room's cover is there offline, also one the guest never scrolled to.
            keepOffline
          />
        </button>
      ) : null}
      <LazyPhotoViewer images={photos} index={viewing} onClose={() => setViewing(null)} />
      <Heading id={`${testId}-name`} className="text-xl font-bold text-slate-900">
        {name}
      </Heading>
      <p className="text-sm text-slate-700">{language === 'ar' ? room.descriptionAr : room.descriptionEn}</p>
      <NightPrice
        priceBaisa={room.discountedPriceBaisa}
        originalBaisa={room.originalPriceBaisa}
        language={language}
        priceTestId="room-price"
      />
      {room.amenities.length > 0 ? (
        <CheckList items={room.amenities.map((a) => (language === 'ar' ? a.ar : a.en))} />
      ) : null}
      <div className="mt-auto flex flex-col gap-3 pt-1">
        {roomsLeft !== undefined && (
          <p
            className={`self-start rounded-full px-3 py-1 text-sm font-semibold ${stockClass[stockLevel(room.lowStock, roomsLeft)]}`}
            data-testid="rooms-left"
          >
            {roomsLeft > 0 ? roomsLeftTonight(roomsLeft, language) : t`Not available tonight`}
          </p>
        )}
        {soldOut && (
          <Suspense fallback={null}>
            <NextAvailable roomType={room.roomType} />
          </Suspense>
        )}
        {details}
        <PlainButton
          variant={soldOut ? 'secondary' : 'primary'}
          aria-label={soldOut ? t`Not Available: ${name}` : t`Book Now: ${name}`}
          onPress={onBook}
          className="w-full"
        >
          {soldOut ? t`Not Available` : t`Book Now`}
        </PlainButton>
      </div>
    </article>
  );
}
