/**
 * Where the hotel is reviewed (opened in a new tab; the guest spec names no address).
 * The map link of the site settings wins when the admin has set one.
 */
export const HOTEL_MAPS_URL = 'https://maps.google.com/?q=Al+Maabila+Hotel+Seeb';
export const HOTEL_REVIEW_SEARCH_URL = 'https://www.google.com/search?q=Al+Maabila+Hotel+reviews';
