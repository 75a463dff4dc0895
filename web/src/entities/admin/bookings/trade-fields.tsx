import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { DESK_BOOKING_SOURCES, type DeskBookingSource } from '@shared/company-schemas';
import { BOOKING_SEGMENTS, type BookingSegment } from '@shared/constants';
import type { CityLedgerAccount } from '@shared/day-close';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { SEPARATOR } from '@/components/separator';
import { Select, SelectItem } from '@/components/ui/select';
import { useLanguage } from '@/hooks/use-language';
import { api, readJson } from '@/lib/api-client';

/**
 * What a booking carries of the trade, as staff set it on the desk's booking form and the edit
 * dialog: the company and the travel agent it is for (the city-ledger accounts of each kind),
 * how it came (phone, walk-in, e-mail; the guest's own channels and the OTAs set theirs) and its
 * market segment. Also the rate plan the desk sells it on: a private plan only for a company
 * that has it.
 */

export type Trade = {
  companyId: number | null;
  travelAgentId: number | null;
  source: string | null;
  segment: BookingSegment | null;
};

export const SOURCE_LABELS: Record<string, MessageDescriptor> = {
  website: msg`Website`,
  app: msg`App`,
  assistant: msg`Assistant`,
  phone: msg`Call`,
  walk_in: msg`Walk-in`,
  email: msg`E-mail`,
  group: msg`Group`,
};

export const SEGMENT_LABELS: Record<BookingSegment, MessageDescriptor> = {
  leisure: msg`Leisure`,
  corporate: msg`Corporate`,
  group: msg`Group`,
  government: msg`Government`,
  ota: msg`Online travel agency`,
  other: msg`Other`,
};

/** The company accounts (GET /api/admin/city-ledger, open to staff): companies and agents. */
export function useTradeAccounts() {
  return useQuery({
    queryKey: ['admin', 'city-ledger', 'list'] as const,
    queryFn: (): Promise<{ accounts: CityLedgerAccount[] }> =>
      readJson(() => api.admin['city-ledger'].$get()),
    staleTime: 30_000,
    meta: { persist: false },
  });
}

type PlanRow = { code: string; nameAr: string; nameEn: string; active: boolean; public: boolean };

/** The rate plans the desk may sell (GET /api/admin/rate-plans). */
export function useDeskPlans() {
  return useQuery({
    queryKey: ['admin', 'rate-plans', 'desk'] as const,
    queryFn: async (): Promise<PlanRow[]> =>
      (await readJson(() => api.admin['rate-plans'].$get())).ratePlans as PlanRow[],
    staleTime: 60_000,
    meta: { persist: false },
  });
}

const NONE = 'none';

/** The company's and agent's selects, the source's radios and the segment's select. */
export function TradeFields({
  value,
  onChange,
  error,
  sourceFixed = false,
}: {
  value: Trade;
  onChange: (next: Trade) => void;
  error: (field: 'companyId' | 'travelAgentId' | 'source' | 'segment') => string | undefined;
  /** A channel booking keeps its OTA as its source: shown, not chosen. */
  sourceFixed?: boolean;
}) {
  const { t, i18n } = useLingui();
  const accounts = useTradeAccounts().data?.accounts ?? [];
  const of = (kind: CityLedgerAccount['kind'], current: number | null) =>
    accounts.filter((a) => a.kind === kind && (a.active || a.id === current));
  const idOf = (key: unknown) => (key === NONE || key == null ? null : Number(key));
  const ownSource = (DESK_BOOKING_SOURCES as readonly string[]).includes(value.source ?? '');
  return (
    <fieldset
      className="grid gap-3 rounded-xl border border-sand-200 p-3 sm:grid-cols-2"
      data-testid="trade-fields"
    >
      <legend className="px-1 font-semibold text-slate-800">{t`Company, agent and source`}</legend>
      <Select
        label={t`Company`}
        name="companyId"
        value={value.companyId === null ? NONE : String(value.companyId)}
        onChange={(key) => onChange({ ...value, companyId: idOf(key) })}
        isInvalid={!!error('companyId')}
        errorMessage={error('companyId')}
      >
        <SelectItem id={NONE}>{t`No company`}</SelectItem>
        {of('company', value.companyId).map((a) => (
          <SelectItem key={a.id} id={String(a.id)} textValue={a.name}>
            {a.name}
          </SelectItem>
        ))}
      </Select>
      <Select
        label={t`Travel agent`}
        name="travelAgentId"
        value={value.travelAgentId === null ? NONE : String(value.travelAgentId)}
        onChange={(key) => onChange({ ...value, travelAgentId: idOf(key) })}
        isInvalid={!!error('travelAgentId')}
        errorMessage={error('travelAgentId')}
      >
        <SelectItem id={NONE}>{t`No travel agent`}</SelectItem>
        {of('travel_agent', value.travelAgentId).map((a) => (
          <SelectItem key={a.id} id={String(a.id)} textValue={a.name}>
            {a.name}
          </SelectItem>
        ))}
      </Select>
      {sourceFixed || (value.source !== null && !ownSource) ? (
        <p className="text-sm text-slate-700" data-testid="trade-source">
          {t`Came by`}{' '}
          {value.source && SOURCE_LABELS[value.source] ? (
            <bdi>{i18n._(SOURCE_LABELS[value.source]!)}</bdi>
          ) : (
            // An OTA's name, as it came (left to right, never translated).
            <bdi dir="ltr" translate="no">
              {value.source}
            </bdi>
          )}
        </p>
      ) : (
        <RadioGroup
          label={t`Came by`}
          name="source"
          value={value.source ?? 'phone'}
          onChange={(source) => onChange({ ...value, source: source as DeskBookingSource })}
          isInvalid={!!error('source')}
          errorMessage={error('source')}
        >
          {DESK_BOOKING_SOURCES.map((source) => (
            <RadioOption key={source} value={source}>
              {i18n._(SOURCE_LABELS[source]!)}
            </RadioOption>
          ))}
        </RadioGroup>
      )}
      <Select
        label={t`Market segment`}
        name="segment"
        value={value.segment ?? (value.companyId !== null ? 'corporate' : 'leisure')}
        onChange={(key) => onChange({ ...value, segment: key as BookingSegment })}
        isInvalid={!!error('segment')}
        errorMessage={error('segment')}
      >
        {BOOKING_SEGMENTS.map((segment) => (
          <SelectItem key={segment} id={segment}>
            {i18n._(SEGMENT_LABELS[segment])}
          </SelectItem>
        ))}
      </Select>
    </fieldset>
  );
}

