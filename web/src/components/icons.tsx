/** Small icons shared by the landing page, the events screens, the outbox indicator and the UI kit. */
const iconProps = {
  viewBox: '0 0 24 24',
  className: 'size-6',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
};

export function BedIcon() {
  return (
    <svg {...iconProps}>
      <path d="M3 18V7M3 13h18v5M21 13v-1a3 3 0 0 0-3-3h-7v4" />
      <circle cx="7" cy="10" r="2" />
    </svg>
  );
}
export function TagIcon() {
  return (
    <svg {...iconProps}>
      <path d="M20 12l-8 8-9-9V3h8z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </svg>
  );
}
export function ChatIcon() {
  return (
    <svg {...iconProps}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
      <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
    </svg>
  );
}
export function StarIcon() {
  return (
    <svg {...iconProps}>
      <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}
export function PinIcon() {
  return (
    <svg {...iconProps}>
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}
export function GiftIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 12v8h16v-8M2 8h20v4H2zM12 8v12M12 8S10.5 3 8 4s0 4 4 4zM12 8s1.5-5 4-4 0 4-4 4z" />
    </svg>
  );
}
export function CameraIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 7h3l2-3h6l2 3h3v12H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}
export function ShareIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </svg>
  );
}

// Inline with text (the outbox indicator): smaller, and hidden from screen readers.
const smallIconProps = { ...iconProps, className: 'size-4', 'aria-hidden': true };

/** A crossed-out cloud: no network. */
export function CloudOffIcon() {
  return (
    <svg {...smallIconProps}>
      <path d="m2 2 20 20" />
      <path d="M5.8 5.8A7 7 0 0 0 9 19h8.5c.7 0 1.3-.2 1.9-.4" />
      <path d="M22 15.5A4.5 4.5 0 0 0 17.5 11h-1.8A7 7 0 0 0 10 5.1" />
    </svg>
  );
}
export function UploadIcon() {
  return (
    <svg {...smallIconProps}>
      <path d="M12 16V4m0 0-4 4m4-4 4 4" />
      <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
    </svg>
  );
}

/** The × of close and remove buttons (filled, 20 px grid). */
export function CloseIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className}>
      <path
        fill="currentColor"
        d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z"
      />
    </svg>
  );
}

/** Previous / next: points to the line's start or end, so it turns around in Arabic (right to left). */
export function ChevronIcon({ toward }: { toward: 'start' | 'end' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={`size-5 ${toward === 'start' ? 'rtl:rotate-180' : 'ltr:rotate-180'}`}
    >
      <path
        fill="currentColor"
        d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z"
      />
    </svg>
  );
}
