/** Query keys of the VIP beneficiaries screen. */
export const vipBeneficiaryKeys = {
  all: ['admin', 'vip-beneficiaries'] as const,
  list: () => [...vipBeneficiaryKeys.all, 'list'] as const,
};
