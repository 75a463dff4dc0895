import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VipCardType } from '../../../../../../shared/src/constants';
import { requestJson } from '../../../../lib/api-client';
import type { VipBeneficiary } from './get-vip-beneficiaries';
import { vipBeneficiaryKeys } from './vip-keys';

export type VipBeneficiaryInput = {
  fullName: string;
  phoneNumber: string;
  civilId: string;
  cardType: VipCardType;
  startDate: string;
};

type SaveResult = { message: string; beneficiary: VipBeneficiary };

/**
 * POST /api/vip-beneficiaries (new) or PUT /api/vip-beneficiaries/:id (edit);
 * the server sets the expiry one year after the start and answers 400 with
 * per-field messages.
 */
export function saveVipBeneficiary({ id, input }: { id?: number; input: VipBeneficiaryInput }) {
  return requestJson<SaveResult>(id === undefined ? '/vip-beneficiaries' : `/vip-beneficiaries/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body: input,
  });
}

export function useSaveVipBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVipBeneficiary,
    // Offline, staff get a message instead of a change that waits unseen (DESIGN.md "Offline").
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vipBeneficiaryKeys.all }),
  });
}
