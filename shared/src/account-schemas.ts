import { z } from './zod';
import { AUTH_RULES } from './constants';
import { emailSchema } from './email-schema';

/**
 * A guest's own data (Oman's Personal Data Protection Law;
 * docs/decisions/043-a-guests-own-data.md): the body of `DELETE /api/account`.
 *
 * An account with a password proves it is its owner by the password. A Google-only account has
 * none: it types its own e-mail address instead, which only guards against a slip of the
 * finger (the signed-in session is the proof there, as it is for everything else it does).
 */
export const eraseAccountSchema = z
  .object({
    password: z
      .string({ error: 'password_required' })
      .min(1, 'password_required')
      .max(AUTH_RULES.passwordMax, 'password_max')
      .optional(),
    confirmEmail: emailSchema.optional(),
  })
  .refine((body) => body.password !== undefined || body.confirmEmail !== undefined, {
    message: 'password_required',
    path: ['password'],
  });
export type EraseAccountInput = z.infer<typeof eraseAccountSchema>;

/**
 * What an erased account's bookings, entries and reviews keep in place of a name, phone and ID
 * number (their columns are NOT NULL): the same mark everywhere, naming nobody.
 */
export const ERASED_MARK = '—';
