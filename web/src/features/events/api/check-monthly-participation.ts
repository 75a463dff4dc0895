import type { EventType } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';

/** POST /api/check-monthly-participation: has this phone already entered this event this month? */
export function checkMonthlyParticipation(participantPhone: string, eventType: EventType) {
  return readJson(api['check-monthly-participation'].$post({ json: { participantPhone, eventType } }));
}
