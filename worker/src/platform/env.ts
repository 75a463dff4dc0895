import type { DrizzleD1Database } from 'drizzle-orm/d1';

/** Bindings and settings of the worker (wrangler.toml [vars], .dev.vars, secrets). */
export type Env = {
  DB: D1Database;
  IMAGES: R2Bucket;
  ASSETS: Fetcher;
  /**
   * The hotel's live inbox: a Durable Object holding the tablets' and guest apps' WebSockets
   * (modules/conversations/live.ts `ConversationHub`, wrangler.toml [[durable_objects.bindings]]).
   */
  CONVERSATION_HUB?: DurableObjectNamespace;
  /**
   * The chain's own database (docs/decisions/103-several-hotels.md): the hotels' registry, the
   * accounts, the guest identity index, the points moved between hotels, the closed days pushed.
   * Without it the deployment is one hotel.
   */
  CHAIN_DB?: D1Database;
  /** The code of the hotel whose database is the binding `DB` (default `main`; the demo's `muscat`). */
  DEFAULT_HOTEL?: string;
  /** The request's hotel when it is not the default one (platform/hotels.ts sets it). */
  HOTEL?: HotelOfEnv;
  ENVIRONMENT: 'development' | 'production';
  APP_ORIGIN: string;
  ADMIN_EMAIL: string;
  ADMIN_PASSWORD?: string;
  STAFF_EMAIL?: string;
  STAFF_PASSWORD?: string;
  HOUSEKEEPER_EMAIL?: string;
  HOUSEKEEPER_PASSWORD?: string;
  MANAGER_EMAIL?: string;
  MANAGER_PASSWORD?: string;
  MAINTENANCE_EMAIL?: string;
  MAINTENANCE_PASSWORD?: string;
  STATS_PASSWORD?: string;
  PASSWORD_PEPPER: string;
  MAIL_PROVIDER?: 'dev' | 'http';
  MAIL_FROM?: string;
  MAIL_HTTP_URL?: string;
  MAIL_HTTP_TOKEN?: string;
  /** Phone-verification codes: 'sms' (default) or 'whatsapp' (platform/phone-messages.ts). */
  PHONE_PROVIDER?: 'sms' | 'whatsapp';
  SMS_HTTP_URL?: string;
  SMS_HTTP_TOKEN?: string;
  SMS_FROM?: string;
  WHATSAPP_API_URL?: string;
  WHATSAPP_PHONE_NUMBER_ID?: string;
  WHATSAPP_TOKEN?: string;
  /** An approved WhatsApp authentication template's name (else a text message is sent). */
  WHATSAPP_TEMPLATE?: string;
  /**
   * Guest messaging on WhatsApp (modules/whatsapp): `fake` (the default in development: Meta's
   * Cloud API's stand-in inside the worker), `cloud`, or `off` (the default elsewhere).
   */
  WHATSAPP?: 'fake' | 'cloud' | 'off';
  /** The Meta app's secret (a secret): the webhooks' X-Hub-Signature-256 key. */
  WHATSAPP_APP_SECRET?: string;
  /** The token the webhook's verification handshake must carry (a secret). */
  WHATSAPP_VERIFY_TOKEN?: string;
  /** The WhatsApp Business Account's id: its message templates are read from it. */
  WHATSAPP_BUSINESS_ACCOUNT_ID?: string;
  GOOGLE_ISSUER?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  AI_BASE_URL?: string;
  AI_API_KEY?: string;
  AI_MODEL?: string;
  /** The assistant's language model time limit in ms (default 8000, modules/assistant/assistant-model.ts). */
  AI_TIMEOUT_MS?: string;
  /** A Workers AI binding ([ai] in wrangler.toml), if the assistant should use one. */
  AI?: Ai;
  /** Hours a pending booking request holds its nights before it is released (default 48). */
  PENDING_HOLD_HOURS?: string;
  /**
   * Web Push (RFC 8292 VAPID, modules/messaging/push-outbox.ts): the application server's P-256 key pair,
   * base64url (public: the 65-byte uncompressed point; private: the 32-byte scalar; a secret),
   * and its contact (`mailto:` or `https:`). `npm start` makes a development pair into .dev.vars.
   * Without them the push API answers 503 and nothing is sent.
   */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /**
   * Online payments (modules/payments): `fake` (the default in development: a provider inside the
   * development worker, its page at /dev/pay/:sessionId) or `thawani`. Without a provider in
   * production the payment routes answer 503 `payments_unavailable`.
   */
  PAYMENT_PROVIDER?: 'fake' | 'thawani';
  /** The key of the webhooks' HMAC-SHA256 signatures (a secret; `change-me-webhook` in development). */
  PAYMENT_WEBHOOK_SECRET?: string;
  /** Thawani Pay: its API's base URL (UAT or production), the secret and publishable keys (secrets), and its checkout page's base URL. */
  THAWANI_API_URL?: string;
  THAWANI_SECRET_KEY?: string;
  THAWANI_PUBLISHABLE_KEY?: string;
  THAWANI_CHECKOUT_URL?: string;
  /**
   * The channel manager link (modules/channel): `fake` (the default in development: a stand-in
   * speaking Channex API v1 inside the worker, at /dev/channex/api/v1), `channex`, or `off` (the
   * default elsewhere: nothing is sent or read; the outbox keeps filling, bounded by night).
   */
  CHANNEL_MANAGER?: 'fake' | 'channex' | 'off';
  /** Channex: its API root with the version (https://staging.channex.io/api/v1 or the live one). */
  CHANNEX_BASE_URL?: string;
  /** Channex: the property's API key (a secret), sent as `user-api-key`. */
  CHANNEX_API_KEY?: string;
  /** Channex: the property's id (a UUID). */
  CHANNEX_PROPERTY_ID?: string;
  /** Channex: the value of the custom header the property's webhook was created with (a secret). */
  CHANNEX_WEBHOOK_SECRET?: string;
  /**
   * `off`: no one-line log per request (worker/src/index.ts). The journeys' server sets it: under
   * `wrangler dev` each line crosses the inspector into wrangler's Node and its debug log file.
   */
  REQUEST_LOG?: 'off';
  /** Days a guest's registration data (nationality, birth date, document) is kept after their last departure (default 365, modules/guests/registrations.ts). */
  REGISTRATION_RETENTION_DAYS?: string;
};

/** What a request's env says of its hotel (`env.HOTEL`; absent: the default hotel). */
export type HotelOfEnv = { code: string; nameAr: string; nameEn: string; default: boolean };

export type Db = DrizzleD1Database<Record<string, never>>;

export type AppEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    requestId: string;
    language: 'ar' | 'en';
    /** Change-counter versions already read for this request (platform/edge-cache.ts), reused by answerIfChanged. */
    versions?: Map<string, number>;
    /** CSP sources of the page's own inline `<style>` elements (modules/catalog/pages.ts), allowed by the policy. */
    inlineStyleHashes?: string[];
    /** CSP sources of the page's own inline `<script>` elements (the shells' first script), allowed by the policy. */
    inlineScriptHashes?: string[];
  };
};
