import type { ReactNode } from 'react';
import {
  Button,
  Group,
  Input,
  Label,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
  type ValidationResult,
  composeRenderProps,
} from 'react-aria-components';
import { FieldHelp, fieldLabelClass } from './text-field';

// Kept free of Lingui on purpose: callers pass translated labels (the steppers' too).

export interface NumberFieldProps extends AriaNumberFieldProps {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
  /** The steppers' accessible names ("Fewer", "More"). */
  decrementLabel: string;
  incrementLabel: string;
}

const stepperClass =
  'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg text-xl font-bold text-teal-800 outline-none ' +
  'data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700 data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400';

/**
 * A labelled whole-number input with − and + (react-aria NumberField): typed digits are read in
 * the locale's numbering system and in Latin and Arabic-Indic alike; arrows and steppers stay
 * within min and max.
 */
export function NumberField({
  label,
  description,
  errorMessage,
  decrementLabel,
  incrementLabel,
  validationBehavior = 'aria',
  className,
  ...props
}: NumberFieldProps) {
  return (
    <AriaNumberField
      {...props}
      validationBehavior={validationBehavior}
      className={composeRenderProps(className, (extra) => `group flex flex-col gap-1.5 ${extra ?? ''}`)}
    >
      <Label className={fieldLabelClass}>{label}</Label>
      <Group className="flex min-h-11 w-full items-center gap-1 rounded-xl border border-slate-400 bg-white px-1 transition-colors data-[hovered]:border-teal-700 data-[focus-within]:border-teal-700 group-data-[invalid]:border-red-700">
        <Button slot="decrement" aria-label={decrementLabel} className={stepperClass}>
          −
        </Button>
        <Input className="min-w-0 flex-1 bg-transparent py-2.5 text-center text-base text-slate-900 tabular-nums outline-none" />
        <Button slot="increment" aria-label={incrementLabel} className={stepperClass}>
          +
        </Button>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaNumberField>
  );
}
