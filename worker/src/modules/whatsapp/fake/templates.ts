/**
 * The templates the fake's WhatsApp Business Account holds (as WhatsApp Manager would, once the
 * hotel made them and Meta approved them), each APPROVED unless a test set another state
 * (`POST /api/dev/whatsapp/templates`). Their names are those the automatic sends use
 * (templates.ts PURPOSE_OF_NAME), their bodies the catalogue's words (worker/src/locales
 * `whatsapp.*`) with numbered parameters.
 */
export type FakeTemplate = {
  id: string;
  name: string;
  language: 'ar' | 'en';
  category: string;
  body: string;
  status: string;
};

const bodies: Record<string, { ar: string; en: string; category?: string; status?: string }> = {
  booking_confirmation: {
    ar: 'أهلاً {{1}}، حجزك رقم {{2}} مؤكد: الوصول {{3}} والمغادرة {{4}}. تفاصيل الحجز: {{5}}',
    en: 'Hello {{1}}, your booking {{2}} is confirmed: arrival {{3}}, departure {{4}}. Details: {{5}}',
  },
  pre_arrival: {
    ar: 'أهلاً {{1}}، نستقبلك يوم {{2}}. وفّر وقتك بتسجيل الوصول الإلكتروني: {{3}}',
    en: 'Hello {{1}}, we look forward to welcoming you on {{2}}. Save time with online check-in: {{3}}',
  },
  deposit_request: {
    ar: 'أهلاً {{1}}، لتأكيد حجزك يرجى دفع العربون {{2}} عبر الرابط: {{3}}',
    en: 'Hello {{1}}, to secure your booking please pay the deposit of {{2}} here: {{3}}',
  },
  stay_invoice: {
    ar: 'شكراً لإقامتك معنا يا {{1}}. فاتورتك: {{2}}',
    en: 'Thank you for staying with us, {{1}}. Your invoice: {{2}}',
  },
  review_request: {
    ar: 'أهلاً {{1}}، نسعد برأيك في إقامتك: {{2}}',
    en: 'Hello {{1}}, we would love to hear about your stay: {{2}}',
  },
  stay_extras: {
    ar: 'أهلاً {{1}}، إقامتك تبدأ يوم {{2}}. أضف إليها ما تحب قبل وصولك، مثل ترقية غرفتك أو التوصيل من المطار: {{3}}',
    en: 'Hello {{1}}, your stay begins on {{2}}. Add what you like before you arrive, such as a room upgrade or an airport transfer: {{3}}',
  },
  seasonal_offer: {
    ar: 'عرض خاص لضيوفنا: {{1}}',
    en: 'A special offer for our guests: {{1}}',
    category: 'MARKETING',
    status: 'PENDING',
  },
};

export const FAKE_TEMPLATES: FakeTemplate[] = Object.entries(bodies).flatMap(([name, t], i) =>
  (['ar', 'en'] as const).map((language, j) => ({
    id: String(900000000000000 + i * 10 + j),
    name,
    language,
    category: t.category ?? 'UTILITY',
    body: t[language],
    status: t.status ?? 'APPROVED',
  })),
);
