import { drizzle } from 'drizzle-orm/d1';
import { Hono, type MiddlewareHandler } from 'hono';
import { languageDetector } from 'hono/language';
import { requestId } from 'hono/request-id';
import { csrf } from 'hono/csrf';
import { bodyLimit } from 'hono/body-limit';
import { runChainScheduled } from './crons';
import type { AppEnv, Db } from './platform/env';
import { bookingHolds, bookingsRoutes, installBlockNights, installPointsLedger } from './modules/bookings';
import { installHolds, inventoryRoutes } from './modules/inventory';
import { ratePlanRoutes, ratePlansAdmin, ratesAdmin, structuredDataScript } from './modules/rates';
import { folioApi, invoicePage } from './modules/folio';
import { dayCloseAdmin, dayCloseCsvRoutes } from './modules/day-close';
import { accountingAdmin } from './modules/accounting';
import { housekeepingTaskRoutes } from './modules/housekeeping';
import { groupHolds, groupsAdmin } from './modules/groups';
import {
  outletInvoicePage,
  outletMenuRoutes,
  outletReceiptPage,
  outletRoutes,
  outletsAdmin,
  posRoutes,
  stayOrderRoutes,
} from './modules/outlets';
import { reportsAdmin } from './modules/reports';
import { revenueAdmin } from './modules/revenue';
import {
  bookingExtrasRoutes,
  extraPhotoRoutes,
  extraPurchasesAdmin,
  extrasAdmin,
  extrasCancellationHook,
  extrasReportAdmin,
} from './modules/extras';
import {
  bookingPaymentRoutes,
  devPaymentRoutes,
  devPayPages,
  fakeThawaniApi,
  installWebhookDispatch,
  paymentsAdmin,
  paymentsCsvRoutes,
  paymentWebhookRoutes,
} from './modules/payments';
import { meteredDatabase } from './platform/d1-meter';
import { securityHeaders, strictTransportSecurity } from './platform/security-headers';
import { deliverNotifications, installChannels } from './platform/notify';
import { installCancellationHooks } from './platform/booking-hooks';
import { installWhatsAppPhoneSender } from './platform/phone-messages';
import { installSessionEndHooks } from './platform/session-hooks';
import { installLivePublisher } from './platform/live-events';
import { paymentCancellationHook, paymentRefundsAdmin, refundChannel } from './modules/payments';
import { bookingCalendarRoutes, notifyChannels, notificationRoutes, pushRoutes } from './modules/messaging';
import { forgetVersions } from './platform/edge-cache';
import { errorResponse, onError } from './platform/error-mapping';
import { auditLogCsvRoutes, auditLogRoutes, integrity, dev, health } from './modules/operations';
import {
  refuseGuestWritesInMaintenance,
  servePage,
  mediaAdmin,
  offersAdmin,
  servicesAdmin,
  siteSettingsAdmin,
  mediaFiles,
  offerRoutes,
  roomRoutes,
  roomTypeRoutes,
  serviceRoutes,
  siteSettingsRoutes,
  vipCardRoutes,
} from './modules/catalog';
import { bodyLimitFor, tooLarge } from './platform/request';
import { sessionIfRead } from './platform/session-cookies';
import {
  countSiteVisit,
  isGuestPageLoad,
  statisticsAccessRoutes,
  statisticsRoutes,
  serviceVisitRoutes,
} from './modules/statistics';
import { chatQaAdmin, chat, customChatQaRoutes } from './modules/assistant';
import {
  housekeepingRoutes,
  roomsAdmin,
  stayRequestsAdmin,
  bookingDeskRoutes,
  stayReversalRoutes,
  frontDeskRoutes,
  bookingRoomRoutes,
  roomAssignmentRoutes,
  tapeChartRoutes,
  stayRequestRoutes,
} from './modules/front-desk';
import { adminReviewRoutes, reviewRoutes } from './modules/reviews';
import { workOrdersAdmin } from './modules/work-orders';
import { lostFoundAdmin } from './modules/lost-found';
import {
  appendInboundStatements,
  appendOutboundStatements,
  closeEndedSessions,
  publishLive,
  deliveryStatusStatement,
  guestMessageRoutes,
  inboxAdmin,
  liveRoutes,
  messageFailedStatement,
  messageMediaStatement,
  messageSentStatement,
  publishProviderMessages,
  registerChannelSender,
} from './modules/conversations';
import { staff, auth, google, phoneVerificationRoutes } from './modules/accounts';
import { accountRoutes, hotelErasurePort } from './modules/privacy';
import {
  accountGuestProfileRoutes,
  bookingGuestDetailsRoutes,
  guestsAdmin,
  registrationsAdmin,
} from './modules/guests';
import {
  monthlyParticipationRoutes,
  eventImageRoutes,
  eventSettingsRoutes,
  eventUploadRoutes,
  googleReviewSubmissionRoutes,
  locationSharingSubmissionRoutes,
  photographySubmissionRoutes,
} from './modules/draws';
import {
  pointTransactionRoutes,
  pointsLedgerPort,
  pointsRoutes,
  userPointsRoutes,
  vip,
} from './modules/loyalty';
import {
  channelAdmin,
  channelAfterWrite,
  channelWebhookRoutes,
  fakeChannelControls,
  fakeChannexApi,
  installChannelDispatch,
} from './modules/channel';
import {
  fakeWhatsappApi,
  fakeWhatsappControls,
  installWhatsAppDispatch,
  installWhatsAppThreads,
  whatsappAdmin,
  whatsappReplySender,
  whatsappNotifyChannel,
  whatsappOptInRoutes,
  whatsappPhoneSender,
  whatsappWebhookRoutes,
} from './modules/whatsapp';
import {
  chainAdmin,
  chainPointsPort,
  chainRoutes,
  hotelRoutes,
  mirrorChainAccount,
  pushAfterWrite,
  chainErasurePort,
} from './modules/chain';
import { installErasure } from './platform/chain-erasure';
import { whatsappRouting } from './whatsapp-routing';
import { installChainPoints } from './platform/chain-points';
import { hotelOfRequest } from './platform/hotels';
import { apiDocsPage } from './platform/api-docs';
import { openApiDocument } from './platform/openapi';

