import type { UserRole } from './constants';

/**
 * Roles are ranked: outlet staff (a waiter) ring up checks at the outlets they are given (the
 * outlets' tablets, docs/decisions/090-outlets.md) and nothing else; a housekeeper sees the housekeeping board and sets a room's
 * state; staff can do what guests can plus the desk's work; a manager can do
 * what staff can plus statistics and the desk's corrections; admins everything.
 * The worker decides with this; the web app uses the same ranking only to
 * choose what to show.
 */
const RANK: Record<UserRole, number> = {
  guest: 0,
  outlet: 1,
  housekeeper: 2,
  staff: 3,
  manager: 4,
  admin: 5,
};

/**
 * Where an account lands after signing in (by password, Google or a password reset): the admin by
 * the splash, the front desk and managers on the back office, a housekeeper on the housekeeping
 * board (the one back-office screen theirs), outlet staff on their outlets' tablets, a guest on the landing page.
 */
export function landingAfterSignIn(role: UserRole | undefined): string {
  switch (role) {
    case 'admin':
      return '/admin-welcome';
    case 'manager':
    case 'staff':
      return '/admin';
    case 'housekeeper':
      return '/housekeeping';
    case 'outlet':
      return '/outlet';
    default:
      return '/';
  }
}

/** Whether `role` is `minimum` or above it. */
export function roleAtLeast(role: UserRole, minimum: UserRole): boolean {
  return RANK[role] >= RANK[minimum];
}
