import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { GroupSummary } from '@shared/group-schemas';

/** A block's state in words: tentative, definite, cancelled, or released (what is not picked up is back on sale). */
export type GroupState = 'tentative' | 'definite' | 'cancelled' | 'released';

export const STATE_LABELS: Record<GroupState, MessageDescriptor> = {
  tentative: msg`Tentative`,
  definite: msg`Definite`,
  cancelled: msg`Cancelled`,
  released: msg`Released`,
};

export const stateOf = (group: Pick<GroupSummary, 'status' | 'releasedAt'>): GroupState =>
  group.status === 'cancelled' ? 'cancelled' : group.releasedAt ? 'released' : group.status;

export const stateWords = (i18n: I18n, group: Pick<GroupSummary, 'status' | 'releasedAt'>) =>
  i18n._(STATE_LABELS[stateOf(group)]);

export const STATE_CLASSES: Record<GroupState, string> = {
  tentative: 'bg-amber-100 text-amber-950',
  definite: 'bg-teal-50 text-teal-900',
  cancelled: 'bg-red-50 text-red-900',
  released: 'bg-sand-100 text-slate-800',
};

export const BILLING_LABELS: Record<GroupSummary['billing'], MessageDescriptor> = {
  master: msg`Master account: room nights to the group's folio`,
  individual: msg`Each guest pays their own`,
};
