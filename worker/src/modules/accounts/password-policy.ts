import { AUTH_RULES, type UserRole } from '@shared/constants';

/**
 * What a new password must be (register, reset, staff accounts):
 * 8+ characters for guests and 12+ for staff and admins, not only spaces, not the
 * e-mail (or its name part), and not one of the 49,000 most common passwords of
 * zxcvbn-ts's common dictionary (docs/decisions/008-hardening.md). Existing
 * passwords are not checked again: old accounts keep working.
 *
 * The dictionary (about 400 KB of source) is imported when a password is first checked, not when
 * the isolate starts: every other request (the public reads above all) then runs in a smaller heap,
 * whose full garbage collections are shorter (decision 022 addendum of 23 November).
 */
let common: Set<string> | undefined;

export type PasswordProblem = 'password_min' | 'password_min_staff' | 'password_is_email' | 'password_common';

export async function passwordProblem(
  password: string,
  email: string,
  role: UserRole,
): Promise<PasswordProblem | null> {
  const staff = role !== 'guest';
  const min = staff ? AUTH_RULES.staffPasswordMin : AUTH_RULES.passwordMin;
  if ([...password.trim()].length < min) return staff ? 'password_min_staff' : 'password_min';
  const lower = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (lower === address || lower === address.split('@')[0]) return 'password_is_email';
  common ??= new Set((await import('@zxcvbn-ts/language-common')).dictionary['passwords-common']);
  if (common.has(lower)) return 'password_common';
  return null;
}
