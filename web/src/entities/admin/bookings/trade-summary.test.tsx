// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { TradeSummary } from './trade-summary';

/**
 * A booking's trade line on the desk's and the bookings' cards: a group member's names its group
 * (a link to the block), not "Group" for its source and again for its segment.
 */

beforeEach(() => {
  // The company accounts the line names (the API stands in for the server in this unit test).
  vi.stubGlobal('fetch', async () =>
    Response.json({ accounts: [{ id: 3, name: 'Oman LNG', kind: 'company', active: true }] }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en', booking: Parameters<typeof TradeSummary>[0]['booking']) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <TradeSummary booking={booking} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const member = {
  companyId: 3,
  travelAgentId: null,
  source: 'group',
  segment: 'group' as const,
  groupId: 7,
  groupName: 'Oman LNG delegation',
};

describe('a group member’s card', () => {
  it('names the group once, by its name, linked to the block', async () => {
    show('en', member);
    const line = screen.getByTestId('trade-summary');
    const link = within(line).getByRole('link', { name: 'Oman LNG delegation' });
    expect(link.getAttribute('href')).toBe('/admin/groups/7');
    await screen.findByText('Oman LNG');
    expect(line.textContent).toBe('Group: Oman LNG delegation\u00a0· Oman LNG');
  });

  it('in Arabic', async () => {
    show('ar', member);
    await screen.findByText('Oman LNG');
    expect(screen.getByTestId('trade-summary').textContent).toBe('المجموعة: Oman LNG delegation، Oman LNG');
  });

  it('a booking of no group keeps its source and segment', () => {
    show('en', { source: 'phone', segment: 'corporate', companyId: null, travelAgentId: null });
    expect(screen.getByTestId('trade-summary').textContent).toBe('Call\u00a0· Corporate');
  });
});
