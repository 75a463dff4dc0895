import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentType, GuestProfilePatch } from '@shared/guest-profile-schemas';
import type {
  RegistrationCorrection,
  RegistrationState,
  StayRegistration,
} from '@shared/registration-schemas';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';
import { api, readJson } from '@/lib/api-client';

/**
 * The police registrations (GET/POST /api/admin/registrations, front desk and above): the day's
 * list with each stay's state and missing fields, the police file, "mark as sent", "refused", and
 * completing a guest's registration details. Used by the registrations screen and the front desk.
 */

/** Under the back office's bookings: a check-in or a stay's change refreshes them. */
export const registrationKeys = {
  all: [...adminBookingKeys.all, 'registrations'] as const,
  day: (date: string, state?: RegistrationState) => [...registrationKeys.all, date, state ?? 'all'] as const,
};

export type { StayRegistration };

/** GET /api/admin/registrations?date=&state=. */
export async function getRegistrations(date: string, state?: RegistrationState): Promise<StayRegistration[]> {
  // The route answers a CSV too (`format=csv`), which hides the JSON's type from the client.
  const body = (await readJson(
    api.admin.registrations.$get({ query: { date, ...(state && { state }) } }),
  )) as unknown as { registrations: StayRegistration[] };
  return body.registrations;
}

export const registrationsQueryOptions = (date: string, state?: RegistrationState) =>
  queryOptions({
    queryKey: registrationKeys.day(date, state),
    queryFn: () => getRegistrations(date, state),
    staleTime: 30_000,
    meta: { persist: false },
  });

export function useRegistrations(date: string, state?: RegistrationState) {
  return useQuery(registrationsQueryOptions(date, state));
}

/** The day's police file (the arrivals and corrections not sent, complete). */
export const policeFileHref = (date: string) =>
  `/api/admin/registrations/export?${new URLSearchParams({ date })}`;

/** The day's list as CSV. */
export const registrationsCsvHref = (date: string) =>
  `/api/admin/registrations?${new URLSearchParams({ date, format: 'csv' })}`;

/** What goes in the police file: complete and not sent (due, corrected, or refused and to resend). */
export const inPoliceFile = (r: StayRegistration) =>
  r.state === 'due' || r.state === 'corrected' || r.state === 'failed';

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminBookingKeys.all });
}

/** POST /api/admin/registrations/sent `{ ids }`. */
export function useMarkSent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: number[]) => readJson(api.admin.registrations.sent.$post({ json: { ids } })),
    onSettled: refresh,
  });
}

/** POST /api/admin/registrations/failed `{ ids, reason }`. */
export function useMarkFailed() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ ids, reason }: { ids: number[]; reason: string }) =>
      readJson(api.admin.registrations.failed.$post({ json: { ids, reason } })),
    onSettled: refresh,
  });
}

/** PATCH /api/admin/guests/:id with the registration details (the stay's registration follows). */
export function useCompleteRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, patch }: { profileId: number; patch: GuestProfilePatch }) =>
      readJson(api.admin.guests[':id'].$patch({ param: { id: String(profileId) }, json: patch })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'guests'] }),
      ]),
  });
}

/** A companion as the editor holds it ('' for none; no id: not saved yet). */
export type CompanionInput = {
  id?: number;
  fullName: string;
  nationality: string | null;
  dateOfBirth: string | null;
  documentType: DocumentType | null;
  documentNumber: string | null;
};

/** PUT /api/admin/registrations/:bookingId/companions: the stay's other adults as they should be. */
export function usePutCompanions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, companions }: { bookingId: number; companions: CompanionInput[] }) =>
      readJson(
        api.admin.registrations[':id'].companions.$put({
          param: { id: String(bookingId) },
          json: { companions },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
  });
}

/**
 * POST /api/admin/registrations/:bookingId/correction: what the police refused, corrected (the
 * guest's details and the other adults) and the registration `corrected`, in one request.
 */
export function useCorrectRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, ...json }: RegistrationCorrection & { bookingId: number }) =>
      readJson(api.admin.registrations[':id'].correction.$post({ param: { id: String(bookingId) }, json })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'guests'] }),
      ]),
  });
}
