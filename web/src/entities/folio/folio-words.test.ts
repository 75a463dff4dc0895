import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { SYSTEM_REFUND_REASONS } from '@shared/payments';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { lineReasonText } from './folio-words';

describe('a folio line’s reason', () => {
  it('says the app’s own refund reasons in the reader’s language, and a reason staff typed as typed', () => {
    const arabic = setupI18n({ locale: 'ar', messages: { ar, en } });
    const english = setupI18n({ locale: 'en', messages: { ar, en } });
    expect(lineReasonText(arabic, 'request_withdrawn')).toBe('سحب الضيف طلب الحجز');
    expect(lineReasonText(english, 'cancelled_free_period')).toBe('Cancelled within the free period');
    for (const reason of SYSTEM_REFUND_REASONS) {
      expect(lineReasonText(arabic, reason)).toMatch(/[\u0600-\u06FF]/);
      expect(lineReasonText(english, reason)).not.toBe(reason);
    }
    expect(lineReasonText(arabic, 'Room not ready')).toBe('Room not ready');
  });
});
