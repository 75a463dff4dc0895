import type { ReactNode } from 'react';
import {
  Label,
  Radio as AriaRadio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  type RadioProps,
  type ValidationResult,
  composeRenderProps,
} from 'react-aria-components';
import { FieldHelp, fieldLabelClass } from './text-field';

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children'> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
  children: ReactNode;
  /** Classes for the row or grid that holds the options. */
  optionsClassName?: string;
}

/** A labelled choice of one among a few options shown at once (bed type, smoking, guests). */
export function RadioGroup({
  label,
  description,
  errorMessage,
  children,
  optionsClassName = 'flex flex-wrap gap-2',
  validationBehavior = 'aria',
  className,
  ...props
}: RadioGroupProps) {
  return (
    <AriaRadioGroup
      {...props}
      validationBehavior={validationBehavior}
      className={composeRenderProps(className, (extra) => `group flex flex-col gap-1.5 ${extra ?? ''}`)}
    >
      <Label className={fieldLabelClass}>{label}</Label>
      <div className={optionsClassName}>{children}</div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaRadioGroup>
  );
}

/** One option, drawn as a card or pill; the chosen one is filled. */
export function RadioOption({ className, ...props }: RadioProps) {
  return (
    <AriaRadio
      {...props}
      className={composeRenderProps(
        className,
        (extra) =>
          `flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 outline-none transition-colors data-[hovered]:border-teal-700 data-[pressed]:bg-sand-50 data-[selected]:border-teal-700 data-[selected]:bg-teal-700 data-[selected]:font-semibold data-[selected]:text-white data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 group-data-[invalid]:border-red-700 ${extra ?? ''}`,
      )}
    />
  );
}
