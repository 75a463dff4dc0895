import type { ReactNode } from 'react';

/**
 * The icons of the landing page's first script (its cards and the header), drawn inline (no icon
 * font, nothing fetched); the others are in more-icons.tsx, so they stay in the chunks that use
 * them. All are decorative (aria-hidden): the button or text beside them says what they mean.
 * Each takes its size (and any spacing) as `className`.
 */
export type IconProps = { className?: string };

/** Outlined, 24 px grid. */
export function Outline({
  className,
  round = true,
  children,
}: {
  className: string;
  round?: boolean;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap={round ? 'round' : undefined}
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** Filled, 20 px grid. */
export function Solid({ className, d }: { className: string; d: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className}>
      <path fill="currentColor" d={d} />
    </svg>
  );
}

export function BedIcon({ className = 'size-6' }: IconProps) {
  return (
    <Outline className={className}>
      <path d="M3 18V7M3 13h18v5M21 13v-1a3 3 0 0 0-3-3h-7v4" />
      <circle cx="7" cy="10" r="2" />
    </Outline>
  );
}

export function TagIcon({ className = 'size-6' }: IconProps) {
  return (
    <Outline className={className}>
      <path d="M20 12l-8 8-9-9V3h8z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </Outline>
  );
}

export function ChatIcon({ className = 'size-6' }: IconProps) {
  return (
    <Outline className={className}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
      <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
    </Outline>
  );
}

export function StarIcon({ className = 'size-6' }: IconProps) {
  return (
    <Outline className={className}>
      <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />
    </Outline>
  );
}

export function PinIcon({ className = 'size-6' }: IconProps) {
  return (
    <Outline className={className}>
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </Outline>
  );
}

/** A calendar page with lines: My bookings. */
export function BookingsIcon({ className = 'size-5' }: IconProps) {
  return (
    <Outline className={className}>
      <rect x="4" y="4" width="16" height="17" rx="2" />
      <path d="M8 2v4M16 2v4M4 10h16M8 14h3M8 17h6" />
    </Outline>
  );
}

/** A wrapped present: Use Points. */
export function PresentIcon({ className = 'size-5' }: IconProps) {
  return (
    <Outline className={className}>
      <rect x="3" y="8" width="18" height="13" rx="2" />
      <path d="M12 8v13M3 12h18M12 8c-2-4-6-4-6-1.5S9 8 12 8Zm0 0c2-4 6-4 6-1.5S15 8 12 8Z" />
    </Outline>
  );
}

/** A crossed-out cloud: no network. */
export function CloudOffIcon({ className = 'size-4' }: IconProps) {
  return (
    <Outline className={className}>
      <path d="m2 2 20 20" />
      <path d="M5.8 5.8A7 7 0 0 0 9 19h8.5c.7 0 1.3-.2 1.9-.4" />
      <path d="M22 15.5A4.5 4.5 0 0 0 17.5 11h-1.8A7 7 0 0 0 10 5.1" />
    </Outline>
  );
}
