import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  type ListBoxItemProps,
  Popover,
  Select as AriaSelect,
  type SelectProps as AriaSelectProps,
  SelectValue,
  type ValidationResult,
  composeRenderProps,
} from 'react-aria-components';
import { FieldHelp, fieldLabelClass } from './text-field';
import { CheckIcon, ChevronDownIcon } from '../more-icons';

export interface SelectProps<T extends object> extends Omit<AriaSelectProps<T>, 'children'> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
  /** Options for a dynamic list; then `children` is a function of each item. */
  items?: Iterable<T>;
  children: ReactNode | ((item: T) => ReactNode);
}

/**
 * A labelled single choice from a list (bed type, smoking preference, room type...). Nothing chosen
 * yet, it says "Choose…" in the page's language unless the caller says better: react-aria's own
 * words ("Select an item", "حدد عنصرًا") are a machine's, not the hotel's.
 */
export function Select<T extends object>({
  label,
  description,
  errorMessage,
  items,
  children,
  validationBehavior = 'aria',
  className,
  placeholder,
  ...props
}: SelectProps<T>) {
  const { t } = useLingui();
  return (
    <AriaSelect
      {...props}
      placeholder={placeholder ?? t`Choose…`}
      validationBehavior={validationBehavior}
      className={composeRenderProps(className, (extra) => `group flex flex-col gap-1.5 ${extra ?? ''}`)}
    >
      <Label className={fieldLabelClass}>{label}</Label>
      <Button className="flex min-h-11 w-full cursor-pointer items-center justify-between gap-2 rounded-xl border border-slate-400 bg-white ps-3 pe-2 py-2.5 text-start text-base text-slate-900 outline-none transition-colors data-[hovered]:border-teal-700 data-[pressed]:bg-sand-50 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-1 data-[focus-visible]:outline-gold-700 group-data-[invalid]:border-red-700 data-[disabled]:cursor-not-allowed data-[disabled]:bg-sand-100 data-[disabled]:text-slate-500">
        <SelectValue className="flex-1 truncate data-[placeholder]:text-slate-500" />
        <ChevronDownIcon className="size-5 shrink-0 text-teal-800 transition-transform group-data-[open]:rotate-180" />
      </Button>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="min-w-(--trigger-width) overflow-auto rounded-xl border border-sand-200 bg-white p-1 shadow-lg outline-none">
        <ListBox items={items} className="max-h-72 outline-none">
          {children}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

/** One option of a Select; a check mark shows the chosen one. */
export function SelectItem(props: ListBoxItemProps) {
  const textValue = props.textValue ?? (typeof props.children === 'string' ? props.children : undefined);
  return (
    <ListBoxItem
      {...props}
      textValue={textValue}
      className={composeRenderProps(
        props.className,
        (extra) =>
          `flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 text-start text-base text-slate-900 outline-none data-[focused]:bg-sand-100 data-[selected]:font-semibold data-[selected]:text-teal-800 data-[focus-visible]:outline-3 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-gold-700 data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400 ${extra ?? ''}`,
      )}
    >
      {composeRenderProps(props.children, (children, { isSelected }) => (
        <>
          <span className="flex-1">{children}</span>
          {isSelected ? <CheckIcon className="size-5 shrink-0 text-teal-700" /> : null}
        </>
      ))}
    </ListBoxItem>
  );
}