// Every event a state change raises is queued on these channels (platform/notify.ts); the refunds'
// channel queues nothing and sends the refunds due (modules/payments/refund-delivery.ts).
installChannels([...notifyChannels, refundChannel, whatsappNotifyChannel]);
// What a cancellation does to the stay's extras, then to the money paid online (platform/booking-hooks.ts).
installCancellationHooks([extrasCancellationHook, paymentCancellationHook]);
// The points a stay earns or gives back, in its status move's batch (modules/bookings/points-port.ts).
installPointsLedger(pointsLedgerPort);
// The nights stays and group blocks hold, as the inventory counts them (modules/inventory/holds-port.ts),
// and the blocks' nights bookings' alternatives count (modules/bookings/block-nights-port.ts).
installHolds({ stayHoldsSql: bookingHolds.stayHoldsSql, blockHoldsSql: groupHolds.blockHoldsSql });
installBlockNights(groupHolds);
// What else ends with a session: the live sockets it opened (platform/session-hooks.ts).
installSessionEndHooks([closeEndedSessions]);
// The outlets tell a tablet of a guest's order, and the guest of its answer (platform/live-events.ts).
installLivePublisher(publishLive);
// Points held at the chain's other hotels, as loyalty asks for them, and a guest's erasure at every
// hotel of the chain (platform/chain-points.ts, platform/chain-erasure.ts; decision 103).
installChainPoints(chainPointsPort);
installErasure(hotelErasurePort, chainErasurePort);

// The worker: security headers, request ids, logging, the request's language, the database on the
// context, one JSON error shape; then the API routes and, for every other path, the built web app.
const app = new Hono<AppEnv>();

// One drizzle wrapper per D1 binding, made once per isolate rather than once per request
// (it holds no state of a request).
const databases = new WeakMap<D1Database, Db>();
function database(binding: D1Database): Db {
  let db = databases.get(binding);
  if (!db) databases.set(binding, (db = drizzle(binding)));
  return db;
}

