import type { ReactNode } from 'react';
import {
  Checkbox as AriaCheckbox,
  type CheckboxProps as AriaCheckboxProps,
  composeRenderProps,
} from 'react-aria-components';

export interface CheckboxProps extends AriaCheckboxProps {
  children: ReactNode;
}

/** A labelled checkbox (react-aria): the whole label toggles it; a 44 px target. */
export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox
      {...props}
      className={composeRenderProps(
        className,
        (extra) =>
          `group flex min-h-11 cursor-pointer items-center gap-3 text-base text-slate-900 outline-none ${extra ?? ''}`,
      )}
    >
      {({ isSelected }) => (
        <>
          <span
            aria-hidden="true"
            className="flex size-6 shrink-0 items-center justify-center rounded-md border-2 border-slate-500 bg-white text-white group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-gold-700 group-data-[invalid]:border-red-700 group-data-[selected]:border-teal-700 group-data-[selected]:bg-teal-700"
          >
            {isSelected ? (
              <svg viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5">
                <path d="M3 8.5l3.5 3.5L13 4.5" />
              </svg>
            ) : null}
          </span>
          <span>{children}</span>
        </>
      )}
    </AriaCheckbox>
  );
}
