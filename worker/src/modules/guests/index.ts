export { guestsAdmin } from './routes/admin/guests';
export { registrationsAdmin } from './routes/admin/registrations';
export { accountGuestProfileRoutes, bookingGuestDetailsRoutes } from './routes/guest-profile';
export { purgeExpiredRegistrations } from './registrations';
export { guestProfiles, type GuestProfile } from './tables';
