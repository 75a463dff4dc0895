import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-aria-components';
import type { UserRole } from '@shared/constants';
import { LinkButton } from '@/components/ui/button';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useNewBookingAlert } from '@/entities/admin/bookings/new-booking-alert';
import { unreadBadgeText, useStaffAlertWatch } from '@/entities/notifications/notifications';
import { useInboxUnread } from '@/entities/conversations/inbox-unread';
import { useLanguage } from '@/hooks/use-language';
import { lazy } from '@/lib/lazy';
import { preloadRoute } from '@/lib/router';
import { IntegrityBanner } from './integrity-banner';

// The switch between the hotels this account works at (a chunk of its own; decision 103).
const HotelSwitch = lazy(() => import('./hotel-switch'));

type Tile = {
  href: string;
  title: ReactNode;
  description: ReactNode;
  role?: UserRole;
  badge?: number;
  /** The badge's test id, one per tile: the bookings' pending requests, the inbox's unread. */
  badgeTestId?: string;
};

const cardClass =
  'flex h-full min-h-28 flex-col gap-1.5 rounded-2xl border border-sand-200 bg-white p-5 text-start no-underline shadow-sm outline-none transition-colors ' +
  'data-[hovered]:border-teal-700 data-[hovered]:bg-sand-50 data-[pressed]:bg-sand-100 ' +
  'data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700';

/**
 * /admin: the back office's entry, one tile per area (admin spec section 2,
 * plus staff accounts and the audit log). Tiles for admins only are hidden from
 * staff (the server refuses them anyway). The staff's unread alerts (new booking requests and
 * entries this member of staff has not read, kept by the server per account) are polled here
 * for the red badge, and a new one rings the chime.
 */
