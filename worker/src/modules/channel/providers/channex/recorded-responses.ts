/**
 * Channex's answers as its documents give them, for the adapter contract suite
 * (../contract.test.ts): each one copied from an example on docs.channex.io (read November 2026,
 * through the pages' Markdown kept in github.com/WebRenew/channex-knowledge-graph,
 * channex-docs/docs.channex.io_api-v.1-documentation_*.md), its page and example named above it.
 * Only whitespace differs from the page; where the suite needs an answer the page describes but
 * does not show, it says so and what the words were.
 */

/** The property of the revision examples ("Bookings Collection"). */
export const DOCS_PROPERTY_ID = '716305c4-561a-4561-a187-7f5b8aeb5920';

/**
 * "Availability and Rates" (https://docs.channex.io/api-v.1-documentation/ari), Update Rate &
 * Restrictions, "Success Response Example", Status Code: `200 OK`.
 */
export const RESTRICTIONS_SUCCESS = {
  data: [{ id: 'eb31d631-4fcc-478a-80c3-bf7a2acf0699', type: 'task' }],
  meta: { message: 'Success', warnings: [] },
};

/**
 * "Availability and Rates", Update Availability, "Success Response Example", Status Code: `200 OK`
 * (no task in the example: the receipt then names none).
 */
export const AVAILABILITY_SUCCESS = { meta: { message: 'Success' } };

/**
 * "Availability and Rates", "Warning Notifications": "If a request contains wrong values, we will
 * reject this value from the update and provide a warning message in the response ... our
 * application process all correct information and ignores the problem ones." "Example of warning
 * message".
 */
export const RESTRICTIONS_WARNING = {
  data: [],
  meta: {
    message: 'Success',
    warnings: [
      {
        booked: -1,
        closed_to_arrival: 3,
        closed_to_departure: 4,
        date_from: '2020-10-03',
        date_to: '2020-10-05',
        max_stay: -2,
        min_stay_arrival: -2,
        min_stay_through: -1,
        property_id: '954ee839-2598-431b-8c35-8aa68f7b127d',
        rate: '-2',
        rate_plan_id: '0db682fe-e86b-43c5-8f0c-d055737f8dd9',
        stop_sell: 123,
        warning: {
          closed_to_arrival: ['is invalid'],
          closed_to_departure: ['is invalid'],
          max_stay: ['must be greater than or equal to 0'],
          min_stay_arrival: ['must be greater than or equal to 1'],
          min_stay_through: ['must be greater than or equal to 1'],
          rate: ['must be greater than 0'],
          stop_sell: ['is invalid'],
        },
      },
    ],
  },
};

/**
 * "Availability and Rates", Update Rate & Restrictions and Update Availability, "Unauthorised Error
 * Response", Status Code: `401 Unauthorized` (the same body in "Bookings Collection").
 */
export const UNAUTHORIZED = { errors: { code: 'unauthorized', title: 'Unauthorized' } };

/**
 * "API Rate Limits" (https://docs.channex.io/api-v.1-documentation/rate-limits), "Example Error
 * Response": "When Rate Limit is reached, application will return next error ... with status 429
 * Too Many Requests." The page promises no `Retry-After` header, so none is recorded.
 */
export const TOO_MANY_REQUESTS = { errors: { code: 'http_too_many_requests', title: 'Too Many Requests' } };

/** The revision of the "Bookings Collection" examples, as Booking Revisions Feed shows it. */
const feedRevision = {
  type: 'booking_revision',
  id: '03dd7198-c5b7-493c-a889-74d0c2211de7',
  attributes: {
    id: '03dd7198-c5b7-493c-a889-74d0c2211de7',
    property_id: '716305c4-561a-4561-a187-7f5b8aeb5920',
    booking_id: 'cfa33f3b-bd32-4b90-8ef9-bde2bfe986cd',
    unique_id: 'BDC-9996013801',
    system_id: '12331233123',
    ota_reservation_code: '9996013801',
    ota_name: 'Booking.com',
    status: 'new',
    rooms: [
      {
        amount: '200.00',
        checkin_date: '2019-04-26',
        checkout_date: '2019-04-27',
        rate_plan_id: '445835fb-7956-42ac-9efc-3e6f331f0808',
        room_type_id: '994d1375-dbbd-4072-8724-b2ab32ce781b',
        ota_unique_id: '49',
        days: { '2019-04-26': '200.00' },
        occupancy: { adults: 2, children: 0, infants: 0 },
      },
    ],
    services: [
      {
        type: 'Breakfast',
        total_price: '20.00',
        price_per_unit: '10.00',
        price_mode: 'Per person per night',
        persons: 2,
        nights: 1,
        name: 'Breakfast',
      },
    ],
    guarantee: {
      expiration_date: '10/2020',
      cvv: '***',
      cardholder_name: 'Channex User',
      card_type: 'VI',
      card_number: '411111******1111',
    },
    customer: {
      zip: '2031 BE',
      surname: 'Channex',
      phone: '1234567890',
      name: 'User',
      mail: 'user@channex.io',
      language: 'en',
      country: 'NL',
      city: 'Haarlem',
      address: 'JW Lucasweg 35',
      company: { title: 'Company Name', number: '1123331', number_type: 'VAT', type: 'Registration Number' },
    },
    occupancy: { adults: 2, children: 0, infants: 0 },
    arrival_date: '2019-04-26',
    departure_date: '2019-04-27',
    arrival_hour: '10:00',
    amount: '220.00',
    currency: 'GBP',
    notes:
      'You have a booker that would like free parking. (based on availability)\nYou have a booker that would prefer a quiet room. (based on availability)',
    inserted_at: '2019-04-23T10:03:29.335485',
  },
};

