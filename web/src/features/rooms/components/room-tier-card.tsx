import { Trans, useLingui } from '@lingui/react/macro';
import { LOW_STOCK, type Language, type RoomType } from '../../../../../shared/src/constants';
import { formatCount, formatPrice } from '../../../lib/format';
import type { RoomTier } from '../api/get-rooms';

const accent: Record<RoomType, string> = {
  silver: 'border-t-silver-600',
  gold: 'border-t-gold-700',
  diamond: 'border-t-diamond-700',
  deluxe: 'border-t-deluxe-700',
};

/** Spec low-stock colours: red at or below the tier's red mark, yellow at or below its yellow mark. */
function stockClass(roomType: RoomType, left: number) {
  if (left <= LOW_STOCK[roomType].red) return 'bg-red-100 text-red-800';
  if (left <= LOW_STOCK[roomType].yellow) return 'bg-amber-100 text-amber-900';
  return 'bg-emerald-100 text-emerald-900';
}

/** One room tier: name, struck-through original price, discounted price per night, features, rooms left. */
export function RoomTierCard({ room, roomsLeft }: { room: RoomTier; roomsLeft: number | undefined }) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const name = language === 'ar' ? room.nameAr : room.nameEn;
  const original = formatPrice(room.originalPriceBaisa, language);
  const price = formatPrice(room.discountedPriceBaisa, language);
  return (
    <article
      data-testid={`room-tier-${room.roomType}`}
      aria-labelledby={`room-${room.roomType}-name`}
      className={`flex flex-col gap-3 rounded-2xl border border-sand-200 border-t-8 bg-white p-5 shadow-sm ${accent[room.roomType]}`}
    >
      <h3 id={`room-${room.roomType}-name`} className="text-xl font-bold text-slate-900">
        {name}
      </h3>
      <p className="text-sm text-slate-700">{language === 'ar' ? room.descriptionAr : room.descriptionEn}</p>
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="text-2xl font-bold text-teal-800" data-testid="room-price">
          {price}
        </span>
        <s className="text-slate-600">
          <span className="sr-only">
            <Trans>Was</Trans>{' '}
          </span>
          {original}
        </s>
        <span className="text-sm text-slate-700">
          <Trans>per night</Trans>
        </span>
      </p>
      <ul className="flex flex-col gap-1 text-sm text-slate-800">
        {room.amenities.map((a) => (
          <li key={a.en} className="flex items-start gap-2">
            <span aria-hidden="true" className="text-teal-700">
              ✓
            </span>
            {language === 'ar' ? a.ar : a.en}
          </li>
        ))}
      </ul>
      {roomsLeft !== undefined && (
        <p
          className={`mt-auto self-start rounded-full px-3 py-1 text-sm font-semibold ${stockClass(room.roomType, roomsLeft)}`}
        >
          {roomsLeft > 0 ? (
            <Trans>{formatCount(roomsLeft, language)} rooms left tonight</Trans>
          ) : (
            <Trans>Not available tonight</Trans>
          )}
        </p>
      )}
    </article>
  );
}
