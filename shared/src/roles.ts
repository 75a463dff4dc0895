import type { UserRole } from './constants';

/**
 * Roles are ranked: a housekeeper sees the housekeeping board and sets a room's
 * state; staff can do what guests can plus the desk's work; a manager can do
 * what staff can plus statistics and the desk's corrections; admins everything.
 * The worker decides with this; the web app uses the same ranking only to
 * choose what to show.
 */
const RANK: Record<UserRole, number> = { guest: 0, housekeeper: 1, staff: 2, manager: 3, admin: 4 };

/** Whether `role` is `minimum` or above it. */
export function roleAtLeast(role: UserRole, minimum: UserRole): boolean {
  return RANK[role] >= RANK[minimum];
}
