import { z } from './zod';

/**
 * An e-mail address, the one rule for every form and call that takes one (accounts, site
 * settings, desk bookings, the points calls): trimmed and lower-cased, so an address is the
 * same account however it is typed; at most 254 characters (RFC 5321's limit for a path).
 */
export const emailSchema = z
  .string({ error: 'email_required' })
  .trim()
  .toLowerCase()
  .min(1, 'email_required')
  .max(254, 'email_invalid')
  .pipe(z.email({ error: 'email_invalid' }));
