import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { guestDocumentSchema, type GuestDocument } from '@shared/guest-profile-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireUser } from '../../../platform/auth-middleware';
import { readSession } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import { translate } from '../../../platform/messages';
import { ApiError } from '../../../platform/api-error';
import { findOwnedBooking, guestStays } from '../../bookings';
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

/**
 * The booking's profile, when this guest may see it (their account's, or one without an account).
 * A profile without an account gathers the bookings made with one phone, and a phone proves
 * nothing: whoever books with another guest's number joins that guest's profile. So through a
 * booking that shares its profile with other bookings, a guest is shown none of the details on
 * file (`shared`), and what they give only fills details still missing, never replaces them
 * (the desk checks the document at arrival and corrects the profile).
 */
async function bookingProfile(c: Parameters<typeof findOwnedBooking>[0], id: number) {
  const booking = await findOwnedBooking(c, id);
  if (booking.profileId === null) return { booking, profile: null, shared: false };
  const db = c.get('db');
  const [profile, other] = await db.batch([
    db.select().from(guestProfiles).where(eq(guestProfiles.id, booking.profileId)),
    guestStays.otherBookingOfProfileQuery(db, booking.profileId, booking.id),
  ]);
  const found = profile[0];
  const mine = found && (found.userId === null || found.userId === booking.userId);
  const shared = Boolean(found && found.userId === null && other.length > 0);
  return { booking, profile: mine ? found : null, shared };
}

/** Of what a guest gives, the details a shared profile does not hold yet (a document as a whole). */
function missingOnly(profile: GuestProfile, input: GuestDocument): GuestDocument {
  const kept: GuestDocument = {};
  if (profile.nationality === null && input.nationality !== undefined) kept.nationality = input.nationality;
  if (profile.dateOfBirth === null && input.dateOfBirth !== undefined) kept.dateOfBirth = input.dateOfBirth;
  if (profile.documentNumber === null) {
    if (input.documentType !== undefined) kept.documentType = input.documentType;
    if (input.documentNumber !== undefined) kept.documentNumber = input.documentNumber;
    if (input.documentExpiry !== undefined) kept.documentExpiry = input.documentExpiry;
  }
  return kept;
}

export const bookingGuestDetailsRoutes = new Hono<AppEnv>()
  .get('/:id/guest-details', validate('param', idParamSchema), async (c) => {
    const { profile, shared } = await bookingProfile(c, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json({ profile: ownView(shared ? null : profile) });
  })
  .put(
    '/:id/guest-details',
    validate('param', idParamSchema),
    validate('json', guestDocumentSchema),
    async (c) => {
      const { booking, profile, shared } = await bookingProfile(c, c.req.valid('param').id);
      if (!['pending', 'approved', 'confirmed'].includes(booking.status) || booking.checkedOutAt) {
        throw new ApiError(409, 'online_check_in_status');
      }
      if (!profile) throw new ApiError(404, 'guest_not_found');
      const actor = (await readSession(c))?.user ?? null;
      const given = c.req.valid('json');
      const toSave = shared ? missingOnly(profile, given) : given;
      const saved =
        Object.keys(toSave).length > 0
          ? await saveOwnDocument(c.get('db'), actor, { profileId: profile.id }, toSave)
          : profile;
      return c.json({
        message: translate('guest_profile_saved', c.get('language')),
        // Through a shared profile, only what this guest gave is answered back.
        profile: shared ? { ...ownView(null), ...given } : ownView(saved),
      });
    },
  );
