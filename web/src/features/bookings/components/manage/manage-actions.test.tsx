// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { ManagedBooking } from '../../api/managed-booking';
import { ManageActions } from './manage-actions';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const booking = (nonRefundable: boolean) =>
  ({
    id: 7,
    status: 'approved',
    isPointsBooking: false,
    cancellationRule: nonRefundable ? { kind: 'non_refundable' } : { kind: 'free_until', hours: 24 },
    policy: { mayCancel: true, mayChange: !nonRefundable, nonRefundable },
  }) as unknown as ManagedBooking;

function show(b: ManagedBooking, language: 'ar' | 'en' = 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <ManageActions booking={b} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('a booking’s cancel and change actions', () => {
  it('a flexible booking may be changed and cancelled', () => {
    show(booking(false));
    expect(screen.getByRole('button', { name: 'Change booking' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    expect(screen.queryByTestId('non-refundable-no-change')).toBeNull();
  });

  it('a non-refundable booking may be cancelled, never changed, and the page says why (Arabic)', () => {
    show(booking(true), 'ar');
    expect(screen.queryByRole('button', { name: 'تعديل الحجز' })).toBeNull();
    expect(screen.getByRole('button', { name: 'إلغاء الحجز' })).toBeTruthy();
    expect(screen.getByTestId('non-refundable-no-change').textContent).toContain(
      'لا يمكن تعديل حجز غير قابل للاسترداد',
    );
  });

  it('a page kept from before the policy said it: the rule it was sold under decides', () => {
    const kept = booking(true);
    kept.policy = { ...kept.policy, mayChange: true, nonRefundable: undefined as unknown as boolean };
    show(kept);
    expect(screen.queryByRole('button', { name: 'Change booking' })).toBeNull();
  });
});

describe('offline, the booking page as last loaded', () => {
  it('cancel and change wait for the connection and say why, as Pay does (English and Arabic)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    show(booking(false));
    const cancel = screen.getByRole('button', { name: 'Cancel booking' });
    const change = screen.getByRole('button', { name: 'Change booking' });
    expect(cancel.hasAttribute('disabled')).toBe(true);
    expect(change.hasAttribute('disabled')).toBe(true);
    const why = screen.getByTestId('manage-offline');
    expect(why.textContent).toBe(
      'You are offline: connect to the internet to change or cancel this booking.',
    );
    expect(cancel.getAttribute('aria-describedby')).toBe(why.id);
    cleanup();

    show(booking(true), 'ar');
    expect(screen.getByRole('button', { name: 'إلغاء الحجز' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('manage-offline').textContent).toBe(
      'لا يوجد اتصال بالإنترنت: اتصل بالإنترنت لتتمكن من إلغاء هذا الحجز.',
    );
  });

  it('online, nothing is said and both may be pressed', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    show(booking(false));
    expect(screen.getByRole('button', { name: 'Cancel booking' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('manage-offline')).toBeNull();
  });
});
