import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useMemo, useState } from 'react';
import { MAX_STAY_NIGHTS, type RoomType } from '@shared/constants';
import { isCalendarDate } from '@shared/date-schemas';
import { hotelToday } from '@shared/dates';
import { formatOmr, nightsBetween } from '@shared/money';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { formatDate, formatPrice } from '@/lib/format';
import { useLanguage } from '@/hooks/use-language';
import { useCalendarNights } from './get-availability';
import { firstSoldOutNight, isSoldOut, isStayDateUnavailable, pageStartsAround } from './stay-nights';

export type StayRange = { from: string; to: string };

export interface AvailabilityRangePickerProps {
  /** Whose rooms the calendar shows; without one, a plain range of dates. */
  roomType: RoomType | undefined;
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
  className?: string;
}

/** Taller than the plain range cell: the day's number and, under it, that night's price. */
const cellClass =
  'flex h-12 w-11 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-xl text-slate-900 outline-none data-[outside-month]:hidden data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[selected]:bg-teal-100 data-[selection-start]:bg-teal-700 data-[selection-start]:text-white data-[selection-end]:bg-teal-700 data-[selection-end]:text-white data-[disabled]:cursor-default data-[disabled]:text-slate-400 data-[unavailable]:cursor-default data-[unavailable]:text-slate-400 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700';

/**
 * Check-in and check-out in one range calendar whose days show each night's price
 * for 1-2 guests (OMR) or that it is sold out. A stay cannot hold a sold-out night, but it may
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
}: AvailabilityRangePickerProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const today = hotelToday();
  const [focus, setFocus] = useState(value && isCalendarDate(value.from) ? value.from : today);
  const pages = useMemo(() => pageStartsAround(today, focus), [today, focus]);
  const nights = useCalendarNights(roomType, pages, ownNights);

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
  const focusedNightText = isSoldOut(nights, focus)
    ? t`${formatDate(focus, language)}: full`
    : focusedNight
      ? t`${formatDate(focus, language)}: ${formatPrice(focusedNight.priceBaisa, language)} a night`
      : '';
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
        return (
          <>
            <span className={`text-sm leading-none font-semibold ${full ? 'line-through' : ''}`}>
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
              data-night={full ? t`Full` : night ? formatOmr(night.priceBaisa, language) : ' '}
            />
          </>
        );
      }}
      calendarFooter={
        roomType ? (
          <>
            <p className="max-w-80 text-xs text-slate-700">
              <Trans>
                Prices in OMR a night for 1-2 guests. Full: no room left that night; it can still be your
                check-out day.
              </Trans>
            </p>
            <p className="sr-only" aria-live="polite" data-testid="focused-night">
              {focusedNightText}
            </p>
          </>
        ) : null
      }
    />
  );
}
