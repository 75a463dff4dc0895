import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  composeRenderProps,
} from 'react-aria-components';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';

import { buttonClass, type ButtonVariant as Variant } from './button-class';

export { buttonClass };

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
