import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChannelFlag } from '@shared/channel-schemas';

/** What a booking row says of the channel manager: the OTA that sold it, its code there, and a flag. */
export type ChannelFields = {
  /** The OTA's name (e.g. booking.com), or how a booking of the hotel's own came (website, phone …). */
  source: string | null;
  /** The OTA's reservation code. */
  channelReference: string | null;
  /** Why staff must place or correct it by hand (null: placed as sold). */
  channelFlag: ChannelFlag | null;
};

/**
 * Each flag in words staff can act on: the first two leave the stay without a room, the others
 * are held but cannot be honoured as the OTA sold them.
 */
export const CHANNEL_FLAG_PILLS: Record<ChannelFlag, MessageDescriptor> = {
  overbooked: msg`Not placed: sold out here, find it a room`,
  unmapped: msg`Not placed: its room type is not mapped`,
  over_occupancy: msg`Held, but more guests than its room type takes: upgrade it or add a room`,
  not_sellable: msg`Held, but on a room type or plan we do not sell: move it or call the OTA`,
  currency_mismatch: msg`Held, but its currency is not the rial: set its price in rials`,
};

/**
 * An OTA booking's origin on the desk and the bookings screen: "Booked on booking.com, its
 * reference 4711XYZ", and, when the hotel could not place or honour it, why (sold out, a room
 * type not mapped, too many guests, not for sale, another currency). Nothing for the hotel's own
 * bookings. The OTA's name and code are written as they came (left to right, never translated).
 */
export function ChannelSource({ booking }: { booking: ChannelFields }) {
  const { i18n } = useLingui();
  // The hotel's own bookings have a source too (website, phone …) but no reference at an OTA.
  if (!booking.channelReference) return null;
  const ota = (
    <bdi dir="ltr" translate="no">
      {booking.source ?? '—'}
    </bdi>
  );
  const code = (
    <bdi dir="ltr" translate="no" className="font-mono font-semibold text-slate-900">
      {booking.channelReference ?? '—'}
    </bdi>
  );
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="channel-source">
      <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-sm font-semibold text-indigo-900">
        <Trans>Booked on {ota}</Trans>
      </span>
      <span className="text-sm text-slate-700">
        <Trans>Its reference there {code}</Trans>
      </span>
      {booking.channelFlag ? (
        <span
          className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900"
          data-testid="channel-flag"
        >
          {i18n._(CHANNEL_FLAG_PILLS[booking.channelFlag])}
        </span>
      ) : null}
    </span>
  );
}