app.use(requestId());
// One structured line per request (Workers Logs and `wrangler dev` alike), unless REQUEST_LOG is off.
app.use(async (c, next) => {
  const started = Date.now();
  await next();
  if (c.env.REQUEST_LOG === 'off') return;
  console.log(
    JSON.stringify({
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      // HIT or MISS for the edge-cached public reads (platform/edge-cache.ts).
      cache: c.res.headers.get('x-cache') ?? undefined,
      ms: Date.now() - started,
    }),
  );
});

// The security headers and the CSP of every answer, and HSTS over https (platform/security-headers.ts).
app.use(securityHeaders);
app.use(strictTransportSecurity);

app.use(
  languageDetector({
    supportedLanguages: ['ar', 'en'],
    fallbackLanguage: 'ar',
    order: ['querystring', 'header'],
    lookupQueryString: 'lang',
    caches: false,
  }),
);
// Form posts from other sites are refused (also those without Origin, by Sec-Fetch-Site)...
app.use('/api/*', csrf());
// ...and so is any state-changing request whose Origin names another site, whatever its body's
// type: a JSON call needs no preflight under some content types and proxies, so the check does
// not rely on CORS. A request without Origin (not a browser's) is judged by its credentials.
app.use('/api/*', async (c, next) => {
  const origin = c.req.header('origin');
  if (
    origin !== undefined &&
    !/^(GET|HEAD|OPTIONS)$/.test(c.req.method) &&
    origin !== new URL(c.req.url).origin
  ) {
    return errorResponse(c, 403, 'forbidden');
  }
  await next();
});

// Bodies are refused past their route's limit before anything parses them (413).
// One middleware per limit, made once per isolate rather than once per request.
const bodyLimits = new Map<number, MiddlewareHandler<AppEnv>>();
app.use('/api/*', (c, next) => {
  const maxSize = bodyLimitFor(c.req.path);
  let limit = bodyLimits.get(maxSize);
  if (!limit) bodyLimits.set(maxSize, (limit = bodyLimit({ maxSize, onError: tooLarge })));
  return limit(c, next);
});

// Staff and admin answers are never kept by a browser or a proxy.
app.use('/api/*', async (c, next) => {
  await next();
  const session = await sessionIfRead(c)?.catch(() => null);
  if (session && session.user.role !== 'guest' && !c.res.headers.has('Cache-Control')) {
    c.res.headers.set('Cache-Control', 'no-store');
  }
});

app.use(async (c, next) => {
  // `npm run bench` asks how many D1 rows a call reads (development only, platform/d1-meter.ts).
  if (c.env.ENVIRONMENT === 'development' && c.req.header('x-d1-meter') === '1') {
    const meter = meteredDatabase(c.env.DB);
    c.set('db', drizzle(meter.db));
    await next();
    c.res.headers.set('X-D1-Rows-Read', String(meter.rowsRead()));
    return;
  }
  c.set('db', database(c.env.DB));
  await next();
});

// A write through this isolate may have changed what the cached public reads show: the next
// one reads the change counters again (platform/edge-cache.ts).
app.use('/api/*', async (c, next) => {
  await next();
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') forgetVersions();
});

// A write that succeeded may have queued notifications (platform/notify.ts): they are sent after the
// answer has gone, so the answer waits for none of it (the cron retries what fails).
app.use('/api/*', async (c, next) => {
  await next();
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(c.req.method) || c.res.status >= 400) return;
  c.executionCtx.waitUntil(
    // The unmetered database: `npm run bench` counts the answer's own reads, not these.
    deliverNotifications(c.env, database(c.env.DB)).catch((err) =>
      console.log(JSON.stringify({ msg: 'notify-failed', error: String(err) })),
    ),
  );
});

// A write that succeeded may have changed what can be sold or its price: the channel's own
// after-write hook tells the channel manager after the answer has gone (modules/channel/hooks.ts).
app.use('/api/*', channelAfterWrite);

