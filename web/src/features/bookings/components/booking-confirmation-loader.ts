/**
 * The booking confirmation's chunk, imported through this small chunk of its own: the list of the
 * files it needs (38) is then written here, not in the landing page's first script, which imports
 * only this (decision 099; one more round trip the first time a confirmation is shown).
 */
export const loadBookingConfirmation = () => import('./booking-confirmation-dialog');
