// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { StayExtraOffer } from '@shared/extras';
import { ExtraBuyForm } from './extra-buy-form';

/**
 * The form a guest buys an extra with (docs/decisions/098): what each kind asks, the total for the
 * stay as the server charges it (the shared pricing), in Arabic digits, and the server's refusal in
 * its words. Its sending (the offline outbox) is offline/extra-outbox.test.ts.
 */

afterEach(() => cleanup());

const offer = (over: Partial<StayExtraOffer>): StayExtraOffer =>
  ({
    id: 4,
    kind: 'transfer',
    nameAr: 'توصيل من المطار',
    nameEn: 'Airport transfer',
    descriptionAr: '',
    descriptionEn: '',
    priceBaisa: 12_000,
    unit: 'car',
    totalBaisa: 12_000,
    tiers: [],
    instant: true,
    fromRoomType: null,
    toRoomType: null,
    photo: null,
    available: true,
    ...over,
  }) as StayExtraOffer;

function show(o: StayExtraOffer, language: 'ar' | 'en', refusal: string | null = null) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const onBuy = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <ExtraBuyForm
        offer={o}
        stay={{ nights: 2, guests: 3 }}
        toRoom="Gold Room"
        pending={false}
        online
        refusal={refusal}
        onBuy={onBuy}
        onCancel={() => undefined}
      />
    </I18nProvider>,
  );
  return onBuy;
}

describe('buying an extra', () => {
  it('a transfer asks for its flight and time before anything is sent, then sends them', () => {
    const onBuy = show(offer({}), 'en');
    fireEvent.click(screen.getByTestId('extra-buy'));
    expect(onBuy).not.toHaveBeenCalled();
    expect(screen.getByText('Enter the flight number')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Flight number/), { target: { value: 'WY 102' } });
    // Typed in Arabic-Indic digits, read as the time.
    fireEvent.change(screen.getByLabelText(/Landing time/), { target: { value: '١٠:٣٠' } });
    fireEvent.click(screen.getByTestId('extra-buy'));
    expect(onBuy).toHaveBeenCalledWith({
      extraId: 4,
      quantity: 1,
      details: { flightNumber: 'WY 102', time: '10:30' },
    });
  });

  it('breakfast counts the stay’s guests and nights; the total is in Arabic digits', () => {
    show(offer({ kind: 'breakfast', priceBaisa: 4_500, unit: 'person_night' }), 'ar');
    // 4.500 a person a night, three guests, two nights.
    expect(screen.getByTestId('extra-buy-total').textContent).toContain('٢٧٫٠٠٠');
  });

  it('an early check-in offers its hours with their prices, the earliest chosen first', () => {
    const onBuy = show(
      offer({
        kind: 'early_check_in',
        tiers: [
          { time: '11:00', priceBaisa: 8_000 },
          { time: '08:00', priceBaisa: 15_000 },
        ],
        unit: 'item',
      }),
      'en',
    );
    expect(screen.getByTestId('extra-buy-total').textContent).toContain('15.000');
    fireEvent.click(screen.getByRole('radio', { name: /11:00/ }));
    expect(screen.getByTestId('extra-buy-total').textContent).toContain('8.000');
    fireEvent.click(screen.getByTestId('extra-buy'));
    expect(onBuy).toHaveBeenCalledWith({ extraId: 4, details: { time: '11:00' } });
  });

  it('shows the server’s refusal in its own words', () => {
    show(offer({ kind: 'upgrade', unit: 'night', toRoomType: 'gold' }), 'ar', 'حُجزت الغرفة الأفضل للتو');
    expect(screen.getByTestId('extra-refusal').textContent).toBe('حُجزت الغرفة الأفضل للتو');
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
