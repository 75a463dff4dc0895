import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import {
  Button,
  Input,
  Label,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
  composeRenderProps,
  useLocale,
} from 'react-aria-components';
import { controlClass, FieldHelp, fieldLabelClass } from './text-field';
import { EyeIcon } from '../more-icons';

export interface PasswordFieldProps extends Omit<AriaTextFieldProps, 'type'> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
}

/**
 * A labelled password input with a show/hide button (spec: register and
 * login). The typed value always reads left to right; the button sits at the
 * end of the field in the page's direction (left in Arabic, right in English).
 */
export function PasswordField({
  label,
  description,
  errorMessage,
  placeholder,
  validationBehavior = 'aria',
  className,
  ...props
}: PasswordFieldProps) {
  const { t } = useLingui();
  const { direction } = useLocale();
  const [visible, setVisible] = useState(false);
  // The input is ltr inside an rtl page, so logical padding would point the wrong way: use sides.
  const rtl = direction === 'rtl';
  return (
    <AriaTextField
      {...props}
      type={visible ? 'text' : 'password'}
      validationBehavior={validationBehavior}
      className={composeRenderProps(className, (extra) => `flex flex-col gap-1.5 ${extra ?? ''}`)}
    >
      <Label className={fieldLabelClass}>{label}</Label>
      <div className="relative">
        <Input
          placeholder={placeholder}
          dir="ltr"
          className={`${controlClass} ${rtl ? 'pl-12!' : 'pr-12!'}`}
        />
        <Button
          aria-label={visible ? t`Hide password` : t`Show password`}
          onPress={() => setVisible((v) => !v)}
          className={`absolute top-1/2 inline-flex size-10 -translate-y-1/2 cursor-pointer items-center justify-center rounded-lg text-teal-800 outline-none data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700 ${rtl ? 'left-1' : 'right-1'}`}
        >
          <EyeIcon crossed={visible} />
        </Button>
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
