import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StayRequestStatus, StayRequestType } from '@shared/constants';

/**
 * The words for a guest's in-stay request, one wording for the guest's
 * booking page and the staff's queue.
 */
export const STAY_REQUEST_TYPE_LABELS: Record<StayRequestType, MessageDescriptor> = {
  towels: msg`Towels`,
  cleaning: msg`Room cleaning`,
  late_checkout: msg`Late check-out`,
  maintenance: msg`Maintenance`,
  other: msg`Something else`,
};

export const STAY_REQUEST_STATUS_LABELS: Record<StayRequestStatus, MessageDescriptor> = {
  new: msg({ message: 'New', context: 'stay request' }),
  in_progress: msg`In progress`,
  done: msg({ message: 'Done', context: 'stay request' }),
  declined: msg`Declined`,
};

/** The status badge's colours (text on its fill meets 4.5:1). */
export const STAY_REQUEST_STATUS_CLASS: Record<StayRequestStatus, string> = {
  new: 'bg-amber-100 text-amber-950 ring-1 ring-amber-300',
  in_progress: 'bg-sky-100 text-sky-950 ring-1 ring-sky-300',
  done: 'bg-emerald-100 text-emerald-950 ring-1 ring-emerald-300',
  declined: 'bg-slate-200 text-slate-900 ring-1 ring-slate-400',
};
