import { dictionary } from '@zxcvbn-ts/language-common';
import { AUTH_RULES, type UserRole } from '../../../shared/src/constants';

/**
 * What a new password must be (register, reset, staff accounts; DESIGN.md "Roles"):
 * 8+ characters for guests and 12+ for staff and admins, not only spaces, not the
 * e-mail (or its name part), and not one of the 49,000 most common passwords of
 * zxcvbn-ts's common dictionary (docs/decisions/008-hardening.md). Existing
 * passwords are not checked again: old accounts keep working.
 */
let common: Set<string> | undefined;

export type PasswordProblem = 'password_min' | 'password_min_staff' | 'password_is_email' | 'password_common';

export function passwordProblem(password: string, email: string, role: UserRole): PasswordProblem | null {
  const staff = role !== 'guest';
  const min = staff ? AUTH_RULES.staffPasswordMin : AUTH_RULES.passwordMin;
  if ([...password.trim()].length < min) return staff ? 'password_min_staff' : 'password_min';
  const lower = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (lower === address || lower === address.split('@')[0]) return 'password_is_email';
  common ??= new Set(dictionary['passwords-common']);
  if (common.has(lower)) return 'password_common';
  return null;
}