/**
 * "Bookings Collection" (https://docs.channex.io/api-v.1-documentation/bookings-collection),
 * Booking Revisions Feed (`GET /api/v1/booking_revisions/feed`), "Success Response Example",
 * Status Code: `200 OK`.
 */
export const FEED = { meta: { total: 1, page: 1, limit: 10 }, data: [feedRevision] };

/**
 * "Bookings Collection", Booking Revisions Feed, "Note": "If all Booking Revision is acknowledged
 * this request will return an empty result." Not shown on the page: the feed's own shape with no
 * revision in it.
 */
export const FEED_EMPTY = { meta: { total: 0, page: 1, limit: 10 }, data: [] };

/**
 * "Bookings Collection", Get Booking Revision by ID (`GET /api/v1/booking_revisions/:id`),
 * "Success Response Example", Status Code: `200 OK`: the feed's revision with `ota_commission`.
 */
export const REVISION = {
  data: { ...feedRevision, attributes: { ...feedRevision.attributes, ota_commission: '10.00' } },
};

/**
 * "Bookings Collection", Get Booking Revision by ID and Acknowledge, "Not Found Error", Status
 * Code: `404 Not Found`.
 */
export const NOT_FOUND = { errors: { code: 'resource_not_found', title: 'Resource Not Found' } };

/**
 * "Bookings Collection", Acknowledge Booking Revision receiving (`POST
 * /api/v1/booking_revisions/:id/ack`), "Success Response Example", Status Code: `200 OK`.
 */
export const ACK_SUCCESS = { meta: { message: 'Success' } };

/**
 * "Webhook Collection" (https://docs.channex.io/api-v.1-documentation/webhook-collection),
 * Payloads, Booking: "Triggered when Channex receives a booking revision (New, Cancelled or
 * Modified)." (The example's top-level `property_id` differs from its payload's in one digit group,
 * as on the page; the property the suite configures is the top-level one.)
 */
export const WEBHOOK_BOOKING = {
  event: 'booking',
  payload: {
    booking_id: 'e10de9d1-3e2c-431c-b88c-ffca9ed5db5d',
    property_id: '90958ec0-9713-1196-873e-4add0d834670',
    revision_id: '80b3b60c-5e24-35c5-ad1b-da67cd704093',
  },
  property_id: '90958ec0-9713-1396-873e-4add0d834670',
  user_id: null,
  timestamp: '2021-12-24T00:00:00.0000Z',
};

/**
 * "Webhook Collection", Payloads, Booking Unmapped Room: the revision named as
 * `booking_revision_id`.
 */
export const WEBHOOK_UNMAPPED_ROOM = {
  event: 'booking_unmapped_room',
  payload: {
    booking_id: '4995a8d5-552b-4d6c-acc5-cc8ca45bd32a',
    booking_revision_id: '8a5c7299-611e-4b57-a703-7e146b538750',
  },
  property_id: 'a88cdfa3-2e25-1bcc-ab18-2d4f899ca49b',
  user_id: null,
  timestamp: '2021-12-24T00:00:00.0000Z',
};

/**
 * "Webhook Collection", Payloads, "No Data Version": "If `send_data` is `true`, Channex will push
 * the message payload, if `false` message payload will be removed and target endpoint will only
 * receive `event`, `user_id` and `property_id` fields."
 */
export const WEBHOOK_NO_DATA = {
  event: 'booking_new',
  property_id: '90958ec0-9214-4796-873e-4add0d834670',
  user_id: null,
  timestamp: '2021-12-24T00:00:00.0000Z',
};
