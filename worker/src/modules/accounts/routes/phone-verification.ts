import { Hono } from 'hono';
import { phoneCodeRequestSchema, phoneCodeVerifySchema } from '@shared/event-schemas';
import type { AppEnv } from '../../../platform/env';
import { rememberPhoneOnDevice } from '../phone-proofs';
import { clientAddress } from '../../../platform/request';
import { readSession } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import { translate } from '../../../platform/messages';
import { requestPhoneCode, verifyPhoneCode } from '../phone-verification';
import { storedPhone, phoneKeyOf } from '../../../platform/phone-numbers';

/**
 * /api/phone-verification (the spec's phone verification; modules/accounts/phone-verification.ts):
 * `POST /request { phoneNumber }` sends a 6-digit code by SMS or WhatsApp (throttled per phone
 * and per client address); `POST /verify { phoneNumber, verificationCode }` proves the phone
 * on this device for 30 days (an HttpOnly cookie) and, signed in, on the account.
 */
export const phoneVerificationRoutes = new Hono<AppEnv>()
  .post('/request', validate('json', phoneCodeRequestSchema), async (c) => {
    const phone = storedPhone(c.req.valid('json').phoneNumber);
    await requestPhoneCode(c.env, c.get('db'), phone, clientAddress(c), c.get('language'));
    c.header('Cache-Control', 'no-store');
    return c.json({ message: translate('phone_code_sent', c.get('language')), phoneNumber: phone }, 200);
  })
  .post('/verify', validate('json', phoneCodeVerifySchema), async (c) => {
    const { phoneNumber, verificationCode } = c.req.valid('json');
    const phone = phoneKeyOf(phoneNumber);
    const session = await readSession(c);
    await verifyPhoneCode(c.env, c.get('db'), phone, verificationCode, session?.user.id ?? null);
    await rememberPhoneOnDevice(c, phone);
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        message: translate('phone_verified', c.get('language')),
        phoneNumber: phone,
        verified: true as const,
      },
      200,
    );
  });
