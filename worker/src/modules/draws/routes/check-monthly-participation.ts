import { Hono } from 'hono';
import { participationCheckSchema } from '@shared/event-schemas';
import type { AppEnv } from '../../../platform/env';
import { phoneProven } from '../../accounts';
import { validate } from '../../../platform/validation';
import { monthlyParticipation } from '../event-settings';
import { phoneKeyOf } from '../../../platform/phone-numbers';

/**
 * POST /api/check-monthly-participation: has this phone entered this event this month, and is it
 * open; only for a phone proven on this device or account (else 403 phone_unverified).
 */
export const monthlyParticipationRoutes = new Hono<AppEnv>().post(
  '/',
  validate('json', participationCheckSchema),
  async (c) => {
    const { participantPhone, eventType } = c.req.valid('json');
    const phone = phoneKeyOf(participantPhone);
    const answer = await monthlyParticipation(c.get('db'), phone, eventType, () => phoneProven(c, phone));
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  },
);
