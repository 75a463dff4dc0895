// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { cancellationPolicyText } from './cancellation-policy';

/** The policy the guest reads, the hotel's words or the rule stated from the settings. */
const use = (language: 'ar' | 'en') =>
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
const settings = {
  checkInTime: '14:00',
  freeCancellationHours: 24,
  cancellationPolicy: '',
  cancellationPolicyAr: '',
};

describe('the cancellation policy', () => {
  it('states the rule from the hours and the check-in time, in each language’s digits and plural forms', () => {
    use('en');
    expect(cancellationPolicyText(settings, 'en')).toContain('up to 24 hours before check-in time (14:00)');
    use('ar');
    const text = cancellationPolicyText(settings, 'ar');
    expect(text).toContain('حتى ٢٤ ساعة قبل موعد تسجيل الوصول (٢:٠٠ م)');
    expect(text).not.toMatch(/[0-9]/);
    expect(cancellationPolicyText({ ...settings, freeCancellationHours: 2 }, 'ar')).toContain(
      'حتى ساعتين قبل',
    );
    expect(cancellationPolicyText({ ...settings, freeCancellationHours: 0 }, 'ar')).toContain(
      'حتى موعد تسجيل الوصول (٢:٠٠ م)',
    );
  });

  it('is the hotel’s own words when the admin wrote them, per language', () => {
    const own = {
      ...settings,
      cancellationPolicy: 'Free until 48 h before.',
      cancellationPolicyAr: 'مجاناً حتى ٤٨ ساعة.',
    };
    use('en');
    expect(cancellationPolicyText(own, 'en')).toBe('Free until 48 h before.');
    use('ar');
    expect(cancellationPolicyText(own, 'ar')).toBe('مجاناً حتى ٤٨ ساعة.');
  });
});
