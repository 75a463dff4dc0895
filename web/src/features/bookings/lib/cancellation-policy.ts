import { t } from '@lingui/core/macro';
import type { Language } from '@shared/constants';
import { hoursCount } from '@/lib/counts';
import { formatTimeOfDay } from '@/lib/format-time';

/** What the policy needs of the public site settings (GET /api/site-settings). */
export type PolicySettings = {
  checkInTime: string;
  freeCancellationHours: number;
  cancellationPolicy: string;
  cancellationPolicyAr: string;
};

/**
 * The cancellation policy in the active language: the hotel's own words when the admin
 * wrote them, otherwise the rule stated from the settings (the deadline's hours and the check-in
 * time), numbers through the one formatter.
 */
export function cancellationPolicyText(settings: PolicySettings, language: Language): string {
  const own = (language === 'ar' ? settings.cancellationPolicyAr : settings.cancellationPolicy).trim();
  if (own) return own;
  const time = formatTimeOfDay(settings.checkInTime, language);
  if (settings.freeCancellationHours === 0) {
    return t`You can cancel or change your booking free of charge until check-in time (${time}) on your arrival day. A request still waiting for the hotel's approval can be withdrawn at any time.`;
  }
  const hours = hoursCount(settings.freeCancellationHours, language);
  return t`You can cancel or change your booking free of charge up to ${hours} before check-in time (${time}) on your arrival day. After that, please call the hotel. A request still waiting for the hotel's approval can be withdrawn at any time.`;
}
