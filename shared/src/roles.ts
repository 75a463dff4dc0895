import type { UserRole } from './constants';

/**
 * Roles are ranked: a housekeeper sees the housekeeping board and sets a room's
 * state; staff can do what guests can plus the desk's work; a manager can do
 * what staff can plus statistics and the desk's corrections; admins everything.
 * The worker decides with this; the web app uses the same ranking only to
 * choose what to show.
 */
const RANK: Record<UserRole, number> = { guest: 0, housekeeper: 1, staff: 2, manager: 3, admin: 4 };

/**
 * Where an account lands after signing in (by password, Google or a password reset): the admin by
 * the splash, the front desk and managers on the back office, a housekeeper on the housekeeping
 * board (the one back-office screen theirs), a guest on the landing page.
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
    default:
      return '/';
  }
}

/** Whether `role` is `minimum` or above it. */
export function roleAtLeast(role: UserRole, minimum: UserRole): boolean {
  return RANK[role] >= RANK[minimum];
}
