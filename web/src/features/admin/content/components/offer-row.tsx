import { Trans, useLingui } from '@lingui/react/macro';
import { type Language } from '@shared/constants';
import { numberFormat } from '@shared/intl-cache';
import { offerWindowState } from '@shared/offers';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { showToast } from '@/components/ui/toast-queue';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatPrice } from '@/lib/format';
import { type AdminOffer } from '../api/get-admin-offers';
import { useSetOfferActive } from '../api/save-offer';
import { OfferStateBadge } from './offer-state-badge';

const percent = (n: number, language: Language) =>
  numberFormat(language === 'ar' ? 'ar-OM' : 'en-OM', { style: 'percent' }).format(n / 100);

/**
 * One offer in the back office's list: its title, state today, room, discount, prices and
 * validity, switched on and off, moved up and down, opened for editing.
 */
export function OfferRow({
  offer,
  today,
  disabled,
  onEdit,
  onUp,
  onDown,
}: {
  offer: AdminOffer;
  today: string;
  disabled: boolean;
  onEdit: () => void;
  onUp?: () => void;
  onDown?: () => void;
}) {
  const { t } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const toggle = useSetOfferActive();
  const title = language === 'ar' ? offer.titleAr : offer.title;
  const state = offerWindowState(offer, today);
  const from = offer.validFrom ? formatDate(offer.validFrom, language) : null;
  const to = offer.validTo ? formatDate(offer.validTo, language) : null;
  const validity =
    from && to
      ? t`From ${from} to ${to}`
      : from
        ? t`From ${from}, no end date`
        : to
          ? t`Until ${to}`
          : t`No start or end date`;
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm md:flex-row md:items-center md:justify-between"
      data-testid="admin-offer"
      data-offer-id={offer.id}
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-bold text-slate-900">{title}</span>
          <OfferStateBadge state={state} />
          {offer.isBestSeller ? (
            <span className="rounded-full bg-gold-400 px-2.5 py-1 text-xs font-bold text-slate-900">
              <Trans>Best Seller</Trans>
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-700">
          {roomName(offer.roomType)} · {t`${percent(offer.discount, language)} off`} ·{' '}
          <span className="font-semibold text-teal-800">
            {formatPrice(offer.discountedPriceBaisa, language)}
          </span>{' '}
          <s>{formatPrice(offer.originalPriceBaisa, language)}</s>
        </p>
        <p className="text-sm text-slate-700">{validity}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Switch
          isSelected={offer.isActive}
          isDisabled={disabled || toggle.isPending}
          onChange={(isActive) =>
            toggle.mutate(
              { id: offer.id, isActive },
              {
                onError: (error) =>
                  showToast({
                    variant: 'error',
                    title: t`The change was not saved`,
                    description: errorMessage(error, t`Please try again.`),
                  }),
              },
            )
          }
          aria-label={t`Show to guests: ${title}`}
        >
          <span className="text-sm">
            <Trans>On</Trans>
          </span>
        </Switch>
        <Button
          variant="secondary"
          className="px-3 py-2 text-sm"
          isDisabled={disabled || !onUp}
          onPress={onUp}
          aria-label={t`Move up: ${title}`}
        >
          ↑
        </Button>
        <Button
          variant="secondary"
          className="px-3 py-2 text-sm"
          isDisabled={disabled || !onDown}
          onPress={onDown}
          aria-label={t`Move down: ${title}`}
        >
          ↓
        </Button>
        <Button variant="secondary" className="px-3 py-2 text-sm" isDisabled={disabled} onPress={onEdit}>
          <Trans>Edit</Trans>
        </Button>
      </div>
    </li>
  );
}
