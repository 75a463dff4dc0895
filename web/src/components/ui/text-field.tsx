import type { ReactNode } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
  composeRenderProps,
} from 'react-aria-components';

// Kept free of Lingui on purpose: callers pass translated label, description and error.

export const fieldLabelClass = 'text-sm font-semibold text-slate-800';
export const fieldDescriptionClass = 'text-sm text-slate-600';
export const fieldErrorClass = 'text-sm font-medium text-red-700';

/** A field's hint and its error, under the control, in every field wrapper. */
export function FieldHelp({
  description,
  errorMessage,
}: {
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
}) {
  return (
    <>
      {description ? (
        <Text slot="description" className={fieldDescriptionClass}>
          {description}
        </Text>
      ) : null}
      <FieldError className={fieldErrorClass}>{errorMessage}</FieldError>
    </>
  );
}

export const controlClass =
  'w-full min-h-11 rounded-xl border border-slate-400 bg-white px-3 py-2.5 text-base text-start text-slate-900 placeholder:text-slate-500 outline-none transition-colors ' +
  'data-[hovered]:border-teal-700 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-1 data-[focus-visible]:outline-gold-700 data-[focused]:border-teal-700 ' +
  'data-[invalid]:border-red-700 data-[disabled]:cursor-not-allowed data-[disabled]:bg-sand-100 data-[disabled]:text-slate-500 read-only:bg-sand-50';

/** Values that read left to right in both languages: typed as they are, not mirrored. */
const LTR_TYPES = new Set(['email', 'tel', 'url', 'password']);

export interface TextFieldProps extends AriaTextFieldProps {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /** A multi-line TextArea instead of a one-line Input. */
  multiline?: boolean;
  rows?: number;
  /**
   * Writing direction of the typed value. E-mail, phone, URL and password
   * fields default to ltr so an address is not scrambled in the Arabic layout.
   */
  inputDir?: 'ltr' | 'rtl' | 'auto';
  /** Extra classes for the input itself (e.g. a large, spaced one-time code). */
  inputClassName?: string;
}

/** A labelled text input (or text area) with an optional description and its error. */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  multiline = false,
  rows = 4,
  inputDir,
  inputClassName = '',
  validationBehavior = 'aria',
  className,
  ...props
}: TextFieldProps) {
  const dir = inputDir ?? (props.type && LTR_TYPES.has(props.type) ? 'ltr' : undefined);
  return (
    <AriaTextField
      {...props}
      validationBehavior={validationBehavior}
      className={composeRenderProps(className, (extra) => `flex flex-col gap-1.5 ${extra ?? ''}`)}
    >
      <Label className={fieldLabelClass}>{label}</Label>
      {multiline ? (
        <TextArea
          rows={rows}
          placeholder={placeholder}
          dir={dir}
          className={`${controlClass} resize-y ${inputClassName}`}
        />
      ) : (
        <Input placeholder={placeholder} dir={dir} className={`${controlClass} ${inputClassName}`} />
      )}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