// Maintenance mode: guest writes get 503 with Retry-After; staff keep working.
app.use('/api/*', refuseGuestWritesInMaintenance);

app.onError(onError);

// A request naming a hotel the chain does not have (development's X-Hotel) or does not serve
// (platform/hotels.ts; the default export below chooses the hotel before the app runs).
const refusedHotels = new WeakMap<Request, 'hotel_unknown' | 'hotel_unavailable'>();
app.use(async (c, next) => {
  const refused = refusedHotels.get(c.req.raw);
  if (refused) return errorResponse(c, refused === 'hotel_unknown' ? 404 : 503, refused);
  await next();
});

// The chain's account mirrored before the accounts module reads an address (modules/chain), the
// writes the chain hears of at once pushed after their answer, WhatsApp's one webhook given to the
// hotel of each number it names (whatsapp-routing.ts; decision 103).
app.use('/api/auth/*', mirrorChainAccount);
const pushedPaths = ['/api/auth/verify-email', '/api/auth/reset-password', '/api/admin/day-close'];
for (const path of [...pushedPaths, '/api/admin/staff/*', '/api/admin/chain/*'])
  app.use(path, pushAfterWrite);
app.use(
  '/api/whatsapp/webhook',
  whatsappRouting((request, env, ctx) => app.fetch(request, env, ctx)),
);

