/** Where the hotel is reviewed (opened in a new tab; the guest spec names no address). */
export const HOTEL_MAPS_URL = 'https://maps.google.com/?q=Al+Maabila+Hotel+Seeb';
export const HOTEL_REVIEW_SEARCH_URL = 'https://www.google.com/search?q=Al+Maabila+Hotel+reviews';
