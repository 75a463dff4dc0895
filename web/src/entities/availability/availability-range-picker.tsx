import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useMemo, useState } from 'react';
import { MAX_STAY_NIGHTS, type Language } from '@shared/constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { isCalendarDate } from '@shared/date-schemas';
import { hotelToday } from '@shared/dates';
import { formatOmr, nightsBetween } from '@shared/money';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { forGuestsCount } from '@/lib/counts';
import { useLanguage } from '@/hooks/use-language';
import { type CalendarPlan, useCalendarNights } from './get-availability';
import {
  type CalendarNights,
  firstSoldOutNight,
  isSoldOut,
  isStayDateUnavailable,
  pageStartsAround,
} from './stay-nights';

export type StayRange = { from: string; to: string };

export interface AvailabilityRangePickerProps {
  /** Whose rooms the calendar shows; without one, a plain range of dates. */
  roomType: RoomTypeCode | undefined;
  /** Check-in and check-out (YYYY-MM-DD), or null while not both are picked. */
  value: StayRange | null;
  onChange: (value: StayRange | null) => void;
  label: ReactNode;
  description?: ReactNode;
  /** The form's own error (the server's, or its checks); a sold-out night in the stay is said otherwise. */
  errorMessage?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  /**
   * Nights the guest's own booking holds (changing its dates): each counts one more room, so the
   * guest does not see their own nights as taken. The server decides anyway.
   */
  ownNights?: readonly string[];
  /** The first day that can be picked; today in Asia/Muscat by default. */
  minValue?: string;
  /** The plan and guests the nights are priced and restricted for (standard, two guests by default). */
  plan?: CalendarPlan;
  className?: string;
}

/** Taller than the plain range cell: the day's number and, under it, that night's price. */
const cellClass =
  'relative flex h-12 w-11 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-xl text-slate-900 outline-none data-[outside-month]:hidden data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[selected]:bg-teal-100 data-[selection-start]:bg-teal-700 data-[selection-start]:text-white data-[selection-end]:bg-teal-700 data-[selection-end]:text-white data-[disabled]:cursor-default data-[disabled]:text-slate-400 data-[unavailable]:cursor-default data-[unavailable]:text-slate-400 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700';

/** "A stay starting this day is at least 2 nights." (its own plural: the count's case follows the verb in Arabic). */
function minStayText(nights: number, language: Language): string {
  const count = formatCount(nights, language);
  return plural(nights, {
    one: `A stay starting this day is at least ${count} night.`,
    other: `A stay starting this day is at least ${count} nights.`,
  });
}

/** Why a day cannot start or end a stay on the plan, for its mark and its words. */
function dayRules(nights: CalendarNights, date: string) {
  const r = nights.get(date)?.restrictions;
  return {
    closed: r?.closed === true,
    noArrival: r?.closedToArrival === true,
    noDeparture: r?.closedToDeparture === true,
    minStay: r?.minStay != null && r.minStay > 1 ? r.minStay : null,
  };
}

/**
 * Check-in and check-out in one range calendar whose days show each night's price on the plan
 * for the guests (OMR) or that it is sold out or closed, and mark a day with a rule (a minimum
 * stay from it, no arrival, no departure), said in words for the focused day. A stay cannot hold a sold-out night, but it may
 * end on one (check-out is a morning): react-aria's isDateUnavailable is given the first day
 * picked, and `stay-nights.ts` decides. Dates typed across a sold-out night are said under the
 * field. Used by the booking form and by the change-my-dates dialog (`ownNights`).
 */
