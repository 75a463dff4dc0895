// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/auth-schemas';
import { authKeys } from '@/entities/session/auth-keys';
import { AdminFooterLink } from '@/features/auth/components/account-nav';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { Router } from '@/lib/router';
import { messages as ar } from '@/locales/ar.po';
import MoreRoutes from './more-routes';

/**
 * What each visitor is shown at the back office's addresses (app/route-guards.tsx around the
 * routes of app/more-routes.tsx): signed out, the login page; signed in below the page's role, the
 * 403 page; at or above it, the screen. These were journeys once (a browser for each address);
 * the server's own refusals of the same data are worker/src/roles.test.ts.
 */

const FORBIDDEN = 'غير مسموح لك بفتح هذه الصفحة';

const user = (role: SessionUser['role']): SessionUser => ({
  id: 7,
  fullName: 'ضيف فضولي',
  email: 'guard@example.com',
  role,
});

beforeEach(() => {
  // The screens' own reads (counts, alerts, lists): nothing to say; the guards decide alone.
  vi.stubGlobal('fetch', async () => Response.json({}));
  i18n.loadAndActivate({ locale: 'ar', messages: ar as never });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** Opens `path` as `who` (null: nobody signed in); answers the router's address as it goes. */
function open(path: string, who: SessionUser | null) {
  queryClient.setQueryData(authKeys.me(), who);
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <Router hook={location.hook}>
          <Suspense fallback={<p>…</p>}>
            <MoreRoutes />
          </Suspense>
        </Router>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return location;
}

const heading = () => screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });

// The first address loads the routes' table and the guards' lazy screens (about 4 s here, more on
// a busy machine): slow by nature, so the tests allow 20 s.
vi.setConfig({ testTimeout: 20_000 });

describe('signed out', () => {
  for (const path of ['/dashboard', '/admin/staff', '/chat-qa-admin']) {
    it(`${path} sends the visitor to the login page`, async () => {
      const location = open(path, null);
      expect((await heading()).textContent).toBe('تسجيل الدخول');
      expect(location.history?.at(-1)).toBe('/login');
    });
  }

  it('the public test sign-in page stays open, its Google link at /auth/google', async () => {
    open('/test-google', null);
    const link = await screen.findByRole(
      'link',
      { name: 'تسجيل الدخول باستخدام Google' },
      { timeout: 10_000 },
    );
    expect(link.getAttribute('href')).toBe('/auth/google');
  });
});

describe('a guest', () => {
  for (const path of ['/admin', '/admin/staff', '/chat-qa-admin', '/admin/bookings']) {
    it(`is shown the 403 page at ${path}, and none of its screen`, async () => {
      open(path, user('guest'));
      expect((await heading()).textContent).toBe(FORBIDDEN);
      expect(screen.getByText('403', { exact: true })).toBeTruthy();
      expect(screen.queryByTestId('booking-card')).toBeNull();
    });
  }

  it('has their welcome page with booking, and no admin tile, Q&A tile nor footer Admin link', async () => {
    open('/dashboard', user('guest'));
    expect((await heading()).textContent).toBe('أهلاً بك، ضيف فضولي');
    expect(screen.getByRole('link', { name: /حجز الغرف/ })).toBeTruthy();
    expect(screen.queryByTestId('tile-admin')).toBeNull();
    expect(screen.queryByTestId('tile-chat-qa')).toBeNull();
    cleanup();
    queryClient.setQueryData(authKeys.me(), user('guest'));
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={i18n}>
          <AdminFooterLink />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(container.textContent).toBe('');
  });
});

describe('a member of staff', () => {
  it('has the admin tile but not the Q&A tile, and no footer Admin link', async () => {
    open('/dashboard', user('staff'));
    await heading();
    expect(await screen.findByTestId('tile-admin')).toBeTruthy();
    expect(screen.queryByTestId('tile-chat-qa')).toBeNull();
    cleanup();
    queryClient.setQueryData(authKeys.me(), user('staff'));
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={i18n}>
          <AdminFooterLink />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(container.textContent).toBe('');
  });

  it('opens the back office, but an admin-only page is the 403 page', async () => {
    open('/admin', user('staff'));
    expect((await heading()).textContent).toBe('لوحة الإدارة');
    cleanup();
    open('/admin/staff', user('staff'));
    expect((await heading()).textContent).toBe(FORBIDDEN);
  });
});
