/**
 * The most nights one availability calendar read covers (GET /api/availability): two months,
 * what a calendar shows at once. Apart from constants.ts, which the landing's first script
 * holds: only the booking calendar and a sold-out room card need it.
 */
export const MAX_AVAILABILITY_NIGHTS = 62;
