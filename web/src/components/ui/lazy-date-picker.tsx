import { Suspense } from 'react';
import { useLocale } from 'react-aria-components';
import { lazy } from '@/lib/lazy';
import type { DatePickerProps } from './date-picker';
import { gregorianLocale } from './gregorian-locale';
import { fieldLabelClass } from './text-field';
import { CalendarIcon } from '../more-icons';

// The date field with its calendar is about 150 KB of react-aria's date picker and
// @internationalized/date (decision 087): the desk's screens draw their rows without waiting
// for it, and it replaces its placeholder as soon as it has arrived.
const DatePicker = lazy(
  () => import('./date-picker'),
  (module) => module.DatePicker,
);

/**
 * `DatePicker`, loaded after the screen that shows it has drawn. Until it has arrived, a
 * placeholder of the same size shows its label and the date (in the field's own Gregorian
 * calendar and digits), marked busy for assistive technology.
 */
export function LazyDatePicker(props: DatePickerProps) {
  return (
    <Suspense fallback={<DatePickerPlaceholder {...props} />}>
      <DatePicker {...props} />
    </Suspense>
  );
}

function DatePickerPlaceholder({ label, value, className = '' }: DatePickerProps) {
  const { locale } = useLocale();
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const text = date
    ? new Intl.DateTimeFormat(gregorianLocale(locale), {
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        timeZone: 'UTC',
      }).format(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])))
    : '';
  return (
    <div className={`flex flex-col gap-1.5 ${className}`} aria-busy="true">
      <span className={fieldLabelClass}>{label}</span>
      <div className="flex min-h-11 w-full items-center rounded-xl border border-slate-400 bg-white ps-3 pe-1">
        <span className="flex flex-1 items-center px-1.5 py-2.5 text-base text-slate-900 tabular-nums">
          {text}
        </span>
        <span className="inline-flex size-11 items-center justify-center text-teal-800" aria-hidden="true">
          <CalendarIcon />
        </span>
      </div>
    </div>
  );
}
