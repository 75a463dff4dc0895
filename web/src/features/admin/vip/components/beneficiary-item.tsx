import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { VIP_CARDS } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { formatCount, formatDate, formatDateTime, formatPrice } from '@/lib/format';
import type { VipBeneficiary } from '../api/get-vip-beneficiaries';
import type { VipBenefitKind } from '../api/record-vip-benefit';
import { nextCoffeeAt, usagePercent } from '../lib/vip-beneficiary-rules';
import { VIP_STATUS_CLASSES, VIP_STATUS_LABELS } from '../lib/vip-labels';
import { VIP_CARD_LABELS } from '@/entities/vip/vip-card-labels';
import { BeneficiaryForm } from './beneficiary-form';
import { useLanguage } from '@/hooks/use-language';
import { ChevronDownIcon } from '@/components/more-icons';
import { formatPhone } from '@shared/phone-countries';
import { Separator } from '@/components/separator';

/**
 * One beneficiary of the list: name, card, status; opening it shows the card's
 * benefits, what has been used, the two benefit buttons and the edit form.
 */
export function BeneficiaryItem({
  beneficiary,
  isExpanded,
  onExpandedChange,
  onUse,
}: {
  beneficiary: VipBeneficiary;
  isExpanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  onUse: (kind: VipBenefitKind) => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const n = (count: number) => formatCount(count, language);
  const b = beneficiary;
  const card = VIP_CARDS[b.cardType];
  const cardName = i18n._(VIP_CARD_LABELS[b.cardType]);
  // When the panel was opened is close enough: the server has the last word on the 24 hours.
  const [openedAt] = useState(() => Date.now());
  const panelId = useId();
  const nextCoffee = nextCoffeeAt(b.lastCoffeeAt, openedAt);

  return (
    <li data-testid="vip-beneficiary" className="rounded-2xl border border-sand-200 bg-white shadow-sm">
      {/* A plain disclosure: react-aria's Disclosure would bring non-admin code into this admin-only chunk. */}
      <div className="group" data-expanded={isExpanded || undefined}>
        <h3>
          <AriaButton
            aria-expanded={isExpanded}
            aria-controls={panelId}
            onPress={() => onExpandedChange(!isExpanded)}
            className="flex min-h-11 w-full cursor-pointer flex-wrap items-center justify-between gap-3 rounded-2xl p-4 text-start outline-none data-[hovered]:bg-sand-50 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700"
          >
            <span className="flex min-w-0 flex-col gap-1">
              <span className="font-bold text-slate-900">{b.fullName}</span>
              <span className="text-sm text-slate-700">
                <bdi dir="ltr">{formatPhone(b.phoneNumber)}</bdi>
                <Separator />
                <Trans>Civil ID</Trans> <bdi dir="ltr">{b.civilId}</bdi>
              </span>
            </span>
            <span className="flex items-center gap-2 text-xs font-semibold">
              <span className="rounded-full bg-sand-100 px-2.5 py-1 text-teal-800">{cardName}</span>
              <span
                data-testid="vip-status"
                className={`rounded-full px-2.5 py-1 ${VIP_STATUS_CLASSES[b.status]}`}
              >
                {i18n._(VIP_STATUS_LABELS[b.status])}
              </span>
              <ChevronDownIcon className="size-5 shrink-0 text-teal-800 transition-transform group-data-[expanded]:rotate-180" />
            </span>
          </AriaButton>
        </h3>
        <div id={panelId} hidden={!isExpanded}>
          {isExpanded ? (
            <div className="flex flex-col gap-5 border-t border-sand-200 p-4">
              <div className="grid gap-4 md:grid-cols-2">
                <section className="flex flex-col gap-2 rounded-xl bg-sand-50 p-3">
                  <h4 className="font-bold text-slate-900">
                    <Trans>Card benefits</Trans>
                  </h4>
                  <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm text-slate-800">
                    <dt>
                      <Trans>Card</Trans>
                    </dt>
                    <dd className="font-semibold">
                      {cardName} ({formatPrice(card.priceBaisa, language)})
                    </dd>
                    <dt>
                      <Trans>Rooms in total</Trans>
                    </dt>
                    <dd className="font-semibold tabular-nums">{n(card.totalRooms)}</dd>
                    {card.discounts.map((d) => (
                      <div key={d.percent} className="contents">
                        <dt>{t`Rooms at ${n(d.percent)}% off`}</dt>
                        <dd className="font-semibold tabular-nums">{n(d.rooms)}</dd>
                      </div>
                    ))}
                    <dt>
                      <Trans>Free coffees</Trans>
                    </dt>
                    <dd className="font-semibold tabular-nums">{n(b.allowance.freeCoffees)}</dd>
                    <dt>
                      <Trans>Free nights</Trans>
                    </dt>
                    <dd className="font-semibold tabular-nums">{n(b.allowance.freeNights)}</dd>
                    <dt>
                      <Trans>Valid</Trans>
                    </dt>
                    <dd className="font-semibold">
                      {formatDate(b.startDate, language)} – {formatDate(b.expiryDate, language)}
                    </dd>
                  </dl>
                </section>
                <section className="flex flex-col gap-3 rounded-xl bg-sand-50 p-3">
                  <h4 className="font-bold text-slate-900">
                    <Trans>Usage</Trans>
                  </h4>
                  <UsageRow
                    label={t`Free coffees used`}
                    used={b.coffeesUsed}
                    allowed={b.allowance.freeCoffees}
                    testId="vip-coffees-used"
                  />
                  <UsageRow
                    label={t`Free nights used`}
                    used={b.freeNightsUsed}
                    allowed={b.allowance.freeNights}
                    testId="vip-nights-used"
                  />
                  <p className="text-sm text-slate-800">
                    <Trans>Last free coffee:</Trans>{' '}
                    <span className="font-semibold">
                      {b.lastCoffeeAt ? formatDateTime(b.lastCoffeeAt, language) : t`None yet`}
                    </span>
                  </p>
                  {nextCoffee ? (
                    <p className="text-sm text-amber-900">
                      <Trans>Next free coffee from {formatDateTime(nextCoffee, language)}</Trans>
                    </p>
                  ) : null}
                  <p className="text-sm text-slate-800">
                    <Trans>Expires on</Trans>{' '}
                    <span className="font-semibold">{formatDate(b.expiryDate, language)}</span>
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button className="px-3 py-2 text-sm" onPress={() => onUse('coffee')}>
                      <Trans>Use free coffee</Trans>
                    </Button>
                    <Button
                      variant="secondary"
                      className="px-3 py-2 text-sm"
                      onPress={() => onUse('free_night')}
                    >
                      <Trans>Use free night</Trans>
                    </Button>
                  </div>
                </section>
              </div>
              <section className="flex flex-col gap-3">
                <h4 className="font-bold text-slate-900">
                  <Trans>Edit details</Trans>
                </h4>
                {/* Keyed by the saved values so a change made elsewhere refills the form. */}
                <BeneficiaryForm
                  key={`${b.fullName}|${b.phoneNumber}|${b.civilId}|${b.cardType}|${b.startDate}`}
                  beneficiary={b}
                  idPrefix={`vip-${b.id}`}
                />
              </section>
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function UsageRow({
  label,
  used,
  allowed,
  testId,
}: {
  label: string;
  used: number;
  allowed: number;
  testId: string;
}) {
  const language = useLanguage();
  const full = used >= allowed;
  return (
    <div className="flex flex-col gap-1">
      <p className="flex justify-between gap-2 text-sm text-slate-800">
        <span>{label}</span>
        <span className="font-bold tabular-nums" data-testid={testId}>
          <Trans>
            {formatCount(used, language)} of {formatCount(allowed, language)}
          </Trans>
        </span>
      </p>
      <div aria-hidden="true" className="flex h-2 justify-start overflow-hidden rounded-full bg-sand-200">
        <div
          className={`h-full rounded-full ${full ? 'bg-red-700' : 'bg-teal-700'}`}
          style={{ width: `${usagePercent(used, allowed)}%` }}
        />
      </div>
    </div>
  );
}