export function AdminDashboardScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const user = useCurrentUser().data;
  const alerts = useStaffAlertWatch();
  useNewBookingAlert(alerts.newest, alerts.fetchedAt);
  const unseen = alerts.unread;
  // The guests' conversations with messages nobody has read (live, the hotel's socket).
  const inboxUnread = useInboxUnread(hasRole(user, 'staff'));

  const tiles: Tile[] = [
    {
      href: '/admin/bookings',
      title: <Trans>Booking notifications</Trans>,
      description: <Trans>New requests, and approving, confirming, completing or cancelling bookings.</Trans>,
      badge: unseen,
      badgeTestId: 'pending-badge',
    },
    {
      href: '/admin/inbox',
      role: 'staff',
      title: <Trans>Inbox</Trans>,
      description: (
        <Trans>Guests' messages from the app and WhatsApp, answered live, with their stay beside them.</Trans>
      ),
      badge: inboxUnread,
      badgeTestId: 'inbox-badge',
    },
    {
      href: '/admin/tape-chart',
      title: <Trans>Tape chart</Trans>,
      description: <Trans>Which room each stay sleeps in, night by night; assign and move stays.</Trans>,
    },
    {
      href: '/admin/rates',
      title: <Trans>Rate calendar</Trans>,
      description: (
        <Trans>Each night's prices and restrictions by room type and plan; bulk edits by weekday.</Trans>
      ),
    },
    {
      href: '/admin/rate-plans',
      title: <Trans>Rate plans</Trans>,
      description: (
        <Trans>Standard, non-refundable, bed and breakfast: what each plan sells and its rules.</Trans>
      ),
    },
    {
      href: '/admin/stay-requests',
      title: <Trans>In-stay requests</Trans>,
      description: <Trans>Towels, cleaning, late check-outs and repairs asked for by guests in house.</Trans>,
    },
    {
      href: '/admin/front-desk',
      title: <Trans>Front desk</Trans>,
      description: (
        <Trans>Today's arrivals, departures and guests in house: check in, check out, no-shows.</Trans>
      ),
    },
    {
      href: '/admin/guests',
      role: 'staff',
      title: <Trans>Guest profiles</Trans>,
      description: (
        <Trans>
          Find a guest, their stays, nationality and document; VIP and do-not-rent; merge duplicates.
        </Trans>
      ),
    },
    {
      href: '/admin/registrations',
      role: 'staff',
      title: <Trans>Police registration</Trans>,
      description: (
        <Trans>
          Each stay&apos;s registration for the police: what is missing, the day&apos;s file, sent or not.
        </Trans>
      ),
    },
    {
      href: '/admin/inventory',
      title: <Trans>Room management</Trans>,
      description: (
        <Trans>Rooms, beds and smoking rooms available for each room type, and their photos.</Trans>
      ),
    },
    {
      href: '/housekeeping',
      title: <Trans>Housekeeping</Trans>,
      description: <Trans>Rooms to clean today, room status by floor, and rooms out of order.</Trans>,
    },
    {
      href: '/admin/work-orders',
      title: <Trans>Work orders</Trans>,
      description: (
        <Trans>Faults reported in rooms and public areas, and the technicians' work on them.</Trans>
      ),
    },
    {
      href: '/admin/lost-found',
      title: <Trans>Lost and found</Trans>,
      description: (
        <Trans>Items found in the hotel, matched to their stays, told, handed back or disposed of.</Trans>
      ),
    },
    {
      href: '/admin/housekeeping/board',
      title: <Trans>Housekeeping board</Trans>,
      description: (
        <Trans>
          Today's tasks by floor: give rooms to housekeepers, balance them, follow their progress.
        </Trans>
      ),
    },
    {
      href: '/admin/vip',
      title: <Trans>Card management</Trans>,
      description: <Trans>VIP card beneficiaries and their free coffees and nights.</Trans>,
    },
    {
      href: '/admin/invoices',
      title: <Trans>Invoices</Trans>,
      description: (
        <Trans>Tax invoices and credit notes: find, print, export; managers issue credit notes.</Trans>
      ),
    },
    {
      href: '/admin/payments',
      title: <Trans>Online payments</Trans>,
      description: (
        <Trans>Deposits and balances paid online: refunds, checks with the provider, refused webhooks.</Trans>
      ),
    },
    {
      href: '/admin/offers',
      title: <Trans>Offers</Trans>,
      description: <Trans>Room offers, their discounts and the days they are shown.</Trans>,
    },
    {
      href: '/admin/services',
      title: <Trans>Nearby services</Trans>,
      description: <Trans>Restaurants, spa and other services near the hotel, with their contacts.</Trans>,
    },
    {
      href: '/admin/settings',
      role: 'admin',
      title: <Trans>Site settings</Trans>,
      description: <Trans>Contacts, address, links, check-in times and maintenance mode.</Trans>,
    },
    {
      href: '/admin/statistics',
      role: 'manager',
      title: <Trans>Hotel statistics</Trans>,
      description: <Trans>Bookings, revenue and visits, behind the statistics password.</Trans>,
    },
    {
      href: '/admin/taxes',
      role: 'manager',
      title: <Trans>Taxes and invoices</Trans>,
      description: (
        <Trans>
          VAT, the tourism levy and their rates; the hotel's legal name and VAT number on invoices.
        </Trans>
      ),
    },
    {
      href: '/admin/day-close',
      role: 'manager',
      title: <Trans>Day close</Trans>,
      description: (
        <Trans>Each day's revenue, taxes and payments, closed and kept; the tax report by month.</Trans>
      ),
    },
    {
      href: '/admin/accounting',
      role: 'manager',
      title: <Trans>Accountant's journal</Trans>,
      description: (
        <Trans>Each closed day's entry for the accounting system (Odoo), and the hotel's accounts.</Trans>
      ),
    },
    {
      href: '/admin/outlets',
      role: 'manager',
      title: <Trans>Outlets</Trans>,
      description: (
        <Trans>
          Restaurant, café, minibar …: menus, hours, staff, point-of-sale keys, and their tablets.
        </Trans>
      ),
    },
    {
      href: '/admin/extras',
      role: 'manager',
      title: <Trans>Extras</Trans>,
      description: (
        <Trans>What guests add to their stay before arriving: upgrades, early check-in, transfers …</Trans>
      ),
    },
    {
      href: '/admin/city-ledger',
      role: 'manager',
      title: <Trans>Company accounts</Trans>,
      description: <Trans>What companies owe for their guests' stays, their statements and payments.</Trans>,
    },
    {
      href: '/admin/groups',
      title: <Trans>Groups and blocks</Trans>,
      description: <Trans>Rooms held for groups, their rooming lists, release and the group's folio.</Trans>,
    },
    {
      href: '/admin/reports',
      role: 'manager',
      title: <Trans>Manager reports</Trans>,
      description: (
        <Trans>Flash, on the books, pickup, pace and production, with charts, CSV and A4 print.</Trans>
      ),
    },
    {
      href: '/admin/chain',
      role: 'manager',
      title: <Trans>The chain's reports</Trans>,
      description: (
        <Trans>Every hotel of the chain side by side and in total: occupancy, ADR, RevPAR, revenue.</Trans>
      ),
    },
    {
      href: '/admin/revenue',
      role: 'manager',
      title: <Trans>Revenue management</Trans>,
      description: (
        <Trans>
          The hotel's history imported, the Gulf's calendar, and the forecast measured against what happened.
        </Trans>
      ),
    },
    {
      href: '/admin/whatsapp',
      role: 'staff',
      title: <Trans>WhatsApp templates</Trans>,
      description: <Trans>The messages WhatsApp approved for the hotel, and their approval.</Trans>,
    },
    {
      href: '/admin/channel',
      role: 'manager',
      title: <Trans>Channel manager</Trans>,
      description: (
        <Trans>Booking.com, Expedia and other sites: what is sent, bookings brought in, the mappings.</Trans>
      ),
    },
    {
      href: '/chat-qa-admin',
      role: 'admin',
      title: <Trans>AI chat management</Trans>,
      description: <Trans>The questions and answers the assistant gives guests.</Trans>,
    },
    {
      href: '/admin/events',
      title: <Trans>Events management</Trans>,
      description: (
        <Trans>The three monthly prize draws: entries this month and those waiting for review.</Trans>
      ),
    },
    {
      href: '/photography-admin',
      title: <Trans>Photography event</Trans>,
      description: <Trans>Review the photos guests enter in the monthly draw.</Trans>,
    },
    {
      href: '/rating-admin',
      title: <Trans>Rating event</Trans>,
      description: <Trans>Review the Google review screenshots entered in the draw.</Trans>,
    },
    {
      href: '/location-admin',
      title: <Trans>Location sharing event</Trans>,
      description: <Trans>See who completed the 5 shares for the draw.</Trans>,
    },
    {
      href: '/admin/reviews',
      title: <Trans>Guest reviews</Trans>,
      description: <Trans>Approve or reject the reviews guests write before they are published.</Trans>,
    },
    {
      href: '/admin/room-types',
      role: 'admin',
      title: <Trans>Room types</Trans>,
      description: (
        <Trans>
          The kinds of room sold: add, edit or retire one, with its guests, price, points and photos.
        </Trans>
      ),
    },
    {
      href: '/admin/rooms',
      role: 'admin',
      title: <Trans>Rooms</Trans>,
      description: (
        <Trans>The numbered rooms: add, renumber, retire, and out of order for some nights.</Trans>
      ),
    },
    {
      href: '/admin/staff',
      role: 'admin',
      title: <Trans>Staff accounts</Trans>,
      description: <Trans>Create and disable the accounts of hotel staff.</Trans>,
    },
    {
      href: '/admin/audit',
      role: 'admin',
      title: <Trans>Audit log</Trans>,
      description: <Trans>Who did what and when, exportable as CSV.</Trans>,
    },
  ];

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-teal-800">
          <Trans>Admin dashboard</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>Choose an area of the back office.</Trans>
        </p>
      </div>
      {hasRole(user, 'admin') ? <IntegrityBanner /> : null}
      <Suspense fallback={null}>
        <HotelSwitch />
      </Suspense>
      <nav aria-label={t`Back office`}>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tiles
            .filter((tile) => !tile.role || hasRole(user, tile.role))
            .map((tile) => (
              <li key={tile.href}>
                <Link
                  href={tile.href}
                  className={cardClass}
                  // The area's code and first data start loading as the tile is pointed at, focused
                  // or pressed, a moment before the tap opens it.
                  onHoverStart={() => preloadRoute(tile.href)}
                  onFocus={() => preloadRoute(tile.href)}
                  onPressStart={() => preloadRoute(tile.href)}
                >
                  <span className="flex items-start justify-between gap-2">
                    <span className="text-lg font-bold text-teal-800">{tile.title}</span>
                    {tile.badge ? (
                      <span
                        data-testid={tile.badgeTestId}
                        className="inline-flex min-w-7 shrink-0 items-center justify-center rounded-full bg-red-700 px-2 py-0.5 text-sm font-bold text-white"
                      >
                        <Trans>
                          {unreadBadgeText(tile.badge, language)}
                          <span className="sr-only"> new</span>
                        </Trans>
                      </span>
                    ) : null}
                  </span>
                  <span className="text-sm text-slate-700">{tile.description}</span>
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      <div>
        <LinkButton href="/" variant="secondary">
          <Trans>Back to the hotel page</Trans>
        </LinkButton>
      </div>
    </main>
  );
}
