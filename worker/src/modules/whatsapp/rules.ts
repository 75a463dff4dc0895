import { WHATSAPP_QUIET_EXCEPTION_MS, WHATSAPP_QUIET_HOURS, WHATSAPP_WINDOW_MS } from '@shared/whatsapp';

/**
 * Meta's rules and the hotel's, on plain values (docs/decisions/089-whatsapp-cloud-api.md):
 * - free text only inside the customer service window (24 hours from the guest's last message);
 *   outside it only an approved template;
 * - nothing the hotel starts (a template, an automatic message) without the phone's consent;
 * - no automatic message between 22:00 and 08:00 Muscat time unless the guest wrote in the last
 *   hour: it is held until 08:00.
 */

export function windowOpen(lastInbound: Date | null, now: Date): boolean {
  return lastInbound !== null && now.getTime() - lastInbound.getTime() < WHATSAPP_WINDOW_MS;
}

/** Muscat is UTC+4 all year (no daylight saving). */
const MUSCAT_OFFSET_MS = 4 * 3600_000;

function muscatHour(at: Date): number {
  return new Date(at.getTime() + MUSCAT_OFFSET_MS).getUTCHours();
}

export function inQuietHours(at: Date): boolean {
  const hour = muscatHour(at);
  return hour >= WHATSAPP_QUIET_HOURS.from || hour < WHATSAPP_QUIET_HOURS.to;
}

/** The next 08:00 in Muscat after `at` (as an instant). */
export function quietHoursEnd(at: Date): Date {
  const local = new Date(at.getTime() + MUSCAT_OFFSET_MS);
  const end = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate(),
    WHATSAPP_QUIET_HOURS.to,
  );
  const endLocal = end <= local.getTime() ? end + 24 * 3600_000 : end;
  return new Date(endLocal - MUSCAT_OFFSET_MS);
}

/** When an automatic message may go: now, or 08:00 when it is night and the guest has not just written. */
export function automaticSendTime(now: Date, lastInbound: Date | null): Date {
  if (!inQuietHours(now)) return now;
  if (lastInbound && now.getTime() - lastInbound.getTime() < WHATSAPP_QUIET_EXCEPTION_MS) return now;
  return quietHoursEnd(now);
}
