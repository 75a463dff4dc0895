import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { addDays, hotelToday } from '@shared/dates';
import { STANDARD_RATE_PLAN, type CancellationRule, type DepositRule } from '@shared/rates';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the rate plans and the rate calendar (staff). */
export const rateKeys = {
  all: ['admin', 'rates'] as const,
  plans: () => [...rateKeys.all, 'plans'] as const,
  calendar: (ratePlan: string, from: string, to: string) =>
    [...rateKeys.all, 'calendar', ratePlan, from, to] as const,
};

/** GET /api/admin/rate-plans (staff): every plan, retired ones too, in the hotel's order. */
export async function getAdminRatePlans() {
  return (await readJson(api.admin['rate-plans'].$get())).ratePlans;
}
export type AdminRatePlan = Awaited<ReturnType<typeof getAdminRatePlans>>[number];

export const adminRatePlansQueryOptions = () =>
  queryOptions({
    queryKey: rateKeys.plans(),
    queryFn: getAdminRatePlans,
    staleTime: 30_000,
    meta: { persist: false },
  });

export function useAdminRatePlans() {
  return useQuery(adminRatePlansQueryOptions());
}

/** What the plan dialog sends: the whole plan (POST) or the plan's fields (PATCH). */
export type RatePlanInput = {
  code: string;
  nameAr: string;
  nameEn: string;
  roomTypes: RoomTypeCode[];
  breakfastIncluded: boolean;
  cancellation: CancellationRule;
  deposit: DepositRule;
  /** A pending request under this plan is confirmed once its deposit is paid online (decision 071). */
  confirmOnDeposit: boolean;
  parentCode: string | null;
  parentAdjustmentPercent: number | null;
  /** Each guest beyond a room type's base occupancy, a night (baisa); null: none of its own. */
  extraGuestPriceBaisa: number | null;
  active: boolean;
  /** False: a private plan, sold only to bookings of a company that has it. */
  public: boolean;
};

/** POST /api/admin/rate-plans (admin). */
export function createRatePlan(plan: RatePlanInput) {
  return readJson(api.admin['rate-plans'].$post({ json: plan }));
}

/** PATCH /api/admin/rate-plans/:code (admin): the code itself never changes. */
export function patchRatePlan({ code, ...patch }: Partial<RatePlanInput> & { code: string }) {
  return readJson(api.admin['rate-plans'][':code'].$patch({ param: { code }, json: patch }));
}

/** After a plan changes: the plans, the calendar (a parent's percentage moves its prices). */
function useRefreshRates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rateKeys.all });
}

export function useSaveRatePlan(isNew: boolean) {
  const refresh = useRefreshRates();
  return useMutation({
    mutationFn: (plan: Partial<RatePlanInput> & { code: string }) =>
      isNew ? createRatePlan(plan as RatePlanInput) : patchRatePlan(plan),
    onSettled: refresh,
  });
}

export function useSetPlanActive() {
  const refresh = useRefreshRates();
  return useMutation({
    mutationFn: ({ code, active }: { code: string; active: boolean }) => patchRatePlan({ code, active }),
    onSettled: refresh,
  });
}

/** GET /api/admin/rates?ratePlan&from&to (staff, 62 nights at most): a row per room type and night. */
export async function getRateCalendar(ratePlan: string, from: string, to: string) {
  return readJson(api.admin.rates.$get({ query: { ratePlan, from, to } }));
}
export type RateCalendar = Awaited<ReturnType<typeof getRateCalendar>>;
export type RateCalendarNight = RateCalendar['nights'][number];

export const rateCalendarQueryOptions = (ratePlan: string, from: string, to: string) =>
  queryOptions({
    queryKey: rateKeys.calendar(ratePlan, from, to),
    queryFn: () => getRateCalendar(ratePlan, from, to),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { persist: false },
  });

export function useRateCalendar(ratePlan: string, from: string, to: string) {
  return useQuery(rateCalendarQueryOptions(ratePlan, from, to));
}

/**
 * PUT /api/admin/rates (manager): prices and restrictions for room types over a range of nights
 * (optionally some weekdays only); a value left out is untouched, null clears it.
 */
export type RatesEdit = {
  ratePlan: string;
  roomType: RoomTypeCode | RoomTypeCode[];
  from: string;
  to: string;
  weekdays?: number[];
  priceBaisa?: number | null;
  singlePriceBaisa?: number | null;
  extraGuestPriceBaisa?: number | null;
  minStay?: number | null;
  maxStay?: number | null;
  closed?: boolean | null;
  closedToArrival?: boolean | null;
  closedToDeparture?: boolean | null;
};

export function putRates(edit: RatesEdit) {
  return readJson(api.admin.rates.$put({ json: edit }));
}

export function usePutRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putRates,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...rateKeys.all, 'calendar'] }),
  });
}

/** What the rate plans screen shows first: started with its code (app/more-routes.tsx). */
export const ratePlansFirstQueries = () => [adminRatePlansQueryOptions()];

/** What the rate calendar shows first: the plans, and standard's two weeks from today. */
export const rateCalendarFirstQueries = () => {
  const from = hotelToday();
  return [
    adminRatePlansQueryOptions(),
    rateCalendarQueryOptions(STANDARD_RATE_PLAN, from, addDays(from, 2 * 7 - 1)),
  ];
};
