import type { EventType } from '../../../../../shared/src/constants';
import { requestJson } from '../../../lib/api-client';

export type ParticipationCheck = { hasParticipated: boolean; isEnabled: boolean };

/** POST /api/check-monthly-participation: has this phone already entered this event this month? */
export function checkMonthlyParticipation(participantPhone: string, eventType: EventType) {
  return requestJson<ParticipationCheck>('/check-monthly-participation', {
    method: 'POST',
    body: { participantPhone, eventType },
  });
}