/**
 * The plan the desk sells on: the active public plans, and a private one only when the chosen
 * company's account has it (the server refuses it otherwise, 400 `rate_plan_private`).
 */
export function DeskPlanSelect({
  value,
  onChange,
  companyId,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  companyId: number | null;
  error?: string;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const plans = useDeskPlans().data ?? [];
  const company = useTradeAccounts().data?.accounts.find((a) => a.id === companyId);
  const negotiated = new Set(company?.ratePlanCodes ?? []);
  const offered = plans.filter((p) => p.active && (p.public || negotiated.has(p.code)));
  return (
    <Select
      label={t`Rate plan`}
      name="ratePlan"
      value={value}
      onChange={(key) => onChange(String(key ?? 'standard'))}
      isInvalid={!!error}
      errorMessage={error}
    >
      {offered.length === 0 ? <SelectItem id="standard">{t`Standard`}</SelectItem> : null}
      {offered.map((p) => (
        <SelectItem key={p.code} id={p.code} textValue={language === 'ar' ? p.nameAr : p.nameEn}>
          {language === 'ar' ? p.nameAr : p.nameEn}
          {p.public ? '' : ` · ${t`negotiated`}`}
        </SelectItem>
      ))}
    </Select>
  );
}

/**
 * A booking's company, agent, source and segment in one line on the desk's cards (nothing when
 * none is known). A group member's card names its group (a link to the block) instead of saying
 * "Group" for its source and again for its segment.
 */
export function TradeSummary({
  booking,
}: {
  booking: Partial<Trade> & {
    channelReference?: string | null;
    groupId?: number | null;
    groupName?: string | null;
  };
}) {
  const { t, i18n } = useLingui();
  const accounts = useTradeAccounts().data?.accounts ?? [];
  const name = (id: number | null | undefined) =>
    id == null ? null : (accounts.find((a) => a.id === id)?.name ?? null);
  const company = name(booking.companyId);
  const agent = name(booking.travelAgentId);
  const member = booking.groupId != null;
  // An OTA's name is said by the channel line; the hotel's own sources are said here; a group's
  // member says its group instead.
  const source =
    booking.source &&
    !booking.channelReference &&
    SOURCE_LABELS[booking.source] &&
    !(member && booking.source === 'group')
      ? i18n._(SOURCE_LABELS[booking.source]!)
      : null;
  const segment =
    booking.segment && !(member && booking.segment === 'group')
      ? i18n._(SEGMENT_LABELS[booking.segment])
      : null;
  const group = member ? (booking.groupName ?? t`a group block`) : null;
  const parts = [company, agent, source, segment].filter(
    (p, i, all): p is string => !!p && all.indexOf(p) === i,
  );
  if (parts.length === 0 && !group) return null;
  return (
    <span className="text-sm text-slate-700" data-testid="trade-summary">
      {group ? (
        <span data-testid="trade-group">
          <Trans>Group:</Trans>{' '}
          <Link
            href={`/admin/groups/${booking.groupId}`}
            className="font-semibold text-teal-800 underline outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
          >
            <bdi>{group}</bdi>
          </Link>
        </span>
      ) : null}
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 || group ? SEPARATOR : null}
          <bdi>{part}</bdi>
        </span>
      ))}
    </span>
  );
}
