import type { ReactNode } from 'react';
import {
  CheckboxGroup as AriaCheckboxGroup,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
  Label,
  type ValidationResult,
  composeRenderProps,
} from 'react-aria-components';
import { FieldHelp, fieldLabelClass } from './text-field';

export interface CheckboxGroupProps extends Omit<AriaCheckboxGroupProps, 'children'> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
  /** Checkbox components (components/ui/checkbox.tsx), each with its `value`. */
  children: ReactNode;
  /** Classes for the row or grid that holds the boxes. */
  optionsClassName?: string;
}

/** A labelled set of checkboxes for a choice of several (room types, weekdays), with its error. */
export function CheckboxGroup({
  label,
  description,
  errorMessage,
  children,
  optionsClassName = 'flex flex-wrap gap-x-5',
  validationBehavior = 'aria',
  className,
  ...props
}: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup
      {...props}
      validationBehavior={validationBehavior}
      className={composeRenderProps(className, (extra) => `group flex flex-col gap-1 ${extra ?? ''}`)}
    >
      <Label className={fieldLabelClass}>{label}</Label>
      <div className={optionsClassName}>{children}</div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaCheckboxGroup>
  );
}
