import { type CalendarDate, parseDate } from '@internationalized/date';
import type { ReactNode } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  useLocale,
} from 'react-aria-components';
import { gregorianLocale } from './gregorian-locale';
import { FieldHelp, fieldLabelClass } from './text-field';
import { CalendarIcon, ChevronIcon } from '../more-icons';

// Kept free of Lingui on purpose, like TextField: callers pass translated label and error.

export { gregorianLocale };

/** A YYYY-MM-DD string as a calendar date, or null (empty, partly typed or invalid). */
export function toCalendarDate(value: string | undefined): CalendarDate | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

export interface DatePickerProps {
  label: ReactNode;
  description?: ReactNode;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** YYYY-MM-DD: earlier days are greyed out in the calendar and refused. */
  minValue?: string;
  maxValue?: string;
  /** Shown (and the field marked invalid) when set. */
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  name?: string;
  className?: string;
}

const navButtonClass =
  'inline-flex size-11 cursor-pointer items-center justify-center rounded-full text-teal-800 outline-none data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-40';

/**
 * A labelled date field for YYYY-MM-DD strings: typed day / month / year
 * segments and a calendar button, in the Gregorian calendar of the active
 * language (Arabic digits and month names in Arabic); arrow keys and the
 * month buttons follow the reading direction.
 */
export function DatePicker({
  label,
  description,
  value,
  onChange,
  minValue,
  maxValue,
  errorMessage,
  isRequired,
  isDisabled,
  name,
  className = '',
}: DatePickerProps) {
  const { locale } = useLocale();
  return (
    <I18nProvider locale={gregorianLocale(locale)}>
      <AriaDatePicker
        value={toCalendarDate(value)}
        onChange={(date) => onChange(date ? date.toString() : '')}
        minValue={toCalendarDate(minValue)}
        maxValue={toCalendarDate(maxValue)}
        isInvalid={errorMessage ? true : undefined}
        isRequired={isRequired}
        isDisabled={isDisabled}
        name={name}
        validationBehavior="aria"
        className={`group flex flex-col gap-1.5 ${className}`}
      >
        <Label className={fieldLabelClass}>{label}</Label>
        <Group className="flex min-h-11 w-full items-center rounded-xl border border-slate-400 bg-white ps-3 pe-1 transition-colors data-[hovered]:border-teal-700 data-[focus-within]:border-teal-700 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-1 data-[focus-visible]:outline-gold-700 group-data-[invalid]:border-red-700 data-[disabled]:bg-sand-100">
          <DateInput className="flex flex-1 items-center py-2.5 text-base text-slate-900">
            {(segment) => (
              <DateSegment
                segment={segment}
                className="rounded px-0.5 tabular-nums caret-transparent outline-none data-[type=literal]:px-0 data-[placeholder]:text-slate-500 data-[focused]:bg-teal-700 data-[focused]:text-white"
              />
            )}
          </DateInput>
          <Button className={navButtonClass}>
            <CalendarIcon />
          </Button>
        </Group>
        <FieldHelp description={description} errorMessage={errorMessage} />
        <Popover className="overflow-auto rounded-2xl border border-sand-200 bg-white p-3 shadow-lg outline-none">
          <Dialog className="outline-none">
            <Calendar className="flex flex-col gap-2">
              <CalendarMonth cellClassName={singleDayCellClass} />
            </Calendar>
          </Dialog>
        </Popover>
      </AriaDatePicker>
    </I18nProvider>
  );
}

const singleDayCellClass =
  'flex size-10 cursor-pointer items-center justify-center rounded-full text-sm text-slate-900 outline-none data-[outside-month]:hidden data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[selected]:bg-teal-700 data-[selected]:font-bold data-[selected]:text-white data-[disabled]:cursor-default data-[disabled]:text-slate-400 data-[unavailable]:text-slate-400 data-[unavailable]:line-through data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700';

/**
 * A month: previous and next, its name, and the grid of days (in a Calendar or a RangeCalendar).
 * `cellContent` replaces a day's number (e.g. the number and that night's price).
 */
export function CalendarMonth({
  cellClassName,
  cellContent,
}: {
  cellClassName: string;
  cellContent?: (date: CalendarDate, formattedDate: string) => ReactNode;
}) {
  return (
    <>
      <header className="flex items-center justify-between gap-2">
        <Button slot="previous" className={navButtonClass}>
          <ChevronIcon toward="start" />
        </Button>
        <Heading className="text-base font-bold text-teal-800" />
        <Button slot="next" className={navButtonClass}>
          <ChevronIcon toward="end" />
        </Button>
      </header>
      <CalendarGrid className="border-separate border-spacing-0.5">
        <CalendarGridHeader>
          {(day) => (
            <CalendarHeaderCell className="pb-1 text-xs font-semibold text-slate-600">
              {day}
            </CalendarHeaderCell>
          )}
        </CalendarGridHeader>
        <CalendarGridBody>
          {(date) => (
            <CalendarCell date={date} className={cellClassName}>
              {cellContent ? ({ formattedDate }) => cellContent(date, formattedDate) : undefined}
            </CalendarCell>
          )}
        </CalendarGridBody>
      </CalendarGrid>
    </>
  );
}
