import { Hono } from 'hono';
import { idParamSchema } from '../../../../../shared/src/date-schemas';
import { guestDocumentSchema } from '../../../../../shared/src/guest-profile-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireUser } from '../../../platform/auth-middleware';
import { readSession } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import { translate } from '../../../platform/messages';
import { ApiError } from '../../../platform/api-error';
import { findOwnedBooking } from '../../bookings';
import { guestProfiles, type GuestProfile } from '../tables';
import { accountProfile, saveOwnDocument } from '../guests';
import { eq } from 'drizzle-orm';

/** What a guest sees of their own profile: the registration details they gave. */
function ownView(p: GuestProfile | null | undefined) {
  return {
    nationality: p?.nationality ?? null,
    dateOfBirth: p?.dateOfBirth ?? null,
    documentType: p?.documentType ?? null,
    documentNumber: p?.documentNumber ?? null,
    documentExpiry: p?.documentExpiry ?? null,
  };
}

/**
 * A guest's own registration details (nationality, date of birth, document):
 *
 * - GET/PATCH /api/account/guest-profile: the signed-in account's profile (PATCH makes it if the
 *   account has none yet);
 * - GET/PUT /api/booking-submissions/:id/guest-details: the profile a booking belongs to, for
 *   its owner (its account, or a device it was granted to), as the online check-in asks them; a
 *   booking whose profile is another account's answers empty and may not change it. Anyone else
 *   gets 404, as for an unknown booking.
 */
export const accountGuestProfileRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ profile: ownView(await accountProfile(c.get('db'), c.get('user').id)) });
  })
  .patch('/', requireUser, validate('json', guestDocumentSchema), async (c) => {
    const user = c.get('user');
    const saved = await saveOwnDocument(
      c.get('db'),
      user,
      { userId: user.id, fullName: user.fullName },
      c.req.valid('json'),
    );
    return c.json({ message: translate('guest_profile_saved', c.get('language')), profile: ownView(saved) });
  });

/** The booking's profile, when this guest may see it (their account's, or one without an account). */
async function bookingProfile(c: Parameters<typeof findOwnedBooking>[0], id: number) {
  const booking = await findOwnedBooking(c, id);
  if (booking.profileId === null) return { booking, profile: null };
  const profile = await c
    .get('db')
    .select()
    .from(guestProfiles)
    .where(eq(guestProfiles.id, booking.profileId))
    .get();
  const mine = profile && (profile.userId === null || profile.userId === booking.userId);
  return { booking, profile: mine ? profile : null };
}

export const bookingGuestDetailsRoutes = new Hono<AppEnv>()
  .get('/:id/guest-details', validate('param', idParamSchema), async (c) => {
    const { profile } = await bookingProfile(c, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json({ profile: ownView(profile) });
  })
  .put(
    '/:id/guest-details',
    validate('param', idParamSchema),
    validate('json', guestDocumentSchema),
    async (c) => {
      const { booking, profile } = await bookingProfile(c, c.req.valid('param').id);
      if (!['pending', 'approved', 'confirmed'].includes(booking.status) || booking.checkedOutAt) {
        throw new ApiError(409, 'online_check_in_status');
      }
      if (!profile) throw new ApiError(404, 'guest_not_found');
      const actor = (await readSession(c))?.user ?? null;
      const saved = await saveOwnDocument(c.get('db'), actor, { profileId: profile.id }, c.req.valid('json'));
      return c.json({
        message: translate('guest_profile_saved', c.get('language')),
        profile: ownView(saved),
      });
    },
  );
