import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { vipBeneficiaryKeys } from './vip-keys';

export type VipBenefitKind = InferRequestType<
  (typeof api)['vip-beneficiaries'][':id']['use']['$post']
>['json']['kind'];

/**
 * POST /api/vip-beneficiaries/:id/use: records one free coffee or free night.
 * The server enforces the rules and refuses with 409 (coffee_cooldown "Must
 * wait 24 hours", allowance_reached "Maximum limit reached", card_expired,
 * card_not_started), its message in the request language.
 */
export function recordVipBenefit({ id, kind }: { id: number; kind: VipBenefitKind }) {
  return readJson(api['vip-beneficiaries'][':id'].use.$post({ param: { id: String(id) }, json: { kind } }));
}

export function useRecordVipBenefit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordVipBenefit,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: vipBeneficiaryKeys.all }),
  });
}
