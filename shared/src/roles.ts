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
  maintenance: 2,
  staff: 3,
  manager: 4,
  admin: 5,
};

/**
 * A trade beside the ranks (docs/decisions/092-work-orders-and-lost-and-found.md): a maintenance
 * technician stands where a housekeeper does for everything ranked (the floors' screens, never the
 * desk's), and what is guarded for their trade (taking and closing work orders) is theirs and
 * a manager's and an admin's, not the desk's nor a housekeeper's.
 */
const TRADE_OVERSEEN_BY: Partial<Record<UserRole, UserRole>> = { maintenance: 'manager' };

/**
 * Where an account lands after signing in (by password, Google or a password reset): the admin by
 * the splash, the front desk and managers on the back office, a housekeeper on their own tasks of
 * the day (decision 091: the rooms given to them, on their phone; the board is a tap away), a
 * technician on the work orders, outlet staff on their outlets' tablets, a guest on the landing page.
 */
export function landingAfterSignIn(role: UserRole | undefined): string {
  switch (role) {
    case 'admin':
      return '/admin-welcome';
    case 'manager':
    case 'staff':
      return '/admin';
    case 'housekeeper':
      return '/housekeeping/tasks';
    case 'maintenance':
      return '/admin/work-orders';
    case 'outlet':
      return '/outlet';
    default:
      return '/';
  }
}

/** Whether `value` names one of the roles (a hint kept on a device may not). */
export function isUserRole(value: unknown): value is UserRole {
  return typeof value === 'string' && Object.hasOwn(RANK, value);
}

/** Whether `role` is `minimum` or above it. */
export function roleAtLeast(role: UserRole, minimum: UserRole): boolean {
  const overseer = TRADE_OVERSEEN_BY[minimum];
  if (overseer) return role === minimum || RANK[role] >= RANK[overseer];
  return RANK[role] >= RANK[minimum];
}

/**
 * Where `/?admin=true` (the spec's entry for staff) takes an account of this role: the desk's
 * back office `/admin` for staff and above, a housekeeper their tasks, a technician the work
 * orders, outlet staff their outlets; null for a guest or a role not known (they stay on the
 * landing page). It grants nothing: the server judges every call.
 */
export function backOfficeHome(role: string | null | undefined): string | null {
  if (!isUserRole(role) || !roleAtLeast(role, 'outlet')) return null;
  return roleAtLeast(role, 'staff') ? '/admin' : landingAfterSignIn(role);
}
