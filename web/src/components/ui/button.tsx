import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  composeRenderProps,
} from 'react-aria-components';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

// react-aria marks keyboard focus with data-focus-visible; plain <a> elements styled with
// buttonClass (external links: WhatsApp, Google) get the same ring through :focus-visible.

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl px-4 py-2.5 text-base font-semibold transition-colors cursor-pointer select-none no-underline outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-700 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[pending]:cursor-wait data-[pending]:opacity-70';

const variants: Record<Variant, string> = {
  primary: 'bg-teal-700 text-white data-[hovered]:bg-teal-800 data-[pressed]:bg-teal-800',
  secondary: 'bg-white text-teal-800 ring-1 ring-teal-700/40 data-[hovered]:bg-sand-100',
  ghost: 'bg-transparent text-teal-800 data-[hovered]:bg-sand-100',
  danger: 'bg-red-700 text-white data-[hovered]:bg-red-800',
};

export function buttonClass(variant: Variant = 'primary', extra = '') {
  return `${base} ${variants[variant]} ${extra}`;
}

export type ButtonProps = AriaButtonProps & { variant?: Variant };

/** The one button of the app (react-aria: press, keyboard and focus handled). */
export function Button({ variant = 'primary', className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (extra) => buttonClass(variant, extra ?? ''))}
    />
  );
}

export type LinkButtonProps = AriaLinkProps & { variant?: Variant };

/** A link that looks like a button; navigates through the router (see app/providers.tsx). */
export function LinkButton({ variant = 'primary', className, ...props }: LinkButtonProps) {
  return (
    <AriaLink
      {...props}
      className={composeRenderProps(className, (extra) => buttonClass(variant, extra ?? ''))}
    />
  );
}
