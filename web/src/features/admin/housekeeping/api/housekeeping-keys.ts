/** Query keys of the housekeeping board (one board per day). */
export const housekeepingKeys = {
  all: ['admin', 'housekeeping'] as const,
  day: (date: string | 'today') => ['admin', 'housekeeping', date] as const,
};
