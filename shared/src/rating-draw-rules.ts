/**
 * The hotel rating draw's own rules (guest spec, the rating page's note and terms): comments in
 * the review and the participants' age. Apart from constants.ts, which the landing's first
 * script carries, since only the events' lazy screens name them.
 */
export const RATING_DRAW_RULES = {
  minComments: 3,
  minParticipantAge: 18,
} as const;
