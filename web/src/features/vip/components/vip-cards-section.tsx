import { memo, useDeferredValue } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Language, VipCardType } from '@shared/constants';
import { useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { buttonClass } from '@/components/ui/button-class';
import { formatCount, formatPrice } from '@/lib/format';
import { type VipCard, useVipCards } from '../api/get-vip-cards';
import { discountRows, whatsappLink } from '../lib/whatsapp-link';
import { useLanguage } from '@/hooks/use-language';
import { LoadError } from '@/components/load-error';
import { formatWholePercent } from '@shared/intl-cache';

const accent: Record<VipCardType, string> = {
  silver: 'border-t-silver-600',
  gold: 'border-t-gold-700',
  elite: 'border-t-deluxe-700',
};

function formatPercent(percent: number, language: Language): string {
  return formatWholePercent(percent, language);
}

/**
 * The VIP cards on the landing page (guest spec: Silver, Gold "most popular",
 * Elite). There is no payment in the app: Get Card opens WhatsApp with a
 * message to the hotel naming the card and its price, in the active language.
 * Memoized, as the room tiers: the landing page's own renders need not reach the cards.
 */
export const VipCardsSection = memo(function VipCardsSection() {
  const { t } = useLingui();
  const cards = useVipCards();
  // Rendered in a background (sliced) render once the data arrives (as the room tiers).
  const cardList = useDeferredValue(cards.data);
  return (
    <section aria-labelledby="vip-heading" className="flex flex-col gap-4" data-testid="vip-section">
      <div className="flex flex-col gap-1">
        <h2 id="vip-heading" className="text-2xl font-bold text-teal-800">
          {t`VIP cards`}
        </h2>
        <p className="text-slate-700">
          {t`A year of savings: discounted rooms, free nights and free coffee. Each card is valid for one year.`}
        </p>
      </div>
      {!cardList && !cards.isError && (
        <p role="status" className="text-slate-700">
          {t`Loading VIP cards…`}
        </p>
      )}
      {cards.isError && (
        <LoadError onRetry={() => void cards.refetch()}>
          {t`The VIP cards could not be loaded. Check your connection and try again.`}
        </LoadError>
      )}
      {cardList && (
        <div className="grid gap-4 md:grid-cols-3">
          {cardList.map((card) => (
            <VipCardTile key={card.id} card={card} />
          ))}
        </div>
      )}
    </section>
  );
});

function VipCardTile({ card }: { card: VipCard }) {
  const { t } = useLingui();
  const language = useLanguage();
  const name = language === 'ar' ? card.nameAr : card.nameEn;
  const price = formatPrice(card.priceBaisa, language);
  const n = (count: number) => formatCount(count, language);
  const testId = `vip-card-${card.id}`;
  // The hotel's WhatsApp number from the site settings.
  const whatsapp = useSiteSettings().data?.whatsappNumber;
  const message = t`Hello, I would like to buy the VIP ${name} (${price}, valid for one year). Please tell me how to complete the purchase.`;
  const rows = discountRows(card.discounts);

  return (
    <article
      data-testid={testId}
      aria-labelledby={`${testId}-name`}
      className={`relative flex flex-col gap-4 rounded-2xl border border-t-8 bg-white p-5 shadow-sm [contain-intrinsic-block-size:auto_30rem] [content-visibility:auto] ${accent[card.id as VipCardType] ?? 'border-t-teal-700'} ${card.isMostPopular ? 'border-gold-700 ring-2 ring-gold-400' : 'border-sand-200'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`${testId}-name`} className="text-xl font-bold text-slate-900">
          {name}
        </h3>
        {card.isMostPopular ? (
          <span className="rounded-full bg-gold-400 px-3 py-1 text-xs font-bold text-slate-900">
            {t`Most popular`}
          </span>
        ) : null}
      </div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-bold text-teal-800" data-testid="vip-price">
          {price}
        </span>
        <span className="text-sm text-slate-700">{t`valid for one year`}</span>
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1.5 text-sm text-slate-800">
        <dt>{t`Rooms in total`}</dt>
        <dd className="font-bold tabular-nums">{n(card.totalRooms)}</dd>
        <dt>{t`Free coffees`}</dt>
        <dd className="font-bold tabular-nums">{n(card.freeCoffees)}</dd>
        <dt>{t`Free nights`}</dt>
        <dd className="font-bold tabular-nums">{n(card.freeNights)}</dd>
      </dl>
      {rows.length > 0 ? (
        <div className="flex flex-col gap-1.5 rounded-xl bg-sand-50 p-3">
          <h4 className="text-sm font-bold text-slate-900">{t`Room discounts (number of rooms)`}</h4>
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm text-slate-800">
            {rows.map((row) => (
              <div key={row.percent} className="contents">
                <dt>{t`${formatPercent(row.percent, language)} off`}</dt>
                <dd className="font-bold tabular-nums">{n(row.rooms)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      <a
        href={whatsapp ? whatsappLink(whatsapp, message) : undefined}
        aria-disabled={!whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="vip-get-card"
        className={buttonClass(card.isMostPopular ? 'primary' : 'secondary', 'mt-auto w-full')}
      >
        {t`Get Card`}
        <span className="sr-only"> {t`${name}, opens WhatsApp`}</span>
      </a>
    </article>
  );
}
