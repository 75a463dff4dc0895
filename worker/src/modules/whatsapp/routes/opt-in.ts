import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { z } from '@shared/zod';
import { phoneNumberSchema } from '@shared/schemas';
import { whatsappOptInSchema } from '@shared/whatsapp';
import type { AppEnv } from '../../../platform/env';
import { ApiError } from '../../../platform/api-error';
import { requireUser } from '../../../platform/auth-middleware';
import { validate } from '../../../platform/validation';
import { phoneProven } from '../../accounts';
import { consentOf, consentStatement } from '../consents';
import { phoneKeyOf } from '../../../platform/phone-numbers';

/**
 * A signed-in guest's "updates on WhatsApp" in their profile, for a phone they proved (on this
 * device or on their account; 403 `phone_unverified` otherwise): GET answers the consent as it
 * stands (with its time and source), PUT `{phone, optIn}` changes it (source `profile`).
 */
const phoneQuery = z.object({ phone: phoneNumberSchema });

async function provenPhone(c: Parameters<typeof phoneProven>[0], phone: string) {
  const normalized = phoneKeyOf(phone);
  if (!(await phoneProven(c, normalized))) throw new ApiError(403, 'phone_unverified');
  return normalized;
}

export const whatsappOptInRoutes = new Hono<AppEnv>()
  .use(requireUser)
  // The account's proven phones, each with its consent as it stands (the profile's section).
  .get('/phones', async (c) => {
    const user = (c as unknown as { get(k: 'user'): { id: number } }).get('user');
    const phones = await c
      .get('db')
      .all<{ phone: string; optedIn: number | null; source: string | null; changedAt: number | null }>(
        sql`select up.phone_number as phone, wc.opted_in as optedIn, wc.source as source, wc.changed_at as changedAt
        from user_phones up left join whatsapp_consents wc on wc.phone = up.phone_number
        where up.user_id = ${user.id} order by up.id limit 20`,
      );
    c.header('Cache-Control', 'no-store');
    return c.json({
      phones: phones.map((p) => ({
        phone: p.phone,
        optIn: p.optedIn === 1,
        source: p.source as 'booking' | 'profile' | 'stop' | null,
        changedAt: p.changedAt === null ? null : new Date(p.changedAt).toISOString(),
      })),
    });
  })
  .get('/', validate('query', phoneQuery), async (c) => {
    const phone = await provenPhone(
      c as unknown as Parameters<typeof phoneProven>[0],
      c.req.valid('query').phone,
    );
    const consent = await consentOf(c.get('db'), phone);
    c.header('Cache-Control', 'no-store');
    return c.json({
      phone,
      optIn: consent?.optedIn ?? false,
      source: consent?.source ?? null,
      changedAt: consent?.changedAt ?? null,
    });
  })
  .put('/', validate('json', phoneQuery.extend(whatsappOptInSchema.shape)), async (c) => {
    const body = c.req.valid('json');
    const phone = await provenPhone(c as unknown as Parameters<typeof phoneProven>[0], body.phone);
    const at = new Date();
    const user = (c as unknown as { get(k: 'user'): { id: number } }).get('user');
    await c
      .get('db')
      .batch([
        consentStatement(c.get('db'), { phone, optedIn: body.optIn, source: 'profile', userId: user.id, at }),
      ]);
    return c.json({ phone, optIn: body.optIn, source: 'profile', changedAt: at });
  });
