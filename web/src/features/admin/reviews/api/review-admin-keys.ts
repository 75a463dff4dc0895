/** Query keys of the review moderation screen. */
export const reviewAdminKeys = {
  all: ['admin', 'reviews'] as const,
};
