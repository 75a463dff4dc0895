import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { VipCardType } from '@shared/constants';

/** The VIP cards' names (the staff VIP screens and the audit log). */
export const VIP_CARD_LABELS: Record<VipCardType, MessageDescriptor> = {
  silver: msg`Silver card`,
  gold: msg`Gold card`,
  elite: msg`Elite card`,
};
