import type { ReactNode } from 'react';
import {
  Button,
  DateInput,
  DateRangePicker as AriaDateRangePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  I18nProvider,
  Label,
  Popover,
  RangeCalendar,
  Text,
  useLocale,
} from 'react-aria-components';
import { fieldDescriptionClass, fieldErrorClass, fieldLabelClass } from './text-field';
import { CalendarMonth, gregorianLocale, toCalendarDate } from './date-picker';
import { CalendarIcon } from '../more-icons';

// Kept free of Lingui on purpose, like DatePicker: callers pass translated label and error.

export interface DateRangePickerProps {
  label: ReactNode;
  description?: ReactNode;
  /** YYYY-MM-DD, both days included; null for none. */
  value: { from: string; to: string } | null;
  onChange: (value: { from: string; to: string } | null) => void;
  minValue?: string;
  maxValue?: string;
  errorMessage?: string;
  className?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  /**
   * Days that cannot be picked (YYYY-MM-DD); `anchor` is the first day of a range being picked,
   * null before (react-aria's isDateUnavailable): a day may be unavailable to start a range
   * and available to end one.
   */
  isDateUnavailable?: (date: string, anchor: string | null) => boolean;
  /** A day's cell in the calendar, instead of its number (e.g. with that night's price). */
  cellContent?: (date: string, formattedDate: string) => ReactNode;
  /** The calendar's cells, instead of the plain round day (when `cellContent` needs room). */
  cellClassName?: string;
  /** Said under the calendar (e.g. what the cells show). */
  calendarFooter?: ReactNode;
  /** The day the calendar is on changed (another month shown): YYYY-MM-DD. */
  onFocusChange?: (date: string) => void;
}

const navButtonClass =
  'inline-flex size-11 cursor-pointer items-center justify-center rounded-full text-teal-800 outline-none data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-40';

// Each typed segment (day, month, year) is a target of at least 24 by 24 px (WCAG 2.5.8).
const segmentClass =
  'inline-flex min-h-6 min-w-6 items-center justify-center rounded px-0.5 tabular-nums caret-transparent outline-none data-[type=literal]:min-w-0 data-[type=literal]:px-0 data-[placeholder]:text-slate-500 data-[focused]:bg-teal-700 data-[focused]:text-white';

/**
 * A labelled range of two dates (react-aria DateRangePicker): typed start and end segments
 * and a range calendar, Gregorian in both languages (Arabic digits and month names in
 * Arabic); arrow keys and the month buttons follow the reading direction.
 */
export function DateRangePicker({
  label,
  description,
  value,
  onChange,
  minValue,
  maxValue,
  errorMessage,
  className = '',
  isDisabled,
  isRequired,
  isDateUnavailable,
  cellContent,
  cellClassName = rangeCellClass,
  calendarFooter,
  onFocusChange,
}: DateRangePickerProps) {
  const { locale } = useLocale();
  const start = toCalendarDate(value?.from);
  const end = toCalendarDate(value?.to);
  return (
    <I18nProvider locale={gregorianLocale(locale)}>
      <AriaDateRangePicker
        value={start && end ? { start, end } : null}
        onChange={(range) =>
          onChange(range ? { from: range.start.toString(), to: range.end.toString() } : null)
        }
        minValue={toCalendarDate(minValue)}
        maxValue={toCalendarDate(maxValue)}
        isInvalid={errorMessage ? true : undefined}
        isDisabled={isDisabled}
        isRequired={isRequired}
        isDateUnavailable={
          isDateUnavailable
            ? (date, anchor) => isDateUnavailable(date.toString(), anchor ? anchor.toString() : null)
            : undefined
        }
        validationBehavior="aria"
        className={`group flex flex-col gap-1.5 ${className}`}
      >
        <Label className={fieldLabelClass}>{label}</Label>
        <Group className="flex min-h-11 w-full flex-wrap items-center gap-x-1 rounded-xl border border-slate-400 bg-white ps-3 pe-1 transition-colors data-[hovered]:border-teal-700 data-[focus-within]:border-teal-700 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-1 data-[focus-visible]:outline-gold-700 group-data-[invalid]:border-red-700">
          <DateInput slot="start" className="flex items-center py-2.5 text-base text-slate-900">
            {(segment) => <DateSegment segment={segment} className={segmentClass} />}
          </DateInput>
          <span aria-hidden="true" className="px-1 text-slate-600">
            –
          </span>
          <DateInput slot="end" className="flex flex-1 items-center py-2.5 text-base text-slate-900">
            {(segment) => <DateSegment segment={segment} className={segmentClass} />}
          </DateInput>
          <Button className={navButtonClass}>
            <CalendarIcon />
          </Button>
        </Group>
        {description ? (
          <Text slot="description" className={fieldDescriptionClass}>
            {description}
          </Text>
        ) : null}
        <FieldError className={fieldErrorClass}>{errorMessage}</FieldError>
        <Popover className="overflow-auto rounded-2xl border border-sand-200 bg-white p-3 shadow-lg outline-none">
          <Dialog className="outline-none">
            <RangeCalendar
              className="flex flex-col gap-2"
              onFocusChange={onFocusChange ? (date) => onFocusChange(date.toString()) : undefined}
            >
              <CalendarMonth
                cellClassName={cellClassName}
                cellContent={
                  cellContent ? (date, formatted) => cellContent(date.toString(), formatted) : undefined
                }
              />
              {calendarFooter}
            </RangeCalendar>
          </Dialog>
        </Popover>
      </AriaDateRangePicker>
    </I18nProvider>
  );
}

export const rangeCellClass =
  'flex size-10 cursor-pointer items-center justify-center rounded-full text-sm text-slate-900 outline-none data-[outside-month]:hidden data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[selected]:bg-teal-100 data-[selection-start]:bg-teal-700 data-[selection-start]:font-bold data-[selection-start]:text-white data-[selection-end]:bg-teal-700 data-[selection-end]:font-bold data-[selection-end]:text-white data-[disabled]:cursor-default data-[disabled]:text-slate-400 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700';
