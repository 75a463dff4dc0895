import type { UserRole } from '@shared/constants';

/**
 * Where an account lands after signing in: admins by the splash, the front desk and managers on
 * the back office, a housekeeper on the housekeeping board (the one back-office screen theirs).
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

/**
 * The spec's remembered "last admin page" (the back office page a member of staff had open),
 * kept for this tab only; reaching `/` forgets it (spec: "On reaching '/', the remembered last
 * admin page is cleared").
 */
const KEY = 'lastAdminPage';

export function rememberAdminPage(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode, quota): nothing to remember.
  }
}

export function lastAdminPage(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetAdminPage(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
