/**
 * What the app asks of a channel manager, and all it asks: one adapter per provider, each in its
 * own folder beside this file (`channex/`, `fake/`). Which one runs is configuration
 * (`CHANNEL_MANAGER=fake|channex|off`). An adapter speaks HTTP to its provider and checks its
 * webhooks; it never touches the app's tables and never decides what a revision means for a
 * booking: the channel module applies the revisions it reads, once each.
 *
 * The channel's ids are the ones in the mappings (`channel_mappings`): the caller turns our room
 * type codes and rate plans into the channel's ids before calling, and back after reading.
 * Amounts are whole baisa (1 OMR = 1000 baisa) on both sides: an adapter whose provider counts in
 * another unit converts at its edge. Dates are `YYYY-MM-DD`; ranges are inclusive of both ends
 * (`dateTo` is the last night the value holds for).
 */
export interface ChannelAdapter {
  /** The provider's name as the app keeps it (`channex`, `fake`). */
  readonly name: ChannelProviderName;

  /**
   * Whether the provider knows the hotel's room types and rate plans by the app's own codes (a
   * type by its code, a plan as `<plan>:<type>`) where no mapping names them: the development fake does
   * (it plays a property set up with the hotel's codes); Channex does not (its ids are its own
   * UUIDs: every type and plan sold there is mapped by staff). The mappings and the revisions read
   * it; no other part of the app asks which provider runs.
   */
  readonly knowsOwnCodes: boolean;

  /**
   * Sends rooms for sale per channel room type over ranges of nights, all in one call (one
   * call counts once against the provider's availability limit). Answers the provider's receipt:
   * its request id, task ids, and the values it ignored (`warnings`: Channex answers 200 and
   * drops a bad value, keeping the others). Throws ChannelProviderError when refused or not
   * answered; nothing of the call is then taken as sent.
   *
   * @example
   * const receipt = await adapter.pushAvailability([{ roomTypeId: 'family-suite', dateFrom: '2026-12-03', dateTo: '2026-12-05', availability: 4 }]);
   */
  pushAvailability(values: AvailabilityValue[]): Promise<PushReceipt>;

  /**
   * Sends prices and restrictions per channel rate plan over ranges of nights, all in one call
   * (one call counts once against the provider's restrictions limit). A field left out is left as
   * the provider has it. `roomTypeId` is the app's (a channel rate plan belongs to one room type);
   * an adapter whose provider does not take it leaves it out. Answers and throws like
   * pushAvailability.
   *
   * @example
   * const receipt = await adapter.pushRestrictions([{ roomTypeId: 'family-suite', ratePlanId: 'standard:family-suite', dateFrom: '2026-12-03', dateTo: '2026-12-03', rateBaisa: 52_000, minStay: 1, stopSell: false }]);
   */
  pushRestrictions(values: RestrictionValue[]): Promise<PushReceipt>;

  /**
   * The most bytes the values of one push may take together, by `valueBytes` (Channex: 10 MB a
   * call, less the body's own brackets): the sender packs as many values into one call as this
   * allows.
   */
  readonly maxCallBytes: number;

  /**
   * The bytes one value takes in a push's body as this adapter sends it (its separator included),
   * so the sender can pack calls up to maxCallBytes without sending them.
   */
  valueBytes(kind: 'availability' | 'restrictions', value: AvailabilityValue | RestrictionValue): number;

  /**
   * The revisions the provider holds that are not acknowledged yet (its feed), oldest first: every
   * page of it (up to a bound per call; the rest on the next read).
   */
  readRevisions(): Promise<ChannelRevision[]>;

  /**
   * One revision by its id (a webhook names it; the revision is read from the provider, never
   * trusted from the webhook's body). Throws ChannelProviderError for a revision of another property.
   */
  readRevision(id: string): Promise<ChannelRevision>;

  /** Acknowledges a revision once it is applied: the provider stops offering it in the feed. */
  ack(id: string): Promise<void>;

  /**
   * Checks a webhook (its secret, in constant time, before anything else) and answers the
   * revision ids it names, or null when it is not genuine or cannot be read. An empty list: a
   * genuine webhook that names no revision of ours (created without `send_data`, or another
   * event), after which the caller reads the feed at once. Never throws for a bad request.
   */
  verifyWebhook(request: Request): Promise<string[] | null>;
}

export type ChannelProviderName = 'channex' | 'fake';

export type AvailabilityValue = {
  /** The channel's room type id (the mapping's channelId). */
  roomTypeId: string;
  dateFrom: string;
  dateTo: string;
  /** Rooms for sale each night of the range, never below 0. */
  availability: number;
};

