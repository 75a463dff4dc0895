import type { UserRole } from '@shared/constants';
import type { SessionUser } from '@shared/auth-schemas';
import { roleAtLeast } from '@shared/roles';

/**
 * The server is the only judge of who may do what:
 * staff can do what guests can plus the desk's work; admins can do all.
 * (The middleware that puts the user on a request is platform/auth-middleware.ts.)
 */
export function hasRole(user: SessionUser, role: UserRole) {
  return roleAtLeast(user.role, role);
}
