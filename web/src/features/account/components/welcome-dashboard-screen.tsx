import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { Navigate } from '@/lib/router';
import { lazy } from '@/lib/lazy';
import { Button } from '@/components/ui/button';
import { hasRole, isLookingUp, useCurrentUser } from '@/entities/session/use-current-user';
import { useSignOut } from '@/entities/session/use-sign-out';
import { YourDataSection } from './your-data-section';

// The registration details' form and its country list: a chunk of its own.
const GuestDetailsSection = lazy(() => import('./guest-details-section'));
const WhatsAppUpdatesSection = lazy(() => import('./whatsapp-updates-section'));
// The account's stays at the chain's other hotels (docs/decisions/103).
const ChainStaysSection = lazy(() => import('./chain-stays-section'));

type Tile = { key: string; href: string; title: ReactNode; description: ReactNode; testId?: string };

const tileClass =
  'flex h-full min-h-28 flex-col gap-1.5 rounded-2xl border border-sand-200 bg-white p-5 text-start no-underline shadow-sm outline-none transition-colors ' +
  'data-[hovered]:border-teal-700 data-[hovered]:bg-sand-50 data-[pressed]:bg-sand-100 ' +
  'data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700';

/**
 * /dashboard: the signed-in welcome page (spec section 2). The admin tiles
 * follow the role the server gives, not the e-mail's text: the
 * admin panel for staff and admins, chat Q&A for admins only.
 */
export function WelcomeDashboardScreen() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const signOut = useSignOut();

  if (isLookingUp(me)) {
    return (
      <main className="flex min-h-[50dvh] items-center justify-center px-4" aria-busy="true">
        <p role="status" className="flex items-center gap-3 text-slate-700">
          <span
            aria-hidden="true"
            className="size-6 rounded-full border-3 border-teal-700/25 border-t-teal-700 motion-safe:animate-spin"
          />
          <Trans>Loading your account…</Trans>
        </p>
      </main>
    );
  }
  const user = me.data;
  if (!user) return <Navigate to="/login" replace />;

  const tiles: Tile[] = [
    {
      key: 'booking',
      href: '/hotel',
      title: <Trans>Room booking</Trans>,
      description: <Trans>See the four room types, prices and what is left tonight.</Trans>,
    },
    {
      key: 'offers',
      href: '/hotel',
      title: <Trans>Special offers</Trans>,
      description: <Trans>This month's exclusive room offers.</Trans>,
    },
    {
      key: 'events',
      href: '/?events=true',
      title: <Trans>Events</Trans>,
      description: <Trans>Monthly prize draws with free nights to win.</Trans>,
    },
    {
      key: 'assistant',
      href: '/?assistant=true',
      title: <Trans>Smart assistant</Trans>,
      description: <Trans>Ask about the hotel or book a room in a chat.</Trans>,
    },
    {
      key: 'vip',
      href: '/hotel',
      title: <Trans>VIP cards</Trans>,
      description: <Trans>Silver, Gold and Elite cards with discounts and free nights.</Trans>,
    },
  ];
  if (user.role === 'outlet') {
    tiles.push({
      key: 'outlets',
      href: '/outlet',
      title: <Trans>Outlets</Trans>,
      description: <Trans>Ring up checks at your outlets: to a guest's room or paid there.</Trans>,
      testId: 'tile-outlets',
    });
  }
  if (user.role === 'housekeeper') {
    tiles.push({
      key: 'housekeeping-tasks',
      href: '/housekeeping/tasks',
      title: <Trans>My tasks</Trans>,
      description: <Trans>The rooms given to you today: start and finish each task.</Trans>,
      testId: 'tile-housekeeping-tasks',
    });
    tiles.push({
      key: 'housekeeping',
      href: '/housekeeping',
      title: <Trans>Housekeeping board</Trans>,
      description: <Trans>The rooms to clean, by floor, and each room's state.</Trans>,
      testId: 'tile-housekeeping',
    });
  }
  if (hasRole(user, 'housekeeper')) {
    tiles.push(
      {
        key: 'work-orders',
        href: '/admin/work-orders',
        title: <Trans>Work orders</Trans>,
        description: <Trans>Report a fault with a photo; technicians take and close them.</Trans>,
        testId: 'tile-work-orders',
      },
      {
        key: 'lost-found',
        href: '/admin/lost-found',
        title: <Trans>Lost and found</Trans>,
        description: <Trans>Log an item found in a room or anywhere in the hotel.</Trans>,
        testId: 'tile-lost-found',
      },
    );
  }
  if (hasRole(user, 'staff')) {
    tiles.push({
      key: 'admin',
      href: '/admin',
      title: <Trans>Admin panel</Trans>,
      description: <Trans>Bookings, rooms, events and cards.</Trans>,
      testId: 'tile-admin',
    });
  }
  if (hasRole(user, 'admin')) {
    tiles.push({
      key: 'chat-qa',
      href: '/chat-qa-admin',
      title: <Trans>Chat Q&A admin</Trans>,
      description: <Trans>The questions and answers the assistant gives guests.</Trans>,
      testId: 'tile-chat-qa',
    });
  }

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <section className="flex flex-col gap-4 rounded-3xl bg-teal-700 px-6 py-8 text-white shadow-md sm:flex-row sm:items-center sm:justify-between sm:px-10">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold">
            <Trans>Welcome, {user.fullName}</Trans>
          </h1>
          <p className="mt-1 truncate text-sand-100">
            <bdi dir="ltr">{user.email}</bdi>
          </p>
        </div>
        <Button
          variant="secondary"
          className="shrink-0 self-start sm:self-center"
          isPending={signOut.isPending || signOut.isSuccess}
          onPress={() => signOut.mutate()}
        >
          <Trans>Log out</Trans>
        </Button>
      </section>

      <nav aria-label={t`Your hotel`}>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tiles.map((tile) => (
            <li key={tile.key}>
              <Link href={tile.href} className={tileClass} data-testid={tile.testId}>
                <span className="text-lg font-bold text-teal-800">{tile.title}</span>
                <span className="text-sm text-slate-700">{tile.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section
        aria-labelledby="activity-heading"
        className="rounded-2xl border border-dashed border-teal-700/40 bg-white p-5"
      >
        <h2 id="activity-heading" className="text-lg font-bold text-slate-900">
          <Trans>Recent activity</Trans>
        </h2>
        <p className="text-sm text-slate-700">
          <Trans>
            Your booking requests, their status and the points they earn appear in the notifications panel on
            the hotel page.
          </Trans>
        </p>
      </section>

      <Suspense fallback={null}>
        <ChainStaysSection />
      </Suspense>
      <Suspense fallback={null}>
        <GuestDetailsSection />
      </Suspense>
      <Suspense fallback={null}>
        <WhatsAppUpdatesSection />
      </Suspense>
      <YourDataSection user={user} />
    </main>
  );
}
