import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { vipBeneficiaryKeys } from './vip-keys';

/** GET /api/vip-beneficiaries (staff): every beneficiary with usage, allowance and status. */
export function getVipBeneficiaries() {
  return readJson(api['vip-beneficiaries'].$get());
}

export type VipBeneficiary = Awaited<ReturnType<typeof getVipBeneficiaries>>[number];
export type VipStatus = VipBeneficiary['status'];

export const vipBeneficiariesQueryOptions = () =>
  queryOptions({ queryKey: vipBeneficiaryKeys.list(), queryFn: getVipBeneficiaries, staleTime: 30_000 });

export function useVipBeneficiaries() {
  return useQuery(vipBeneficiariesQueryOptions());
}
