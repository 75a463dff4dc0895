import type { ReactNode } from 'react';
import {
  DateInput,
  DateSegment,
  Label,
  TimeField as AriaTimeField,
  type TimeFieldProps as AriaTimeFieldProps,
  type TimeValue,
  type ValidationResult,
  composeRenderProps,
} from 'react-aria-components';
import { FieldHelp, fieldLabelClass } from './text-field';

// Kept free of Lingui on purpose: callers pass translated label, description and error.

export interface TimeFieldProps<T extends TimeValue> extends AriaTimeFieldProps<T> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
}

/**
 * A labelled time of day (react-aria TimeField): hour and minute segments typed or stepped with
 * the arrow keys, in the locale's clock and digits (Arabic-Indic typed digits are read too).
 */
export function TimeField<T extends TimeValue>({
  label,
  description,
  errorMessage,
  validationBehavior = 'aria',
  className,
  ...props
}: TimeFieldProps<T>) {
  return (
    <AriaTimeField
      {...props}
      validationBehavior={validationBehavior}
      className={composeRenderProps(className, (extra) => `group flex flex-col gap-1.5 ${extra ?? ''}`)}
    >
      <Label className={fieldLabelClass}>{label}</Label>
      <DateInput className="flex min-h-11 w-full items-center rounded-xl border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 transition-colors data-[focus-within]:border-teal-700 data-[hovered]:border-teal-700 group-data-[invalid]:border-red-700">
        {(segment) => (
          <DateSegment
            segment={segment}
            className="rounded px-0.5 tabular-nums caret-transparent outline-none data-[type=literal]:px-0 data-[placeholder]:text-slate-500 data-[focused]:bg-teal-700 data-[focused]:text-white"
          />
        )}
      </DateInput>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTimeField>
  );
}
