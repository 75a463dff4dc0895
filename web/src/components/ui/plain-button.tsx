import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from '@/lib/router';
import { buttonClass, type ButtonVariant } from './button-class';

/**
 * A native button and a router link that look like ui/button.tsx's, for the parts of the
 * landing page's first script (the header, the room cards, load errors): react-aria's Button
 * and Link, and the locale work they start when loaded, stay in the chunks of the screens and
 * dialogs that need them (decision 020). Keyboard, focus ring and names come from the native
 * elements.
 */
export function PlainButton({
  variant = 'primary',
  className = '',
  onPress,
  isPending = false,
  type = 'button',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> & {
  variant?: ButtonVariant;
  onPress?: () => void;
  /** Busy: the press is ignored (as react-aria's isPending), and says so to screen readers. */
  isPending?: boolean;
  children?: ReactNode;
}) {
  return (
    <button
      {...props}
      type={type}
      aria-disabled={isPending || undefined}
      data-pending={isPending || undefined}
      onClick={isPending ? undefined : onPress}
      className={buttonClass(variant, className)}
    />
  );
}

export function PlainLink({
  variant = 'primary',
  className = '',
  href,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string; variant?: ButtonVariant }) {
  return <Link {...props} href={href} className={buttonClass(variant, className)} />;
}
