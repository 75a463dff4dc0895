/**
 * Where the landing page's own messages are used (paths under web/src), for its catalogue of its
 * own (`@/locales/ar.po?landing`, web/build/landing-catalog.ts): the app's entry and start with
 * everything they import statically (the landing screen, the header, the providers), and the lazy
 * parts the landing shows before any tap or key, which load with `landingLazy` (lib/lazy.ts): the
 * VIP cards and the footer (at idle), the room cards (once the rooms have arrived), a sold-out room
 * card's next available date, and a signed-in visitor's header and the badge of the desk's replies
 * on the assistant's card. Every other lazy part waits for the whole catalogue (`lazy`).
 * Not imported by the app: the build reads it.
 */
export const LANDING_ROOTS = [
  'app/main.tsx',
  'app/start.tsx',
  'features/vip/components/vip-cards-section.tsx',
  'components/layout/site-footer.tsx',
  'entities/availability/next-available.tsx',
  'features/auth/components/signed-in-account.tsx',
  'features/points/components/points-badge.tsx',
  'components/notifications/notification-bell.tsx',
  'features/bookings/components/my-bookings-button.tsx',
  'entities/conversations/chat-unread.tsx',
  'features/rooms/components/room-tier-list.tsx',
];
