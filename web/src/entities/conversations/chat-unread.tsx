import { plural } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { unreadBadgeText } from '@/entities/notifications/notifications';
import { useLanguage } from '@/hooks/use-language';
import { hasSignedInHint } from '@/entities/session/use-current-user';
import { SIGNED_IN_ONLY } from '@/lib/query-client';
import { getGuestUnread, guestChatKeys } from './conversation-api';

/**
 * The sign that the front desk replied while the chat was closed (docs/decisions/088, "A reply the
 * guest has not read"): the count of the staff's replies not read yet, read without reading them
 * (GET /api/messages/unread), every 10 seconds while the page is visible, as the bell's count is;
 * opening the chat reads the thread and sets it to nought (guest-chat.tsx).
 */
export function useGuestChatUnread(bookingId: number | null, enabled: boolean): number {
  const unread = useQuery({
    queryKey: guestChatKeys.unread(bookingId),
    // The account's count, signed out meanwhile (the session's hint cookie gone with the session):
    // nothing to ask, rather than a 401 the browser logs.
    queryFn: () => (bookingId === null && !hasSignedInHint() ? { unread: 0 } : getGuestUnread(bookingId)),
    enabled,
    refetchInterval: TIMING.bookingsPoll,
    refetchIntervalInBackground: false,
    staleTime: TIMING.bookingsPoll,
    retry: false,
    // The account's count goes with the session (lib/query-client.ts emptyQueryCache); a booking's
    // is the booking page's, which a signed link opens without an account.
    meta: bookingId === null ? { persist: false, ...SIGNED_IN_ONLY } : { persist: false },
  });
  return enabled ? (unread.data?.unread ?? 0) : 0;
}

/**
 * The count on the chat's button: a red badge (the language's digits; "٩٩+" past the cap), said to
 * a screen reader after the button's own words. Nothing while none is unread.
 */
export function ChatUnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  const language = useLanguage();
  if (count === 0) return null;
  const shown = unreadBadgeText(count, language);
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="chat-unread"
        className={`inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-bold text-white ${className}`}
      >
        {shown}
      </span>
      <span className="sr-only">
        {language === 'ar' ? '، ' : ', '}
        {plural(count, {
          one: `${shown} new reply from the front desk`,
          other: `${shown} new replies from the front desk`,
        })}
      </span>
    </>
  );
}

/** The landing's assistant card's badge, for a signed-in guest (a chunk of its own: landing-roots.ts). */
export default function AccountChatUnread() {
  return <ChatUnreadBadge count={useGuestChatUnread(null, true)} className="ms-auto" />;
}
