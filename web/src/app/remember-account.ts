import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '@/entities/session/auth-keys';
import type { CurrentUser } from '@/entities/session/use-current-user';
import { notificationKeys } from '@/entities/notifications/notification-keys';
import { pointsKeys } from '@/features/points/api/points-keys';
import { languageOf } from '@/lib/i18n';
import { LAST_KNOWN_ACCOUNT_KEY, type LastKnownAccount } from '@/lib/last-known-account';
import { ACCOUNT_ROLE_KEY } from '@/lib/started-requests';
import { afterPaint } from '@/lib/tasks';

/**
 * Keeps the signed-in guest's header for the next visit, each time the sign-in lookup, the
 * points or the unread count change (and forgets it once nobody is signed in): the values as the
 * server answered them, and the texts as the header shows them in this language. Keeps the
 * account's role too, for the landing page's `/?admin=true`.
 */
export function rememberAccount(client: QueryClient): () => void {
  const watched = [authKeys.me(), pointsKeys.all, notificationKeys.unread('mine')].map((key) =>
    JSON.stringify(key).slice(0, -1),
  );
  let scheduled = false;
  const remember = () => {
    scheduled = false;
    const me = client.getQueryState<CurrentUser | null>(authKeys.me());
    // Only what the server said on this page: a restored or seeded answer is no news.
    if (!me || me.dataUpdatedAt < performance.timeOrigin) return;
    const user = me.data;
    keepAccountRole(user?.role ?? null);
    if (!user || user.role !== 'guest') return forgetLastKnownAccount();
    const text = (selector: string) =>
      document.querySelector(`#root ${selector}`)?.textContent?.trim() || undefined;
    const bell = document.querySelector('#root [data-testid="notification-bell"]');
    const account: LastKnownAccount = {
      v: 1,
      savedAt: me.dataUpdatedAt,
      language: languageOf(document.documentElement.lang),
      user,
      points: client.getQueryData(pointsKeys.balance(user.email)) ?? null,
      unread: client.getQueryData<{ unread: number }>(notificationKeys.unread('mine')) ?? null,
      texts: {
        bellLabel: bell?.getAttribute('aria-label') ?? undefined,
        bellCount: text('[data-testid="notification-count"]'),
        points: text('[data-testid="points-total"]'),
        lastEarned: text('[data-testid="points-last-earned"] bdi'),
      },
    };
    saveLastKnownAccount(account);
  };
  // After the header has drawn the change (its texts are read from it).
  const soon = () => {
    if (scheduled) return;
    scheduled = true;
    afterPaint(remember);
  };
  soon();
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (watched.some((key) => event.query.queryHash.startsWith(key))) soon();
  });
}

/**
 * The account's role, kept as the shells' first script keeps it (app/first-requests.ts,
 * ACCOUNT_ROLE_KEY): the landing page's first script then sends `/?admin=true` straight to the
 * back office (app/landing-first.ts). A hint only: the server decides.
 */
function keepAccountRole(role: string | null) {
  try {
    if (role) localStorage.setItem(ACCOUNT_ROLE_KEY, role);
    else localStorage.removeItem(ACCOUNT_ROLE_KEY);
  } catch {
    // Private mode: not kept.
  }
}

function saveLastKnownAccount(account: LastKnownAccount): void {
  try {
    localStorage.setItem(LAST_KNOWN_ACCOUNT_KEY, JSON.stringify(account));
  } catch {
    // Storage refused or full: the next visit draws the header when the app starts, as before.
  }
}

function forgetLastKnownAccount(): void {
  try {
    localStorage.removeItem(LAST_KNOWN_ACCOUNT_KEY);
  } catch {
    // Nothing was kept.
  }
}
