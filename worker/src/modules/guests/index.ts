/**
 * guests: guest profiles across stays (docs/decisions/048-worker-modules.md).
 *
 * Owns: the guest profiles (their table is declared beside the bookings that point at it,
 * bookings/guest-profile-tables.ts; guests is the one that reads and writes it), the guests
 * list and merging, the registration data and its retention, each stay's police registration and
 * its state (table stay_registrations, docs/decisions/093), the other adults of a stay (table
 * stay_companions).
 * Offers: the routes the entry mounts; the identity a check-in confirms
 * (`profileDocumentQuery`, and `stayCompanionsQuery` the stay's other adults: queries for the desk's
 * batch); which profiles are VIPs, for housekeeping's rooms (`vipProfilesQuery`); the daily clean-up's part
 * (`purgeExpiredRegistrations`); the nightly integrity check's part (`registrationIntegrityChecks`);
 * its part of a guest's data (`guestsGuestData`: their profile, and the other adults of their stays).
 * Never: hands out its table; imports a module but bookings.
 * Imports: bookings, inventory.
 */
export { guestsAdmin } from './routes/admin/guests';
export { registrationsAdmin } from './routes/admin/registrations';
export { accountGuestProfileRoutes, bookingGuestDetailsRoutes } from './routes/guest-profile';
export { purgeExpiredRegistrations, registrationIntegrityChecks } from './registrations';
export { profileDocumentQuery, vipProfilesQuery } from './guests';
export { stayCompanionsOf, stayCompanionsQuery } from './companions';
// Its part of a guest's export and erasure (modules/privacy).
export { guestsGuestData } from './guest-data';