export function AvailabilityRangePicker({
  roomType,
  value,
  onChange,
  label,
  description,
  errorMessage,
  isDisabled,
  isRequired,
  ownNights,
  minValue,
  className,
  plan,
}: AvailabilityRangePickerProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const today = hotelToday();
  const [focus, setFocus] = useState(value && isCalendarDate(value.from) ? value.from : today);
  const pages = useMemo(() => pageStartsAround(today, focus), [today, focus]);
  const nights = useCalendarNights(roomType, pages, ownNights, plan);

  // Only a stay a booking can be (a date being typed may be years away for a moment).
  const stay = value && isCalendarDate(value.from) && isCalendarDate(value.to) ? value : null;
  const nightsOfStay = stay ? nightsBetween(stay.from, stay.to) : 0;
  const soldOut =
    stay && nightsOfStay >= 1 && nightsOfStay <= MAX_STAY_NIGHTS
      ? firstSoldOutNight(nights, stay.from, stay.to)
      : null;
  // react-aria names a day's button by its date alone: the focused night's price (or that it is
  // full) is said after it through a polite live region under the calendar.
  const focusedNight = nights.get(focus);
  const focusedRules = dayRules(nights, focus);
  const focusedNightText = isSoldOut(nights, focus)
    ? t`${formatDate(focus, language)}: full`
    : focusedRules.closed
      ? t`${formatDate(focus, language)}: closed, no stay on this night`
      : focusedNight
        ? t`${formatDate(focus, language)}: ${formatPrice(focusedNight.priceBaisa, language)} a night`
        : '';
  // The marks' legend, when a night of the months read has one.
  const anyMarks = [...nights.values()].some(
    (n) =>
      n.restrictions &&
      ((n.restrictions.minStay ?? 0) > 1 ||
        n.restrictions.closedToArrival ||
        n.restrictions.closedToDeparture),
  );
  // The focused day's rules in words, shown (and heard) under the calendar: the marks on the days
  // are short, these say why.
  const focusedRuleText = [
    focusedRules.noArrival ? t`No arrival on this day.` : '',
    focusedRules.noDeparture ? t`No departure on this day.` : '',
    focusedRules.minStay !== null ? minStayText(focusedRules.minStay, language) : '',
  ]
    .filter(Boolean)
    .join(' ');
  const shownError =
    errorMessage ??
    (soldOut ? t`The night of ${formatDate(soldOut, language)} is sold out: choose other dates` : undefined);

  return (
    <DateRangePicker
      label={label}
      description={description}
      value={value}
      onChange={onChange}
      minValue={minValue ?? today}
      errorMessage={shownError}
      isDisabled={isDisabled}
      isRequired={isRequired}
      className={className}
      isDateUnavailable={(date, anchor) => isStayDateUnavailable(nights, date, anchor, value?.to)}
      onFocusChange={setFocus}
      cellClassName={cellClass}
      cellContent={(date, formatted) => {
        const night = nights.get(date);
        const full = isSoldOut(nights, date);
        const rules = dayRules(nights, date);
        // A short mark per rule, drawn like the price (CSS, out of the button's name): "٢+" a
        // minimum stay from this day, "⇥" no arrival, "⇤" no departure; the legend and the focused
        // day's words below say them.
        const mark = [
          rules.minStay !== null ? `${formatCount(rules.minStay, language)}+` : '',
          rules.noArrival ? '⇥' : '',
          rules.noDeparture ? '⇤' : '',
        ].join('');
        return (
          <>
            <span
              className={`text-sm leading-none font-semibold ${full || rules.closed ? 'line-through' : ''}`}
            >
              {formatted}
            </span>
            {/* The night's price (or "Full") under the day: drawn from `data-night` by CSS, so it is not
                text of the day's button, whose name react-aria gives as its date (a name must hold the
                button's visible text: axe label-content-name-mismatch, WCAG 2.5.3). Screen readers hear
                it from the live region below as the night is focused. */}
            <span
              aria-hidden="true"
              className="h-[11px] text-[11px] leading-none after:content-[attr(data-night)]"
              data-testid={`night-${date}`}
              data-night={
                full
                  ? t`Full`
                  : rules.closed
                    ? t({ message: 'Closed', context: 'closed to sale' })
                    : night
                      ? formatOmr(night.priceBaisa, language)
                      : ' '
              }
            />
            {mark ? (
              <span
                aria-hidden="true"
                dir="ltr"
                className="absolute top-0.5 end-0.5 text-[10px] leading-none font-bold after:content-[attr(data-mark)]"
                data-testid={`mark-${date}`}
                data-mark={mark}
              />
            ) : null}
          </>
        );
      }}
      calendarFooter={
        roomType ? (
          <>
            {focusedRuleText ? (
              <p
                aria-hidden="true"
                className="max-w-80 text-sm font-semibold text-amber-900"
                data-testid="focused-rules"
              >
                {formatDate(focus, language)}: {focusedRuleText}
              </p>
            ) : null}
            <p className="max-w-80 text-xs text-slate-700">
              {plan ? (
                <Trans>
                  Prices in OMR a night {forGuestsCount(plan.numberOfGuests, language)}. Full: no room left
                  that night; it can still be your check-out day.
                </Trans>
              ) : (
                <Trans>
                  Prices in OMR a night for 1-2 guests. Full: no room left that night; it can still be your
                  check-out day.
                </Trans>
              )}
            </p>
            {anyMarks ? (
              <p className="max-w-80 text-xs text-slate-700" data-testid="calendar-marks">
                <Trans>
                  Marks: <bdi dir="ltr">{formatCount(2, language)}+</bdi> a stay from that day is at least
                  that many nights; ⇥ no arrival; ⇤ no departure.
                </Trans>
              </p>
            ) : null}
            <p className="sr-only" aria-live="polite" data-testid="focused-night">
              {[focusedNightText, focusedRuleText].filter(Boolean).join(' ')}
            </p>
          </>
        ) : null
      }
    />
  );
}