// Every resource by its own prefix, in the file named after its path in its module
// (modules/<domain>/routes/<path>.ts, routes/admin/<path>.ts; docs/decisions/025-worker-layers.md,
// docs/decisions/048-worker-modules.md).
const api = new Hono<AppEnv>()
  .route('/health', health)
  .route('/rooms', roomRoutes)
  .route('/room-types', roomTypeRoutes)
  .route('/offers', offerRoutes)
  .route('/services', serviceRoutes)
  .route('/vip-cards', vipCardRoutes)
  .route('/rate-plans', ratePlanRoutes)
  .route('/auth', auth)
  .route('/account/guest-profile', accountGuestProfileRoutes)
  .route('/account', accountRoutes)
  // The inventory's allotments, availability and room list (modules/inventory).
  .route('/room-inventory', inventoryRoutes.roomInventory)
  .route('/room-bed-inventory', inventoryRoutes.roomBedInventory)
  .route('/room-smoking-inventory', inventoryRoutes.roomSmokingInventory)
  .route('/availability', inventoryRoutes.availability)
  .route('/room-list', inventoryRoutes.roomList)
  // Bookings' (modules/bookings/routes/mount.ts): the quote, the booking requests (before the
  // desk's, folio's and payments' routes of the same resource below), their online check-in, a
  // guest's booking (before messaging's calendar file) and their admin.
  .route('/quote', bookingsRoutes.quote)
  .route('/booking-submissions', bookingsRoutes.bookingSubmissions)
  .route('/booking-submissions', bookingsRoutes.onlineCheckIn)
  .route('/bookings', bookingsRoutes.bookings)
  .route('/admin/room-types', bookingsRoutes.roomTypesAdmin)
  .route('/admin/bookings.csv', bookingsRoutes.bookingsCsv)
  .route('/admin/booking-submissions', bookingsRoutes.bookingSubmissionsAdmin)
  .route('/booking-submissions', bookingDeskRoutes)
  .route('/booking-submissions', stayReversalRoutes)
  .route('/front-desk', frontDeskRoutes)
  .route('/booking-submissions', bookingRoomRoutes)
  .route('/booking-submissions', bookingGuestDetailsRoutes)
  // The folio's (modules/folio/routes/index.ts): a stay's folio and invoices, the invoices, and
  // the admin's taxes, tax report, city ledger, commissions, group folios and invoices.
  .route('/booking-submissions', folioApi.folio)
  .route('/booking-submissions', folioApi.bookingInvoices)
  .route('/invoices', folioApi.invoices)
  .route('/admin/taxes', folioApi.taxesAdmin)
  .route('/admin/tax-report', folioApi.taxReportAdmin)
  .route('/admin/tax-report.csv', folioApi.taxReportCsv)
  .route('/admin/city-ledger', folioApi.cityLedgerAdmin)
  .route('/admin/commissions', folioApi.commissionsAdmin)
  .route('/admin/groups', folioApi.groupFolioAdmin)
  .route('/admin/invoices', folioApi.invoicesAdmin)
  .route('/admin/invoices.csv', folioApi.invoicesCsv)
  .route('/booking-submissions', bookingPaymentRoutes)
  .route('/booking-submissions', bookingExtrasRoutes)
  .route('/extras/photos', extraPhotoRoutes)
  .route('/payments/webhooks', paymentWebhookRoutes)
  .route('/channel/webhooks', channelWebhookRoutes)
  .route('/whatsapp', whatsappWebhookRoutes)
  .route('/whatsapp/opt-in', whatsappOptInRoutes)
  .route('/bookings', bookingCalendarRoutes)
  .route('/notifications', notificationRoutes)
  .route('/user-points', userPointsRoutes)
  .route('/point-transactions', pointTransactionRoutes)
  .route('/points', pointsRoutes)
  .route('/vip-beneficiaries', vip)
  .route('/event-settings', eventSettingsRoutes)
  .route('/check-monthly-participation', monthlyParticipationRoutes)
  .route('/phone-verification', phoneVerificationRoutes)
  .route('/event-uploads', eventUploadRoutes)
  .route('/event-images', eventImageRoutes)
  .route('/photography-submissions', photographySubmissionRoutes)
  .route('/google-review-submissions', googleReviewSubmissionRoutes)
  .route('/location-sharing-submissions', locationSharingSubmissionRoutes)
  .route('/chat', chat)
  .route('/custom-chat-qa', customChatQaRoutes)
  .route('/reviews', reviewRoutes)
  .route('/push', pushRoutes)
  .route('/track-service-visit', serviceVisitRoutes)
  .route('/site-settings', siteSettingsRoutes)
  .route('/statistics', statisticsRoutes)
  .route('/stay-requests', stayRequestRoutes)
  .route('/messages', guestMessageRoutes)
  .route('/live', liveRoutes)
  .route('/admin/custom-chat-qa', chatQaAdmin)
  .route('/admin/staff', staff)
  .route('/admin/integrity', integrity)
  .route('/admin/reviews', adminReviewRoutes)
  .route('/admin/site-settings', siteSettingsAdmin)
  .route('/admin/offers', offersAdmin)
  .route('/admin/rooms', roomsAdmin)
  .route('/admin/services', servicesAdmin)
  .route('/admin/media', mediaAdmin)
  .route('/admin/audit-log', auditLogRoutes)
  .route('/admin/audit-log.csv', auditLogCsvRoutes)
  .route('/admin/housekeeping', housekeepingRoutes)
  .route('/housekeeping', housekeepingTaskRoutes)
  .route('/admin/statistics', statisticsAccessRoutes)
  .route('/admin/room-assignments', roomAssignmentRoutes)
  .route('/admin/tape-chart', tapeChartRoutes)
  .route('/admin/stay-requests', stayRequestsAdmin)
  .route('/admin/work-orders', workOrdersAdmin)
  .route('/admin/lost-found', lostFoundAdmin)
  .route('/admin/inbox', inboxAdmin)
  .route('/admin/guests', guestsAdmin)
  .route('/admin/rate-plans', ratePlansAdmin)
  .route('/admin/rates', ratesAdmin)
  .route('/admin/registrations', registrationsAdmin)
  .route('/admin/day-close', dayCloseAdmin)
  .route('/admin/day-close.csv', dayCloseCsvRoutes)
  .route('/admin/reports/extras', extrasReportAdmin)
  // The accountant's journal of the closed days and the hotel's chart of accounts (decision 100).
  .route('/admin/accounting', accountingAdmin)
  .route('/admin/reports', reportsAdmin)
  .route('/admin/revenue', revenueAdmin)
  .route('/admin/groups', groupsAdmin)
  .route('/admin/outlets', outletsAdmin)
  .route('/admin/extras', extrasAdmin)
  .route('/admin/extra-purchases', extraPurchasesAdmin)
  .route('/outlets', outletMenuRoutes)
  .route('/outlets', outletRoutes)
  .route('/stays', stayOrderRoutes)
  .route('/pos', posRoutes)
  .route('/admin/payments', paymentRefundsAdmin)
  .route('/admin/payments', paymentsAdmin)
  .route('/admin/channel', channelAdmin)
  .route('/admin/whatsapp', whatsappAdmin)
  .route('/admin/payments.csv', paymentsCsvRoutes)
  .route('/dev/payments', devPaymentRoutes)
  .route('/dev/channel', fakeChannelControls)
  .route('/dev/whatsapp', fakeWhatsappControls)
  .route('/dev', dev)
  // The chain of hotels (modules/chain; decision 103).
  .route('/hotels', hotelRoutes)
  .route('/chain', chainRoutes)
  .route('/admin/chain', chainAdmin);

