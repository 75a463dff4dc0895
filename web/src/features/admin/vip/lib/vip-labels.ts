import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { VipStatus } from '../api/get-vip-beneficiaries';

export const VIP_STATUS_LABELS: Record<VipStatus, MessageDescriptor> = {
  active: msg({ message: 'Active', context: 'VIP card status' }),
  expired: msg({ message: 'Expired', context: 'VIP card status' }),
  not_started: msg({ message: 'Not started yet', context: 'VIP card status' }),
};

export const VIP_STATUS_CLASSES: Record<VipStatus, string> = {
  active: 'bg-emerald-100 text-emerald-900',
  expired: 'bg-red-100 text-red-800',
  not_started: 'bg-amber-100 text-amber-900',
};
