import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useMemo, useState } from 'react';
import type { Suggestion, SuggestionNight } from '@shared/revenue-prices';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select, SelectItem } from '@/components/ui/select';
import { showToast } from '@/components/ui/toast-queue';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/format';
import { formatDayMonth } from '@/lib/format-figures';
import { lazy } from '@/lib/lazy';
import { Link } from 'react-aria-components';
import { useNavigate, usePathname, useSearchParams } from '@/lib/router';
import {
  type Suggestions,
  suggestionsDefaults,
  useApplySuggestions,
  usePriceSettings,
  useSuggestions,
} from '../api/revenue';
import { weekdayColumn } from '../lib/price-words';
import { RevenueFrame } from './revenue-frame';
import { SuggestionValue } from './suggestion-value';

const NightDialog = lazy(() => import('./night-dialog'));

const ALL = 'all';

/**
 * /admin/revenue/prices?type (managers; docs/decisions/101): the next 90 nights as a calendar, each
 * with the hotel's rooms on the books, the forecast and its band, last year's aligned night and the
 * prices suggested per room type; a night opens its explanation (the ladder, the reasons, approve
 * or lock). Nights are ticked and approved together, or every suggestion shown at once; each
 * approval is one request, one batch on the server (the rate calendar's rows and the channel's
 * outbox).
 */
export function PricesScreen() {
  const { t } = useLingui();
  const { from, to } = suggestionsDefaults();
  const result = useSuggestions(from, to);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pathname = usePathname();
  const type = params.get('type') ?? ALL;
  const setType = (next: string) => {
    const search = new URLSearchParams(params);
    if (next === ALL) search.delete('type');
    else search.set('type', next);
    const query = search.toString();
    navigate(query ? `${pathname}?${query}` : pathname, { replace: true });
  };
  return (
    <RevenueFrame
      screen="prices"
      wide
      subtitle={
        <Trans>
          The next 90 nights: what is on the books, the forecast with its range, last year, and the price the
          demand calls for. Open a night to see why.
        </Trans>
      }
    >
      {result.isError ? (
        <LoadError onRetry={() => void result.refetch()}>
          {errorMessage(result.error, t`The suggestions could not be loaded.`)}
        </LoadError>
      ) : !result.data ? (
        <p role="status" className="text-slate-700">
          <Trans>Working out the prices…</Trans>
        </p>
      ) : (
        <PricesBody data={result.data} type={type} onType={setType} />
      )}
    </RevenueFrame>
  );
}

