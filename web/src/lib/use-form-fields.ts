import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { type FieldErrors, fieldMessage, validateWith } from './field-messages';

/**
 * The first control a refused form wants fixed: a text field, a date's first
 * segment, a radio option or a select's button, in the page's order.
 */
const INVALID_CONTROL = [
  'input[aria-invalid="true"]',
  'textarea[aria-invalid="true"]',
  '[role="spinbutton"][aria-invalid="true"]',
  '[role="radiogroup"][aria-invalid="true"] input',
  '[data-invalid] button',
].join(', ');

export function focusFirstInvalid(form: HTMLElement | null) {
  form?.querySelector<HTMLElement>(INVALID_CONTROL)?.focus();
}

/**
 * A form's field errors (guest spec section 5): each shown under its field in
 * the active language, cleared when that field is edited; a refused submit
 * (the device's checks or the server's 400 `fields`) moves the focus to the
 * first invalid field, once the errors are on screen. Put `formRef` on the
 * <form>. For a form whose values live elsewhere (the booking form's draft);
 * otherwise use `useFormFields`.
 */
export function useFieldErrors<Field extends string>() {
  const { i18n } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(formRef.current);
  }, [refusals]);

  return {
    formRef,
    errors,
    setErrors,
    /** Clears the errors of these fields (they were edited). */
    clear: (...fields: Field[]) =>
      setErrors((e) => ({ ...e, ...Object.fromEntries(fields.map((field) => [field, undefined])) })),
    /** Shows these errors (codes or the server's sentences) and moves the focus to the first. */
    refuse: (found: FieldErrors<Field>) => {
      setErrors(found);
      setRefusals((n) => n + 1);
    },
    /** The error under `field`, in the active language. */
    message: (field: Field) => fieldMessage(i18n, errors[field]),
  };
}

/**
 * A form's values and field errors. `change(field)` sets one value and clears
 * that field's error; `validate(schema)` checks the values (or `input`) with a
 * shared schema before sending: the parsed data, or null with the errors shown
 * and the first invalid field focused.
 */
export function useFormFields<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const fieldErrors = useFieldErrors<keyof T & string>();
  const change =
    <K extends keyof T & string>(field: K) =>
    (value: T[K]) => {
      setValues((v) => ({ ...v, [field]: value }));
      fieldErrors.clear(field);
    };
  const validate = <Data>(schema: ZodType<Data>, input: unknown = values): Data | null => {
    const checked = validateWith(schema, input);
    if (checked.ok) return checked.data;
    fieldErrors.refuse(checked.errors);
    return null;
  };
  return { values, setValues, change, validate, ...fieldErrors };
}
