import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import {
  guestMergeSchema,
  guestProfilePatchSchema,
  guestSearchQuerySchema,
} from '@shared/guest-profile-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { translate } from '../../../../platform/messages';
import {
  guestProfileWithStays,
  mergeGuests,
  patchGuestProfile,
  profileView,
  searchGuests,
} from '../../guests';

/**
 * Guest profiles for the front office (staff and above, never a housekeeper):
 *
 * - GET /api/admin/guests?q= -> `{ guests }`: up to 20 profiles whose name, phone, e-mail or
 *   document number starts with `q` (2 to 100 characters), each with its stays counted;
 * - GET /api/admin/guests/:id -> `{ profile, stays, staysCount }`;
 * - PATCH /api/admin/guests/:id `{ nationality?, dateOfBirth?, documentType?, documentNumber?,
 *   documentExpiry?, preferences?, notes?, vip?, doNotRent? }` -> `{ message, profile }`;
 * - POST /api/admin/guests/:id/merge `{ otherId }` -> `{ message, profile }`: `otherId`'s stays
 *   move to `:id` and `otherId` is gone (422 `guest_merge_self`, 404 `guest_not_found`, 409
 *   `guest_merge_two_accounts`).
 */
export const guestsAdmin = new Hono<AppEnv>()
  .get('/', requireRole('staff'), validate('query', guestSearchQuerySchema), async (c) => {
    return c.json({ guests: await searchGuests(c.get('db'), c.req.valid('query').q) });
  })
  .get('/:id', requireRole('staff'), validate('param', idParamSchema), async (c) => {
    return c.json(await guestProfileWithStays(c.get('db'), c.req.valid('param').id));
  })
  .patch(
    '/:id',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', guestProfilePatchSchema),
    async (c) => {
      const profile = await patchGuestProfile(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json({
        message: translate('guest_profile_saved', c.get('language')),
        profile: profileView(profile),
      });
    },
  )
  .post(
    '/:id/merge',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', guestMergeSchema),
    async (c) => {
      const profile = await mergeGuests(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json').otherId,
      );
      return c.json({
        message: translate('guests_merged', c.get('language')),
        profile: profileView(profile),
      });
    },
  );
