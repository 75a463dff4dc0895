import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationRow } from '@shared/guest-profile-schemas';
import { api, readJson } from '@/lib/api-client';

export const registrationKeys = {
  all: ['admin', 'registrations'] as const,
  day: (date: string) => [...registrationKeys.all, date] as const,
};

/** GET /api/admin/registrations?date= (staff): the guests checked in that day, for the authorities. */
export async function getRegistrations(date: string): Promise<RegistrationRow[]> {
  // The route answers a CSV too (`format=csv`), which hides the JSON's type from the client.
  const body = (await readJson(api.admin.registrations.$get({ query: { date } }))) as unknown as {
    registrations: RegistrationRow[];
  };
  return body.registrations;
}
export type Registration = RegistrationRow;

export const registrationsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: registrationKeys.day(date),
    queryFn: () => getRegistrations(date),
    staleTime: 30_000,
    meta: { persist: false },
  });

export function useRegistrations(date: string) {
  return useQuery(registrationsQueryOptions(date));
}

/** The day's list as a CSV download (the same call, `format=csv`). */
export const registrationsCsvHref = (date: string) =>
  `/api/admin/registrations?${new URLSearchParams({ date, format: 'csv' })}`;