export type RestrictionValue = {
  roomTypeId: string;
  /** The channel's rate plan id (the mapping's channelId). */
  ratePlanId: string;
  dateFrom: string;
  dateTo: string;
  /** The price of one night in baisa. */
  rateBaisa?: number;
  minStay?: number;
  maxStay?: number;
  stopSell?: boolean;
  closedToArrival?: boolean;
  closedToDeparture?: boolean;
};

/** What the provider answered a push that it took (HTTP 2xx). */
export type PushReceipt = {
  /** The provider's id of the request (Channex's `x-request-id` header), null when it gave none. */
  requestId: string | null;
  /** The provider's task ids for the push (Channex: `data: [{id, type: 'task'}]`). */
  taskIds: string[];
  /** The values the provider ignored, each with its reasons; the call's other values were taken. */
  warnings: PushWarning[];
};

/**
 * A value the provider ignored, as far as its answer names it: the channel's ids and the nights
 * of the value it echoes (`dateFrom`..`dateTo`), and its reasons per field (`{rate: ['must be
 * greater than 0']}`). Ids or dates the answer does not give are left out: such a warning cannot
 * be matched to a value, so nothing of its call is taken as accepted.
 */
export type PushWarning = {
  roomTypeId?: string;
  ratePlanId?: string;
  dateFrom?: string;
  dateTo?: string;
  reasons: Record<string, string[]>;
};

/**
 * A booking revision in the app's words, whatever the provider's own. It carries the booking's
 * whole state as of this revision (Channex: "each Booking is a representation of the latest known
 * Booking Revision"), its rooms a list.
 */
export type ChannelRevision = {
  id: string;
  /** The channel's booking id (the same for every revision of one booking). */
  bookingId: string;
  /** The property it belongs to (an adapter refuses a revision of another property). */
  propertyId: string;
  status: 'new' | 'modified' | 'cancelled';
  /** The OTA's name as it becomes `source`, e.g. `booking.com`. */
  otaName: string;
  otaReservationCode: string;
  /** The booking's arrival and departure (its rooms' earliest and latest). */
  checkInDate: string;
  checkOutDate: string;
  /** One entry per room booked (Channex's Booking Rooms); empty only in a cancellation that lists none. */
  rooms: ChannelRevisionRoom[];
  guest: { name: string; phone: string | null; email: string | null };
  /**
   * The currency of its amounts (ISO 4217, e.g. `OMR`), or null when the provider did not say.
   * Amounts are read as baisa only in the property's currency: in another, the caller must not
   * take them as rials.
   */
  currency: string | null;
  /** The booking's total as the provider wrote it, in `currency` (e.g. "240.00"), for staff. */
  amount: string | null;
  paymentCollect: 'ota' | 'property';
  commissionBaisa: number;
  /**
   * When the provider made the revision (ms since the epoch; Channex's `inserted_at`), or null
   * when it did not say: revisions of one booking are applied in this order, whatever order they
   * arrive in (one older than one applied is kept `stale`).
   */
  revisedAt: number | null;
};

/** One room of a revision (Channex's Booking Room). */
export type ChannelRevisionRoom = {
  /**
   * The room's key in every revision of its booking, as the provider documents one: Channex's
   * `ota_unique_id` (Booking.com's room, "ota:<id>"); null when the revision names the room no such
   * way (then it is known only by its place in the list, which is trusted for a booking of one
   * room and never to tell two rooms apart).
   */
  roomId: string | null;
  /**
   * Other ids the provider wrote on the room that no document promises to keep (Channex's
   * `booking_room_id`): a stay made before this key was read kept one of them, and is found by it
   * when it is the same.
   */
  legacyIds: string[];
  /** The channel's room type and rate plan ids (mapped back by the caller). */
  roomTypeId: string;
  ratePlanId: string;
  checkInDate: string;
  checkOutDate: string;
  adults: number;
  children: number;
  /** Each night's price in baisa (see ChannelRevision.currency). */
  nights: { date: string; priceBaisa: number }[];
};

/**
 * The provider failed to answer, refused, or answered what cannot be read. `status` is the HTTP
 * status when there was one (429 and 5xx are retried later with backoff); `retryAfter` the
 * seconds the provider asked to wait, when it said; `requestId` the provider's id of the request.
 */
export class ChannelProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryAfter?: number,
    /** The provider's id of the request when it answered one (Channex's `x-request-id`). */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ChannelProviderError';
  }
}
