import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OrderRefusalReason, OrderStatus } from '@shared/outlet-orders';

/**
 * The words for a guest's order from the app (docs/decisions/102-outlet-orders.md), one wording for
 * the guest's order screen and the outlet's tablet: its state, and the reason an outlet refused it
 * (the guest reads it in their own language, whatever the tablet's).
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  sent: msg({ message: 'Waiting for the outlet', context: 'order status' }),
  accepted: msg({ message: 'Accepted', context: 'order status' }),
  refused: msg({ message: 'Refused', context: 'order status' }),
  cancelled: msg({ message: 'Cancelled', context: 'order status' }),
};

/** The status badge's colours (text on its fill meets 4.5:1). */
export const ORDER_STATUS_CLASS: Record<OrderStatus, string> = {
  sent: 'bg-amber-100 text-amber-950 ring-1 ring-amber-300',
  accepted: 'bg-emerald-100 text-emerald-950 ring-1 ring-emerald-300',
  refused: 'bg-red-100 text-red-950 ring-1 ring-red-300',
  cancelled: 'bg-slate-200 text-slate-900 ring-1 ring-slate-400',
};

export const ORDER_REFUSAL_LABELS: Record<OrderRefusalReason, MessageDescriptor> = {
  unavailable: msg`Not available now`,
  fully_booked: msg`Fully booked at that time`,
  closing: msg`The outlet is closing`,
  too_busy: msg`Too busy to take it now`,
  other: msg({ message: 'Another reason', context: 'order refusal' }),
};
