import { type IconProps, Outline, Solid } from './icons';

/*
 * The app's other icons (buttons, panels, dialogs, the back office), drawn as in icons.tsx; apart
 * from it so that the landing page's first script does not carry them.
 */

export function GiftIcon({ className = 'size-6' }: IconProps) {
  return (
    <Outline className={className}>
      <path d="M4 12v8h16v-8M2 8h20v4H2zM12 8v12M12 8S10.5 3 8 4s0 4 4 4zM12 8s1.5-5 4-4 0 4-4 4z" />
    </Outline>
  );
}

export function CameraIcon({ className = 'size-6' }: IconProps) {
  return (
    <Outline className={className}>
      <path d="M4 7h3l2-3h6l2 3h3v12H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </Outline>
  );
}

export function ShareIcon({ className = 'size-6' }: IconProps) {
  return (
    <Outline className={className}>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </Outline>
  );
}

/** A calendar: the date picker's button. */
export function CalendarIcon({ className = 'size-5' }: IconProps) {
  return (
    <Outline className={className}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </Outline>
  );
}

/** An eye, crossed out while the password is shown (the button then hides it). */
export function EyeIcon({ crossed, className = 'size-5' }: IconProps & { crossed: boolean }) {
  return (
    <Outline className={className}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </Outline>
  );
}

export function UploadIcon({ className = 'size-4' }: IconProps) {
  return (
    <Outline className={className}>
      <path d="M12 16V4m0 0-4 4m4-4 4 4" />
      <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
    </Outline>
  );
}

/** The × of close and remove buttons. */
export function CloseIcon({ className = 'size-5' }: IconProps) {
  return (
    <Solid
      className={className}
      d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z"
    />
  );
}

/** Previous / next: points to the line's start or end, so it turns around in Arabic (right to left). */
export function ChevronIcon({ toward }: { toward: 'start' | 'end' }) {
  return (
    <Solid
      className={`size-5 ${toward === 'start' ? 'rtl:rotate-180' : 'ltr:rotate-180'}`}
      d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z"
    />
  );
}

/** Opens a list (select, expandable rows); turn it with a class while open. */
export function ChevronDownIcon({ className = 'size-5 shrink-0' }: IconProps) {
  return (
    <Solid
      className={className}
      d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
    />
  );
}

/** The chosen option of a list. */
export function CheckIcon({ className = 'size-5 shrink-0' }: IconProps) {
  return (
    <Solid
      className={className}
      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
    />
  );
}

/** A notice (offline notes). */
export function InfoIcon({ className = 'size-5 shrink-0' }: IconProps) {
  return (
    <Solid
      className={className}
      d="M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm0 11a1.25 1.25 0 1 0 0 2.5A1.25 1.25 0 0 0 10 13Zm0-8a1 1 0 0 0-1 1v5a1 1 0 1 0 2 0V6a1 1 0 0 0-1-1Z"
    />
  );
}

/** A warning triangle. */
export function WarningIcon({ className = 'size-6 shrink-0' }: IconProps) {
  return (
    <Solid
      className={className}
      d="M8.7 2.9a1.5 1.5 0 0 1 2.6 0l6.6 11.8A1.5 1.5 0 0 1 16.6 17H3.4a1.5 1.5 0 0 1-1.3-2.3L8.7 2.9ZM10 13a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2Zm0-6.5a1 1 0 0 0-1 1v3.8a1 1 0 1 0 2 0V7.5a1 1 0 0 0-1-1Z"
    />
  );
}

export function DownloadIcon({ className = 'size-5 shrink-0' }: IconProps) {
  return (
    <Solid
      className={className}
      d="M10 2.5a1 1 0 0 1 1 1v7.09l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.42l2.3 2.3V3.5a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1v.5h10V16a1 1 0 1 1 2 0v1.5a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V16a1 1 0 0 1 1-1Z"
    />
  );
}

export function TrashIcon({ className = 'size-4 shrink-0' }: IconProps) {
  return (
    <Solid
      className={className}
      d="M8 2a1 1 0 0 0-1 1v1H4a1 1 0 0 0 0 2h.3l.8 10.1A2 2 0 0 0 7.1 18h5.8a2 2 0 0 0 2-1.9L15.7 6h.3a1 1 0 1 0 0-2h-3V3a1 1 0 0 0-1-1H8Zm1 6a1 1 0 0 1 1 1v5a1 1 0 1 1-2 0V9a1 1 0 0 1 1-1Zm3 0a1 1 0 0 1 1 1v5a1 1 0 1 1-2 0V9a1 1 0 0 1 1-1Z"
    />
  );
}

/** A bell: notifications (the Web Push prompt and the desk's tablet alerts). */
export function BellIcon({ className = 'size-5' }: IconProps) {
  return (
    <Solid
      className={className}
      d="M10 2a6 6 0 0 0-6 6v2.59l-1.2 2.4A1 1 0 0 0 3.7 14.5h12.6a1 1 0 0 0 .9-1.45L16 10.59V8a6 6 0 0 0-6-6Zm-2.45 14a2.5 2.5 0 0 0 4.9 0h-4.9Z"
    />
  );
}

/** A loudspeaker: the new-booking sound's test. */
export function SpeakerIcon({ className = 'size-5' }: IconProps) {
  return (
    <Solid
      className={className}
      d="M10 3.5a.75.75 0 0 0-1.2-.6L5.2 6H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2.2l3.6 3.1a.75.75 0 0 0 1.2-.6v-13Zm4.2 2.3a.75.75 0 0 1 1.05.13 6.5 6.5 0 0 1 0 8.14.75.75 0 1 1-1.18-.93 5 5 0 0 0 0-6.28.75.75 0 0 1 .13-1.06Z"
    />
  );
}

export function WhatsAppIcon({ className = 'size-5' }: IconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="currentColor">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3a.5.5 0 0 0 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.8 11.9 11.9 0 0 0 4.6 4c1.7.7 2.4.8 3.2.7a2.8 2.8 0 0 0 1.8-1.3 2.3 2.3 0 0 0 .2-1.3c-.1-.1-.3-.2-.5-.3z" />
    </svg>
  );
}

/** Google's "G", for Continue with Google. */
export function GoogleIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5 shrink-0">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5Z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7Z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44Z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5Z"
      />
    </svg>
  );
}

/** A door with an arrow leaving it: log out (the header's button on phones, where its words do not fit). */
export function LogOutIcon({ className = 'size-5 shrink-0' }: IconProps) {
  return (
    <Outline className={`${className} rtl:-scale-x-100`}>
      <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" />
    </Outline>
  );
}
