import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { vipBeneficiaryKeys } from './vip-keys';

type VipBeneficiaryInput = InferRequestType<(typeof api)['vip-beneficiaries']['$post']>['json'];

/**
 * POST /api/vip-beneficiaries (new) or PUT /api/vip-beneficiaries/:id (edit);
 * the server sets the expiry one year after the start and answers 400 with
 * per-field messages.
 */
export function saveVipBeneficiary({ id, input }: { id?: number; input: VipBeneficiaryInput }) {
  return readJson(
    id === undefined
      ? api['vip-beneficiaries'].$post({ json: input })
      : api['vip-beneficiaries'][':id'].$put({ param: { id: String(id) }, json: input }),
  );
}

export function useSaveVipBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVipBeneficiary,
    // Offline, staff get a message instead of a change that waits unseen.
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vipBeneficiaryKeys.all }),
  });
}
