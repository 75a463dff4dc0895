import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { addDays, hotelToday } from '@shared/dates';
import { STANDARD_RATE_PLAN } from '@shared/rates';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button, LinkButton } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Select, SelectItem } from '@/components/ui/select';
import { codesInTypeOrder } from '@/entities/admin/room-types/room-type-names';
import { useRoomTypes } from '@/entities/rooms/get-room-types';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useLanguage } from '@/hooks/use-language';
import { formatCount } from '@/lib/format';
import { lazy } from '@/lib/lazy';
import { type RateCalendarNight, useAdminRatePlans, useRateCalendar } from '../api/rates';
import { CALENDAR_WEEKS, type CalendarWeeks, nightsFrom, plausibleFirstNight } from '../lib/calendar';
import { planName, unsetExtraGuestText } from '../lib/plan-words';
import { RateGrid } from './rate-grid';

const RateNightDialog = lazy(() => import('./rate-night-dialog'));
const BulkRatesDialog = lazy(() => import('./bulk-rates-dialog'));

/**
 * /admin/rates (staff read, managers change): the rate calendar of a plan — room types by nights,
 * two weeks from today by default (three or four on a wider screen), each night's price for the
 * guests the type includes and its restrictions. A night opens its own edit; "Bulk edit" sets a range of nights by weekday.
 */
export function RateCalendarScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const plans = useAdminRatePlans();
  const types = useRoomTypes().data;
  const canEdit = hasRole(useCurrentUser().data, 'manager');
  const today = hotelToday();
  const [ratePlan, setRatePlan] = useState(STANDARD_RATE_PLAN);
  const [weeks, setWeeks] = useState<CalendarWeeks>(2);
  const [from, setFromNight] = useState(today);
  // The date field's own value: a half-typed year (0002 on the way to 2026) stays in the field and
  // is never asked for; the calendar moves once the date is whole and plausible.
  const [typed, setTyped] = useState(today);
  const setFrom = (night: string) => {
    setTyped(night);
    setFromNight(night);
  };
  const [opened, setOpened] = useState<RateCalendarNight | null>(null);
  const [bulk, setBulk] = useState(false);
  const count = weeks * 7;
  const to = addDays(from, count - 1);
  const calendar = useRateCalendar(ratePlan, from, to);
  const plan = plans.data?.find((p) => p.code === ratePlan);
  const planLabel = plan ? planName(plan, language) : ratePlan;
  const parent = plans.data?.find((p) => p.code === plan?.parentCode);
  const parentLabel = parent ? planName(parent, language) : (plan?.parentCode ?? '');
  // The plan's types in the hotel's order (before the plans load: every type sold).
  const roomTypes = codesInTypeOrder(types, plan ? plan.roomTypes : (types ?? []).map((type) => type.code));
  const data = calendar.data?.ratePlan === ratePlan ? calendar.data : undefined;

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Rate calendar</Trans>}
        subtitle={
          <Trans>Each night's price for the guests the room type includes, and its restrictions.</Trans>
        }
        actions={
          <>
            <LinkButton href="/admin/rate-plans" variant="secondary">
              <Trans>Rate plans</Trans>
            </LinkButton>
            {canEdit ? (
              <Button onPress={() => setBulk(true)} isDisabled={!plan} data-testid="bulk-rates">
                <Trans>Bulk edit</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <Select
          label={t`Rate plan`}
          selectedKey={ratePlan}
          onSelectionChange={(key) => setRatePlan(String(key))}
          className="w-full sm:w-64"
          data-testid="rate-plan-select"
        >
          {(plans.data ?? []).map((p) => {
            const name = planName(p, language);
            return (
              <SelectItem key={p.code} id={p.code} textValue={name}>
                {p.active ? name : t`${name} (retired)`}
              </SelectItem>
            );
          })}
        </Select>
        <RadioGroup
          label={t`Show`}
          value={String(weeks)}
          onChange={(value) => setWeeks(Number(value) as CalendarWeeks)}
          optionsClassName="flex gap-2"
        >
          {CALENDAR_WEEKS.map((w) => {
            const n = formatCount(w, language);
            return (
              <RadioOption key={w} value={String(w)}>
                {plural(w, { one: `${n} week`, other: `${n} weeks` })}
              </RadioOption>
            );
          })}
        </RadioGroup>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <DatePicker
          label={t`First night`}
          value={typed}
          onChange={(value) => {
            setTyped(value);
            if (plausibleFirstNight(value, today)) setFromNight(value);
          }}
          errorMessage={
            // Said once the year is whole (not while 2026 is being typed as 0002, 0020, 0202).
            typed >= '1000' && typed !== from && !plausibleFirstNight(typed, today)
              ? t`Choose a night within two years of today`
              : undefined
          }
          className="w-full sm:w-60"
        />
        <Button variant="secondary" onPress={() => setFrom(addDays(from, -count))}>
          <Trans>Previous</Trans>
        </Button>
        <Button variant="secondary" onPress={() => setFrom(today)} isDisabled={from === today}>
          <Trans>Today</Trans>
        </Button>
        <Button variant="secondary" onPress={() => setFrom(addDays(from, count))}>
          <Trans>Next</Trans>
        </Button>
      </div>
      <Legend />
      {calendar.isError && !data ? (
        <LoadError onRetry={() => void calendar.refetch()}>
          <Trans>The rate calendar could not be loaded. Check your connection and try again.</Trans>
        </LoadError>
      ) : null}
      {!data && !calendar.isError ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the rate calendar…</Trans>
        </p>
      ) : null}
      {data ? (
        <RateGrid
          nights={nightsFrom(from, count)}
          rows={data.nights}
          roomTypes={roomTypes}
          busy={calendar.isPlaceholderData || calendar.isFetching}
          onOpen={canEdit ? setOpened : undefined}
        />
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <RateNightDialog
            ratePlan={ratePlan}
            planLabel={planLabel}
            night={opened}
            onClose={() => setOpened(null)}
          />
        </Suspense>
      ) : null}
      {bulk && plan ? (
        <Suspense fallback={null}>
          <BulkRatesDialog
            ratePlan={ratePlan}
            planLabel={planLabel}
            roomTypes={roomTypes}
            from={from}
            to={to}
            extraGuestUnset={unsetExtraGuestText(plan, parentLabel, language)}
            onClose={() => setBulk(false)}
          />
        </Suspense>
      ) : null}
    </main>
  );
}

/** What the cells' looks mean, in words. */
function Legend() {
  const { t } = useLingui();
  const item = 'flex items-center gap-2';
  const swatch = 'inline-block h-4 w-8 rounded border';
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-800" aria-label={t`Legend`}>
      <li className={item}>
        <span className={`${swatch} border-teal-700 border-s-4 bg-teal-50`} />
        <Trans>The plan's own price (bold)</Trans>
      </li>
      <li className={item}>
        <span className={`${swatch} border-sand-200 bg-white`} />
        <Trans>From the parent plan or the room type</Trans>
      </li>
      <li className={item}>
        <span className={`${swatch} border-sand-300 bg-sand-100`} />
        <Trans>Weekend (Friday and Saturday)</Trans>
      </li>
      <li className={item}>
        <span className={`${swatch} border-red-700 bg-red-100`} />
        <Trans context="closed to sale">Closed</Trans>
      </li>
    </ul>
  );
}
