import type { ReactNode } from 'react';
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';

/** An on/off switch with its label (react-aria: keyboard, focus and the switch role handled). */
export function Switch({
  children,
  className = '',
  ...props
}: AriaSwitchProps & { children: ReactNode; className?: string }) {
  return (
    <AriaSwitch
      {...props}
      className={`group inline-flex min-h-11 cursor-pointer items-center gap-3 text-base text-slate-900 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 ${className}`}
    >
      <span
        aria-hidden="true"
        className="flex h-7 w-12 shrink-0 items-center rounded-full bg-slate-400 p-0.5 transition-colors group-data-[selected]:bg-teal-700 group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-gold-700"
      >
        <span className="size-6 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5 rtl:group-data-[selected]:-translate-x-5" />
      </span>
      <span>{children}</span>
    </AriaSwitch>
  );
}
