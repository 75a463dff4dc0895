import { SIGNED_IN_HINT_COOKIE, type Language } from '@shared/start-constants';

/**
 * What the phone last knew of the signed-in guest's header (docs/decisions/099-landing-first-second.md):
 * their name and e-mail, their points and unread notifications, kept in localStorage by the app
 * each time it shows them (app/last-known-account.tsx). The landing page's second inline script
 * (app/last-known-draw.ts) draws the header from it before the first paint, marked as the last known
 * until the app, once started, has asked the server again; the app starts from the same values.
 * Only a guest's header (staff have no points or bookings there) and only while the readable
 * sign-in hint is there: signing out (the server clears it) forgets it.
 */
export const LAST_KNOWN_ACCOUNT_KEY = 'last-known-account';

export { LAST_KNOWN_ATTRIBUTE } from './last-known-flag';

export type LastKnownAccount = {
  v: 1;
  /** When the app saved it (ms since the epoch). */
  savedAt: number;
  /** The language the texts below were shown in. */
  language: Language;
  /** The sign-in lookup's answer (entities/session/use-current-user.ts, CurrentUser). */
  user: { id: number; fullName: string; email: string; role: string; sessionExpiresAt?: string };
  /** The points balance's answer (features/points), if it was known. */
  points: unknown;
  /** The unread notifications' answer (entities/notifications), if it was known. */
  unread: { unread: number } | null;
  /** The header's texts as the app showed them, in `language` (each as rendered: plurals, digits). */
  texts: {
    /** The bell's name for screen readers ("Notifications, 3 unread"). */
    bellLabel?: string;
    /** The bell's badge ("٣"), absent when none are unread. */
    bellCount?: string;
    /** The points badge's total ("١٢٠ نقطة"). */
    points?: string;
    /** The most recent points earned ("+١٠"), absent when none. */
    lastEarned?: string;
  };
};

const signedIn = () => `; ${document.cookie};`.includes(`; ${SIGNED_IN_HINT_COOKIE}=1;`);

/**
 * The last known account, if the device still holds a session (the hint) and a saved guest's
 * header that has not passed its session's end; otherwise none (and a stale one is forgotten).
 */
export function readLastKnownAccount(now = Date.now()): LastKnownAccount | null {
  try {
    const text = localStorage.getItem(LAST_KNOWN_ACCOUNT_KEY);
    if (!text) return null;
    const saved = JSON.parse(text) as Partial<LastKnownAccount> | null;
    const user = saved?.user;
    const live =
      signedIn() &&
      saved?.v === 1 &&
      typeof saved.savedAt === 'number' &&
      (saved.language === 'ar' || saved.language === 'en') &&
      !!user &&
      user.role === 'guest' &&
      typeof user.fullName === 'string' &&
      typeof user.email === 'string' &&
      typeof saved.texts === 'object' &&
      !(user.sessionExpiresAt && Date.parse(user.sessionExpiresAt) <= now);
    if (live) return saved as LastKnownAccount;
    localStorage.removeItem(LAST_KNOWN_ACCOUNT_KEY);
  } catch {
    // Private mode, or something else's value: nothing known.
  }
  return null;
}
