// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/auth-schemas';
import { roleAtLeast } from '@shared/roles';
import { authKeys } from '@/entities/session/auth-keys';
import { WelcomeDashboardScreen } from '@/features/account/components/welcome-dashboard-screen';
import { AdminDashboardScreen } from '@/features/admin/dashboard/components/admin-dashboard-screen';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { messages as ar } from '@/locales/ar.po';
import { routeNeeds } from './more-routes';

/**
 * What the back office's menus offer each role: only screens that role may open. The back office's
 * dashboard (/admin, its tiles) and the welcome page (/dashboard, the header's link) are the menus
 * a member of staff has (the header holds only the bell, the account and the language; the 403
 * page links home), so a manager is never sent to the room types or the rooms (admins' screens,
 * a 403 page for anyone else). Each link is held to the guard of the route it opens (more-routes).
 */

const ROLES = ['staff', 'manager', 'admin'] as const;

const user = (role: SessionUser['role']): SessionUser => ({
  id: 1,
  fullName: 'Menu Test',
  email: 'menu@example.com',
  role,
});

beforeEach(() => {
  // The screens' own reads (alerts, counts, the integrity check): nothing to say.
  vi.stubGlobal('fetch', async () => Response.json({}));
  i18n.loadAndActivate({ locale: 'ar', messages: ar as never });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function linksOf(role: SessionUser['role'], Screen: () => React.ReactNode): string[] {
  queryClient.setQueryData(authKeys.me(), user(role));
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <Screen />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return screen.getAllByRole('link').map((link) => link.getAttribute('href')!);
}

/** The links a role is offered that lead to a screen it may not open. */
function forbidden(role: SessionUser['role'], hrefs: string[]): string[] {
  return hrefs.filter((href) => {
    const path = new URL(href, 'http://localhost').pathname;
    const needs = routeNeeds(href);
    // The guest side's pages (the landing and its panels, /hotel, a download) are everyone's; a
    // back office address no screen answers is a menu's mistake too.
    if (needs === null) return /^\/admin(\/|$)|-admin$|^\/housekeeping/.test(path);
    return needs !== 'anyone' && needs !== 'user' && !roleAtLeast(role, needs);
  });
}

describe("the back office's menus", () => {
  it('offer a manager neither the room types nor the rooms', () => {
    const dashboard = linksOf('manager', AdminDashboardScreen);
    expect(dashboard).toContain('/admin/reports');
    expect(dashboard).not.toContain('/admin/room-types');
    expect(dashboard).not.toContain('/admin/rooms');
    cleanup();
    const welcome = linksOf('manager', WelcomeDashboardScreen);
    expect(welcome).toContain('/admin');
    expect(welcome.filter((href) => /room-types|\/admin\/rooms/.test(href))).toEqual([]);
  });

  for (const role of ROLES) {
    it(`offer ${role} only screens that role may open`, () => {
      expect(forbidden(role, linksOf(role, AdminDashboardScreen))).toEqual([]);
      cleanup();
      expect(forbidden(role, linksOf(role, WelcomeDashboardScreen))).toEqual([]);
    });
  }

  it('is really checked: an admin’s screen offered to a manager is found', () => {
    expect(forbidden('manager', ['/admin/room-types', '/admin/rooms', '/admin/reports'])).toEqual([
      '/admin/room-types',
      '/admin/rooms',
    ]);
    expect(forbidden('admin', ['/admin/room-types', '/admin/rooms'])).toEqual([]);
    expect(forbidden('staff', ['/admin/reports', '/admin/front-desk'])).toEqual(['/admin/reports']);
  });
});
