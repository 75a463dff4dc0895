import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { AriaScope } from '@/components/aria-scope/aria-scope';
import { LoadingOverlay } from '@/components/loading-overlay';
import { PlainButton } from '@/components/ui/plain-button';
import {
  type NotificationScope,
  unreadBadgeText,
  useUnreadCount,
} from '@/entities/notifications/notifications';
import { useLanguage } from '@/hooks/use-language';
import { lazy } from '@/lib/lazy';

const NotificationsPanel = lazy(() => import('./notifications-panel'));

/**
 * The header's bell for a signed-in user: the unread count in a red badge
 * (Arabic-Indic digits in Arabic), named with it for screen readers; a press opens the list
 * (a lazy chunk). Guests see their own notifications, staff the alerts of new requests and
 * entries. A chunk of its own too (app-layout.tsx), so the landing's first script holds none of it.
 */
export default function NotificationBell({ scope }: { scope: NotificationScope }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(scope).data?.unread ?? 0;
  const count = unreadBadgeText(unread, language);
  const label =
    unread === 0
      ? t`Notifications, none unread`
      : plural(unread, { one: `Notifications, ${count} unread`, other: `Notifications, ${count} unread` });
  return (
    <>
      <PlainButton
        variant="ghost"
        className="relative shrink-0 px-2.5 py-1.5"
        aria-label={label}
        onPress={() => setOpen(true)}
        data-testid="notification-bell"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-1 -end-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs leading-5 font-bold text-white"
          >
            {count}
          </span>
        ) : null}
      </PlainButton>
      {open && (
        <AriaScope fallback={<LoadingOverlay />}>
          <NotificationsPanel scope={scope} onClose={() => setOpen(false)} />
        </AriaScope>
      )}
    </>
  );
}
