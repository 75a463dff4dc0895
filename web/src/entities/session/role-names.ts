import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UserRole } from '@shared/constants';

/**
 * Each role's name, as the hotel says it, in one place for every staff screen (the staff
 * accounts, the audit log, the header): never the code (`staff`, `admin`) or English in Arabic.
 */
export const ROLE_NAMES: Record<UserRole, MessageDescriptor> = {
  guest: msg({ message: 'Guest', context: 'role' }),
  outlet: msg({ message: 'Outlet staff', context: 'role' }),
  housekeeper: msg({ message: 'Housekeeper', context: 'role' }),
  maintenance: msg({ message: 'Maintenance technician', context: 'role' }),
  staff: msg({ message: 'Front desk', context: 'role' }),
  manager: msg({ message: 'Manager', context: 'role' }),
  admin: msg({ message: 'Administrator', context: 'role' }),
};

const isRole = (role: string): role is UserRole => Object.hasOwn(ROLE_NAMES, role);

/** A role's name in the active language; a role this version does not know by its code. */
export function roleName(i18n: I18n, role: string): string {
  return isRole(role) ? i18n._(ROLE_NAMES[role]) : role;
}
