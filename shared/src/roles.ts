import type { UserRole } from './constants';

/**
 * Roles are ranked: staff can do what guests can plus the
 * desk's work, admins everything. The worker decides with this; the web app
 * uses the same ranking only to choose what to show.
 */
const RANK: Record<UserRole, number> = { guest: 0, staff: 1, admin: 2 };

/** Whether `role` is `minimum` or above it. */
export function roleAtLeast(role: UserRole, minimum: UserRole): boolean {
  return RANK[role] >= RANK[minimum];
}