app.route('/api', api);

// The API described by the schemas its routes validate with (platform/openapi.ts), and the page that
// reads it. Outside `api`, so the web client's type does not change. The document is built once
// per isolate, on its first request: every route is mounted by then.
let openApi: ReturnType<typeof openApiDocument> | undefined;
app.get('/api/openapi.json', (c) => {
  c.header('Cache-Control', 'public, no-cache');
  return c.json((openApi ??= openApiDocument(app.routes)));
});
app.get('/api/docs', apiDocsPage);

// Google sign-in (modules/accounts/routes/google.ts): outside /api, the address Google sends the browser back to.
app.route('/auth/google', google);

// The hotel's photos (public, immutable; modules/catalog/routes/media.ts).
app.route('/media', mediaFiles);

app.all('/api/*', (c) => errorResponse(c, 404, 'route_not_found'));

// A tax invoice's printable A4 page (modules/folio/routes/invoices.ts): HTML the worker makes, no script.
app.get('/invoices/:id', invoicePage);
// An outlet's check on paper (modules/outlets/check-pages.ts): a paid one's A4 tax invoice, any one's 80 mm receipt.
app.get('/invoices/outlet/:id', outletInvoicePage);
app.get('/invoices/outlet/:id/receipt', outletReceiptPage);

// The fake payment provider's payment page (development only; modules/payments/routes/dev-pay.ts).
app.route('/dev/pay', devPayPages);

// The fake payment provider's API, as Thawani's E-Commerce API v1 (development only; modules/payments/providers/fake).
app.route('/dev/thawani/api/v1', fakeThawaniApi);

// The fake channel manager's API, as Channex API v1 (development only; modules/channel/providers/fake).
app.route('/dev/channex/api/v1', fakeChannexApi);

// The fake WhatsApp Cloud API, as Meta's Graph API (development only; modules/whatsapp/fake).
app.route('/dev/whatsapp/graph', fakeWhatsappApi);

// Everything else is the web app; the assets binding falls back to index.html.
app.all('*', async (c) => {
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  // A build file that is not there (a page from the previous deploy asking for a chunk
  // that no longer exists) is a 404, never the single-page fallback's HTML served as
  // JavaScript; the page then reloads once (web/src/app/main.tsx, vite:preloadError).
  if (
    new URL(c.req.url).pathname.startsWith('/assets/') &&
    asset.headers.get('content-type')?.includes('text/html')
  ) {
    return c.text('Not found', 404);
  }
  // A page (the binding's HTML: the landing or the single-page fallback) in the visitor's
  // language from the first byte (modules/catalog/pages.ts).
  if (asset.headers.get('content-type')?.includes('text/html') && ['GET', 'HEAD'].includes(c.req.method)) {
    if (isGuestPageLoad(c)) countSiteVisit(c);
    // The hotel, its room types and their lowest current prices as schema.org JSON-LD.
    return servePage(c, (language) => structuredDataScript(c.get('db'), new URL(c.req.url).origin, language));
  }
  // A fresh Response: the binding's headers are immutable and the middleware adds to them.
  const res = new Response(asset.body, asset);
  // A guest's page load counts as a site visit (modules/statistics/site-visit-counting.ts), after the answer has gone.
  if (isGuestPageLoad(c)) countSiteVisit(c);
  // Hashed build files never change; the shell and the service worker must revalidate.
  // So are the demo pictures (their names carry their content's hash; scripts/make-demo-photos.mjs).
  if (res.ok && /^\/(assets|images\/demo)\//.test(new URL(c.req.url).pathname)) {
    res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  }
  return res;
});