function PricesBody({
  data,
  type,
  onType,
}: {
  data: Suggestions;
  type: string;
  onType: (type: string) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const room = useRoomName();
  const apply = useApplySuggestions();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [opened, setOpened] = useState<string | null>(null);
  const types = useMemo(() => [...new Set(data.nights.flatMap((n) => Object.keys(n.types)))], [data.nights]);
  const shown = data.suggestions.filter((s) => type === ALL || s.roomType === type);
  const byNight = new Map<string, Suggestion[]>();
  for (const s of shown) byNight.set(s.date, [...(byNight.get(s.date) ?? []), s]);
  const chosen = shown.filter((s) => selected.has(s.date));

  const approve = (ids: string[], after?: () => void) =>
    apply.mutate(ids, {
      onSuccess: (body) => {
        showToast({ variant: 'success', title: body.message });
        setSelected(new Set());
        after?.();
      },
      onError: (error) =>
        showToast({
          variant: 'error',
          title: t`The prices were not changed`,
          description: errorMessage(error, t`Please try again.`),
        }),
    });
  const toggle = (date: string, on: boolean) =>
    setSelected((was) => {
      const next = new Set(was);
      if (on) next.add(date);
      else next.delete(date);
      return next;
    });
  const night = opened ? data.nights.find((n) => n.date === opened) : undefined;

  return (
    <div className="flex flex-col gap-4">
      <AutopilotNote data={data} />
      <div
        className="z-10 flex flex-wrap items-end gap-3 rounded-2xl border border-sand-200 bg-white/95 p-3 shadow-sm sm:sticky sm:top-0"
        role="group"
        aria-label={t`Approve suggestions`}
      >
        <div className="w-full sm:w-60">
          <Select label={t`Room type`} selectedKey={type} onSelectionChange={(key) => onType(String(key))}>
            <SelectItem id={ALL}>{t`Every room type`}</SelectItem>
            {types.map((code) => (
              <SelectItem key={code} id={code}>
                {room(code)}
              </SelectItem>
            ))}
          </Select>
        </div>
        <p className="order-last w-full text-slate-800" data-testid="prices-count" aria-live="polite">
          {shown.length === 0 ? (
            <Trans>No suggestion: every price shown is where the demand puts it.</Trans>
          ) : (
            <>
              {plural(shown.length, {
                one: `${formatCount(shown.length, language)} suggestion`,
                other: `${formatCount(shown.length, language)} suggestions`,
              })}{' '}
              {plural(byNight.size, {
                one: `on ${formatCount(byNight.size, language)} night`,
                other: `on ${formatCount(byNight.size, language)} nights`,
              })}
            </>
          )}
        </p>
        <Button
          variant="secondary"
          isDisabled={chosen.length === 0 || apply.isPending}
          onPress={() => approve(chosen.map((s) => s.id))}
          data-testid="prices-approve-selected"
        >
          <Trans>Approve the ticked nights ({formatCount(chosen.length, language)})</Trans>
        </Button>
        <Button
          isDisabled={shown.length === 0 || apply.isPending}
          onPress={() => approve(shown.map((s) => s.id))}
          data-testid="prices-approve-all"
        >
          <Trans>Approve all shown ({formatCount(shown.length, language)})</Trans>
        </Button>
      </div>
      <ol
        className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-7 lg:gap-1.5"
        aria-label={t`The nights from ${formatDate(data.from, language)} to ${formatDate(data.to, language)}`}
        data-testid="prices-calendar"
      >
        {/* The first week's days before today, left empty on a wide screen (a calendar's row). */}
        {Array.from({ length: weekdayColumn(data.from) }, (_, i) => (
          <li key={`blank-${i}`} aria-hidden="true" className="hidden lg:block" />
        ))}
        {data.nights.map((n) => (
          <NightCell
            key={n.date}
            night={n}
            suggestions={byNight.get(n.date) ?? []}
            ticked={selected.has(n.date)}
            onTick={(on) => toggle(n.date, on)}
            onOpen={() => setOpened(n.date)}
          />
        ))}
      </ol>
      {night ? (
        <Suspense fallback={null}>
          <NightDialog
            night={night}
            suggestions={data.suggestions.filter((s) => s.date === night.date)}
            isPending={apply.isPending}
            onApprove={(ids) => approve(ids, () => setOpened(null))}
            onClose={() => setOpened(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Whether the autopilot is on, and what its latest run changed. */
function AutopilotNote({ data }: { data: Suggestions }) {
  const language = useLanguage();
  const settings = usePriceSettings().data;
  const last = data.autopilot[0];
  if (!settings) return null;
  return (
    <div className="rounded-xl bg-sand-50 p-4 text-slate-900" data-testid="prices-autopilot">
      <p>
        {settings.autopilot ? (
          <Trans>
            The autopilot is on: after each night's close it approves the price suggestions within the limits
            by itself.
          </Trans>
        ) : (
          <Trans>The autopilot is off: a price changes only when a manager approves it.</Trans>
        )}{' '}
        <Link href="/admin/revenue/settings" className="font-semibold text-teal-800 underline">
          <Trans>Price settings</Trans>
        </Link>
      </p>
      {last ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="prices-autopilot-last">
          {plural(last.changes.length, {
            one: `After the close of ${formatDate(last.closeDate, language)}, the autopilot changed ${formatCount(last.changes.length, language)} price.`,
            other: `After the close of ${formatDate(last.closeDate, language)}, the autopilot changed ${formatCount(last.changes.length, language)} prices.`,
          })}
        </p>
      ) : null}
    </div>
  );
}

function NightCell({
  night,
  suggestions,
  ticked,
  onTick,
  onOpen,
}: {
  night: SuggestionNight;
  suggestions: Suggestion[];
  ticked: boolean;
  onTick: (on: boolean) => void;
  onOpen: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const room = useRoomName();
  const date = formatDate(night.date, language);
  const weekday = new Intl.DateTimeFormat(language === 'ar' ? 'ar-OM' : 'en-GB', {
    weekday: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${night.date}T00:00:00Z`));
  const weekend = [5, 6].includes(weekdayColumn(night.date));
  return (
    <li
      className={`flex flex-col gap-1.5 rounded-xl border p-2.5 text-sm lg:p-2 ${
        suggestions.length ? 'border-gold-700 bg-white' : 'border-sand-200 bg-white'
      } ${weekend ? 'lg:bg-sand-50' : ''}`}
      data-testid="price-night"
      data-date={night.date}
      data-suggestions={suggestions.length}
    >
      <div className="flex items-start justify-between gap-1">
        <Button
          variant="ghost"
          className="!-m-1 !justify-start !px-1 !py-0.5 text-start !text-sm"
          onPress={onOpen}
          data-testid="price-night-open"
        >
          <span className="font-bold text-slate-900">
            {weekday} {formatDayMonth(night.date, language)}
          </span>
          <span className="sr-only">{t`: open its explanation`}</span>
        </Button>
        {suggestions.length ? (
          <Checkbox
            isSelected={ticked}
            onChange={onTick}
            aria-label={t`Tick the suggestions of ${date}`}
            data-testid="price-night-tick"
          >
            {null}
          </Checkbox>
        ) : null}
      </div>
      {night.events.length ? (
        <ul className="flex flex-wrap gap-1">
          {night.events.map((e) => (
            <li
              key={e.kind}
              className="rounded-full bg-gold-400/30 px-2 text-xs font-semibold text-slate-900"
            >
              {language === 'ar' ? e.nameAr : e.nameEn}
              {e.confirmed || e.uncertaintyDays === 0
                ? ''
                : ` (±${formatCount(e.uncertaintyDays, language)})`}
            </li>
          ))}
        </ul>
      ) : null}
      <Occupancy night={night} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-700 [&_dd]:whitespace-nowrap">
        <dt>
          <Trans>Booked</Trans>
        </dt>
        <dd className="tabular-nums" data-testid="price-night-books">
          {formatCount(night.onTheBooks, language)} / {formatCount(night.capacity, language)}
        </dd>
        <dt>
          <Trans>Forecast</Trans>
        </dt>
        <dd className="tabular-nums">
          <Trans>
            {formatCount(Math.round(night.forecast), language)} (
            {formatCount(Math.round(night.low), language)}–{formatCount(Math.round(night.high), language)})
          </Trans>
        </dd>
        <dt>
          <Trans>Last year</Trans>
        </dt>
        <dd className="tabular-nums">
          {night.lastYear?.final != null ? formatCount(night.lastYear.final, language) : '—'}
        </dd>
      </dl>
      {suggestions.length ? (
        <ul
          className="flex flex-col gap-0.5 border-t border-sand-200 pt-1.5"
          data-testid="price-night-suggestions"
        >
          {suggestions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-x-1">
              <span className="truncate font-semibold text-slate-900">{room(s.roomType)}</span>
              <SuggestionValue suggestion={s} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The rooms on the books and the forecast's band, as a bar of the rooms for sale. */
function Occupancy({ night }: { night: SuggestionNight }) {
  const { t } = useLingui();
  const language = useLanguage();
  const share = (n: number) =>
    `${Math.min(100, Math.max(0, night.capacity ? (n / night.capacity) * 100 : 0))}%`;
  const books = formatCount(night.onTheBooks, language);
  const low = formatCount(Math.round(night.low), language);
  const high = formatCount(Math.round(night.high), language);
  const capacity = formatCount(night.capacity, language);
  return (
    <div
      role="img"
      aria-label={t`${books} of ${capacity} rooms booked; forecast ${low} to ${high}`}
      className="relative h-2.5 overflow-hidden rounded-full bg-sand-200"
    >
      <div
        className="absolute inset-y-0 bg-gold-400/70"
        style={{
          insetInlineStart: share(night.low),
          width: `calc(${share(night.high)} - ${share(night.low)})`,
        }}
      />
      <div className="absolute inset-y-0 start-0 bg-teal-700" style={{ width: share(night.onTheBooks) }} />
    </div>
  );
}
