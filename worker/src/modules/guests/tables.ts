// The guest profiles' table is declared beside the bookings that point at it (modules/bookings).
export { guestProfiles, type GuestProfile } from '../bookings/guest-profile-tables';