// The fake payment provider sends its webhooks through the whole app, as a provider's arrive, and the
// Thawani adapter's calls to the fake go the same way, without the network (payments/payment-config.ts).
installWebhookDispatch(async (request, env, ctx) => app.fetch(request, env, ctx));
// The fake channel manager's webhooks and the Channex adapter's calls to the fake likewise
// (modules/channel/providers/fake/dispatch.ts).
installChannelDispatch(async (request, env, ctx) => app.fetch(request, env, ctx));
// Phone messages on WhatsApp (PHONE_PROVIDER=whatsapp) go through the WhatsApp module's rules.
installWhatsAppPhoneSender(whatsappPhoneSender);
// A WhatsApp message (the guest's, or the hotel's automatic send) lands on the guest's thread and its
// statuses move it, in the batch of its webhook or send (modules/whatsapp/threads-port.ts; decision 088).
installWhatsAppThreads({
  inbound: (db, m) =>
    appendInboundStatements(db, {
      key: { phone: m.phone, name: m.profileName ?? null },
      channel: 'whatsapp',
      kind: m.kind === 'template' ? 'text' : m.kind,
      text: m.text ?? '',
      mediaKey: m.mediaKey ?? null,
      mediaType: m.mediaType ?? null,
      mediaState: m.mediaState ?? null,
      details: m.details ?? null,
      providerMessageId: m.wamid,
      at: m.at,
      onlyIf: m.onlyIf,
    }).statements,
  outbound: (db, { wamid, status, text, ...m }) =>
    appendOutboundStatements(db, {
      ...m,
      channel: 'whatsapp',
      text: text ?? '',
      providerMessageId: wamid,
      status: status === 'failed' ? 'failed' : 'sent',
    }),
  status: (db, s) => [deliveryStatusStatement(db, s.wamid, s.status, s.error ?? null, s.onlyIf)],
  replySent: (db, id, wamid) => [messageSentStatement(db, id, wamid)],
  replyFailed: (db, id, error) => [messageFailedStatement(db, id, error)],
  media: (db, wamid, outcome) => [messageMediaStatement(db, wamid, outcome)],
  published: (env, db, wamids) => publishProviderMessages(env, db, wamids),
});
// A staff reply on a thread whose guest last wrote on WhatsApp goes out through the WhatsApp outbox.
registerChannelSender('whatsapp', whatsappReplySender);
// The fake WhatsApp Cloud API's webhooks and the adapter's calls to it likewise (modules/whatsapp/config.ts).
installWhatsAppDispatch(async (request, env, ctx) => app.fetch(request, env, ctx));

/** The hotel's live inbox, a Durable Object (wrangler.toml [[durable_objects.bindings]]). */
export { ConversationHub } from './modules/conversations';

/** The whole app, for tests that read its routes (worker/src/openapi.test.ts). */
export { app };

/** The API's type for the web client: `hc<AppType>('/api')`. */
export type AppType = typeof api;

export default {
  /** The request's hotel (platform/hotels.ts; docs/decisions/103), then the app with that hotel's env. */
  async fetch(request: Request, env: AppEnv['Bindings'], ctx?: Parameters<typeof app.fetch>[2]) {
    const chosen = await hotelOfRequest(request, env);
    if ('refused' in chosen) refusedHotels.set(request, chosen.refused);
    return app.fetch(request, 'env' in chosen ? chosen.env : env, ctx);
  },
  /** wrangler.toml [triggers]: each hotel's crons, then the chain's (crons.ts). */
  scheduled: runChainScheduled,
} satisfies ExportedHandler<AppEnv['Bindings']>;
