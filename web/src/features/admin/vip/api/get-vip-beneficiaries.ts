import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VipCardType } from '../../../../../../shared/src/constants';
import { requestJson } from '../../../../lib/api-client';
import { vipBeneficiaryKeys } from './vip-keys';

export type VipStatus = 'active' | 'expired' | 'not_started';

export type VipBeneficiary = {
  id: number;
  fullName: string;
  phoneNumber: string;
  civilId: string;
  cardType: VipCardType;
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD, one year after the start (computed by the server). */
  expiryDate: string;
  coffeesUsed: number;
  freeNightsUsed: number;
  lastCoffeeAt: string | number | null;
  createdAt: string | number;
  allowance: { freeCoffees: number; freeNights: number };
  status: VipStatus;
};

/**
 * GET /api/vip-beneficiaries (staff): every beneficiary with usage and status.
 * Plain fetch: see lib/api-client.ts sendJson.
 */
export function getVipBeneficiaries() {
  return requestJson<VipBeneficiary[]>('/vip-beneficiaries');
}

export const vipBeneficiariesQueryOptions = () =>
  queryOptions({ queryKey: vipBeneficiaryKeys.list(), queryFn: getVipBeneficiaries, staleTime: 30_000 });

export function useVipBeneficiaries() {
  return useQuery(vipBeneficiariesQueryOptions());
}
