import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DESK_BOOKING_SOURCES, type DeskBookingSource } from '@shared/company-schemas';
import { BOOKING_SEGMENTS, type BookingSegment } from '@shared/constants';
import type { CityLedgerAccount } from '@shared/day-close';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Select, SelectItem } from '@/components/ui/select';
import { useLanguage } from '@/hooks/use-language';
import { api, readJson } from '@/lib/api-client';
import { SEGMENT_LABELS, SOURCE_LABELS, type Trade, useTradeAccounts } from './trade-summary';

export type { Trade } from './trade-summary';

/**
 * What a booking carries of the trade, as staff set it on the desk's booking form and the edit
 * dialog: the company and the travel agent it is for (the city-ledger accounts of each kind),
 * how it came (phone, walk-in, e-mail; the guest's own channels and the OTAs set theirs) and its
 * market segment. Also the rate plan the desk sells it on: a private plan only for a company
 * that has it.
 */

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
