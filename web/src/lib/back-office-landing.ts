import { backOfficeHome, landingAfterSignIn } from '@shared/roles';

/** Where an account lands after signing in (shared with the worker's Google sign-in). */
export { landingAfterSignIn };

/** Where `/?admin=true` (the spec's entry for staff) takes an account of this role (shared with the worker). */
export { backOfficeHome };

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
