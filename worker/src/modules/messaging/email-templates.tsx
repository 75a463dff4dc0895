/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';
import { formatBookingReference } from '../../../../shared/src/booking-reference';
import { POINTS_EARNED, type Language, type RoomType } from '../../../../shared/src/constants';
import { toArabicIndicDigits } from '../../../../shared/src/digits';
import { dateTimeFormat, formatWhole } from '../../../../shared/src/intl-cache';
import { formatOmr, nightsBetween } from '../../../../shared/src/money';
import { countText } from '../../platform/counts';
import { ROOM_TIER_NAME } from '../../platform/messages';
import type { BookingEventKind, EntryEventKind, EntryKind } from '../../platform/notify';

/**
 * The hotel's e-mails about bookings, prize-draw entries and reviews (issue 29), one language
 * each (the booking's, the entry's, the review's), Arabic laid out right to left; HTML through
 * React Email (components rendered by react-dom/server's edge build) with a plain-text part made
 * from the same HTML. Numbers through the one formatter (Arabic-Indic digits in Arabic), counts
 * through countText's plural forms, the reference as everywhere ("K7M-Q4PX", isolated LTR).
 */

/** What an e-mail says about the hotel (site settings) and where its links go. */
export type MailHotelInfo = {
  name: string;
  address: string;
  phone: string;
  email: string;
  checkInTime: string;
  checkOutTime: string;
  /** The app's origin (APP_ORIGIN), for links. */
  origin: string;
};

export type BookingMail = {
  reference: string;
  fullName: string;
  phoneNumber: string;
  roomType: RoomType;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  totalPrice: number | null;
  isPointsBooking: boolean;
  pointsUsed: number;
  /** A signed-in guest's booking (a completed stay earns points only then). */
  hasAccount: boolean;
  /**
   * The booking's page with its signed link (modules/bookings/booking-grants.ts `bookingLinkPath` on
   * APP_ORIGIN): the guest opens it from the e-mail, with or without an account (issue 30).
   * Null in the staff's alert.
   */
  manageUrl: string | null;
};

export type MailContent =
  | {
      kind: BookingEventKind | 'staff_booking_alert' | 'staff_booking_changed';
      booking: BookingMail;
      reason: string | null;
    }
  | { kind: EntryEventKind; entry: { kind: EntryKind; submissionDate: Date; notes: string | null } }
  | { kind: 'review_approved'; review: { name: string | null; starRating: number } };

export type MailKind = MailContent['kind'];

export type RenderedMail = { subject: string; html: string; text: string };

type Copy = { subject: string; heading: string; lines: string[] };
type Dict = Record<Language, string>;

const L = (ar: string, en: string): Dict => ({ ar, en });

const LABELS = {
  reference: L('رقم الحجز', 'Booking reference'),
  room: L('الغرفة', 'Room'),
  checkIn: L('الوصول', 'Check-in'),
  checkOut: L('المغادرة', 'Check-out'),
  nights: L('المدة', 'Length of stay'),
  guests: L('عدد الضيوف', 'Guests'),
  total: L('الإجمالي', 'Total'),
  paid: L('الدفع', 'Payment'),
  reason: L('السبب', 'Reason'),
  guest: L('الضيف', 'Guest'),
  phone: L('الهاتف', 'Phone'),
  pointsEarned: L('النقاط المكتسبة', 'Points earned'),
  draw: L('السحب', 'Draw'),
  sentAt: L('أُرسلت في', 'Sent on'),
  notes: L('ملاحظات الفندق', "The hotel's notes"),
  rating: L('التقييم', 'Rating'),
  contact: L('للتواصل معنا', 'Contact us'),
  address: L('العنوان', 'Address'),
  calendar: L(
    'أرفقنا ملف تقويم (.ics) يضيف إقامتك إلى تقويمك بضغطة واحدة.',
    'A calendar file (.ics) is attached: open it to add your stay to your calendar.',
  ),
  automatic: L(
    'هذه رسالة تلقائية؛ للرد تواصل مع الفندق عبر الهاتف أو البريد أعلاه.',
    'This message was sent automatically; to reach us, use the phone or e-mail above.',
  ),
};

const DRAW_NAME: Record<EntryKind, Dict> = {
  photography: L('فعالية التصوير', 'photography event'),
  google_review: L('فعالية تقييم الفندق', 'hotel rating event'),
  location_sharing: L('فعالية مشاركة الموقع', 'location sharing event'),
};

/** "K7M-Q4PX", isolated left to right inside Arabic text. */
const refText = (reference: string) => `\u2066${formatBookingReference(reference)}\u2069`;
/** A phone number or address as typed, isolated left to right. */
const ltr = (value: string) => `\u2066${value}\u2069`;

const dateLocale = (lang: Language) => (lang === 'ar' ? 'ar-OM-u-ca-gregory' : 'en-GB-u-ca-gregory');

/** "الثلاثاء، ١ ديسمبر ٢٠٢٦" / "Tuesday, 1 December 2026". */
export function readableDate(isoDate: string, lang: Language): string {
  return dateTimeFormat(dateLocale(lang), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** A moment in the hotel's time zone, "١ ديسمبر ٢٠٢٦، ١٠:٠٥ م" / "1 December 2026, 22:05". */
function readableMoment(at: Date, lang: Language): string {
  return dateTimeFormat(dateLocale(lang), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Muscat',
  }).format(at);
}

const time = (hhmm: string, lang: Language) => (lang === 'ar' ? toArabicIndicDigits(hhmm) : hhmm);
const money = (baisa: number, lang: Language) =>
  lang === 'ar' ? `${formatOmr(baisa, 'ar')} ر.ع.` : `OMR ${formatOmr(baisa, 'en')}`;
const roomName = (type: RoomType, lang: Language) =>
  lang === 'ar' ? `الغرفة ${ROOM_TIER_NAME.ar[type]}` : `${ROOM_TIER_NAME.en[type]} room`;

/** The reason a booking ended, in words ("expired" is the cron's code, not a sentence). */
function reasonText(reason: string | null, lang: Language): string | null {
  if (!reason) return null;
  if (reason === 'expired') {
    return lang === 'ar'
      ? 'لم يُؤكَّد الطلب خلال مدة الحجز المؤقت، فأُفرج عن الغرفة.'
      : 'The request was not confirmed within the hold time, so the room was released.';
  }
  return reason;
}

type Detail = { label: string; value: string };

function bookingDetails(b: BookingMail, hotel: MailHotelInfo, lang: Language, staff = false): Detail[] {
  const nights = nightsBetween(b.checkInDate, b.checkOutDate);
  const rows: Detail[] = [
    { label: LABELS.reference[lang], value: refText(b.reference) },
    ...(staff
      ? [
          { label: LABELS.guest[lang], value: b.fullName },
          { label: LABELS.phone[lang], value: ltr(b.phoneNumber) },
        ]
      : []),
    { label: LABELS.room[lang], value: roomName(b.roomType, lang) },
    {
      label: LABELS.checkIn[lang],
      value: `${readableDate(b.checkInDate, lang)}${lang === 'ar' ? '، من الساعة ' : ', from '}${time(hotel.checkInTime, lang)}`,
    },
    {
      label: LABELS.checkOut[lang],
      value: `${readableDate(b.checkOutDate, lang)}${lang === 'ar' ? '، حتى الساعة ' : ', by '}${time(hotel.checkOutTime, lang)}`,
    },
    { label: LABELS.nights[lang], value: countText(nights, lang, 'nights') },
    { label: LABELS.guests[lang], value: formatWhole(b.numberOfGuests, lang) },
  ];
  if (b.isPointsBooking) {
    rows.push({ label: LABELS.paid[lang], value: countText(b.pointsUsed, lang, 'points') });
  } else if (b.totalPrice !== null) {
    rows.push({ label: LABELS.total[lang], value: money(b.totalPrice, lang) });
  }
  return rows;
}

/** What each message says (subject, heading, paragraphs) and which details it lists. */
function copyOf(content: MailContent, hotel: MailHotelInfo, lang: Language): Copy & { details: Detail[] } {
  const ar = lang === 'ar';
  if ('booking' in content) {
    const b = content.booking;
    const ref = refText(b.reference);
    const details = bookingDetails(
      b,
      hotel,
      lang,
      content.kind === 'staff_booking_alert' || content.kind === 'staff_booking_changed',
    );
    const reason = reasonText(content.reason, lang);
    const withReason = reason ? [...details, { label: LABELS.reason[lang], value: reason }] : details;
    const hello = ar ? `مرحباً ${b.fullName}،` : `Hello ${b.fullName},`;
    switch (content.kind) {
      case 'booking_received':
        return {
          subject: ar ? `استلمنا طلب حجزك ${ref}` : `We received your booking request ${ref}`,
          heading: ar ? 'استلمنا طلب حجزك' : 'We received your booking request',
          lines: [
            hello,
            ar
              ? 'شكراً لاختيارك فندقنا. طلبك بانتظار تأكيد الفندق، وسنراسلك عند الموافقة عليه.'
              : 'Thank you for choosing us. Your request is waiting for the hotel to confirm it; we will write to you when it is approved.',
          ],
          details,
        };
      case 'booking_approved':
      case 'booking_confirmed': {
        const approved = content.kind === 'booking_approved';
        return {
          subject: ar
            ? `${approved ? 'تمت الموافقة على حجزك' : 'تم تأكيد حجزك'} ${ref}`
            : `Your booking ${ref} is ${approved ? 'approved' : 'confirmed'}`,
          heading: ar
            ? approved
              ? 'تمت الموافقة على حجزك'
              : 'تم تأكيد حجزك'
            : `Your booking is ${approved ? 'approved' : 'confirmed'}`,
          lines: [
            hello,
            ar ? 'يسعدنا استقبالك. هذه تفاصيل إقامتك:' : 'We look forward to welcoming you. Your stay:',
          ],
          details,
        };
      }
      case 'free_night_booked':
        return {
          subject: ar ? `تم حجز ليلتك المجانية ${ref}` : `Your free night ${ref} is booked`,
          heading: ar ? 'تم حجز ليلتك المجانية' : 'Your free night is booked',
          lines: [
            hello,
            ar
              ? 'استبدلت نقاطك بليلة مجانية، وحجزك مؤكَّد. نتطلع إلى استقبالك.'
              : 'You exchanged your points for a free night, and your booking is approved. We look forward to welcoming you.',
          ],
          details,
        };
      case 'booking_cancelled':
        return {
          subject: ar ? `تم إلغاء حجزك ${ref}` : `Your booking ${ref} is cancelled`,
          heading: ar ? 'تم إلغاء حجزك' : 'Your booking is cancelled',
          lines: [
            hello,
            ar
              ? 'أُلغي الحجز التالي. إذا لم تطلب الإلغاء أو أردت الحجز من جديد فتواصل معنا.'
              : 'The booking below is cancelled. If you did not ask for this, or would like to book again, contact us.',
          ],
          details: withReason,
        };
      case 'booking_rejected':
        return {
          subject: ar ? `تعذّر قبول طلب حجزك ${ref}` : `Your booking request ${ref} was declined`,
          heading: ar ? 'تعذّر قبول طلب حجزك' : 'Your booking request was declined',
          lines: [
            hello,
            ar
              ? 'نعتذر، لم نتمكن من قبول طلب الحجز التالي. يسعدنا مساعدتك في موعد آخر أو غرفة أخرى.'
              : 'We are sorry: we could not accept the booking request below. We would be glad to help with other dates or another room.',
          ],
          details: withReason,
        };
      case 'booking_expired':
        return {
          subject: ar ? `انتهت مهلة طلب حجزك ${ref}` : `Your booking request ${ref} expired`,
          heading: ar ? 'انتهت مهلة طلب حجزك' : 'Your booking request expired',
          lines: [
            hello,
            ar
              ? 'لم يتم تأكيد طلبك في الوقت المحدد، فأُلغي حجز الغرفة. يرجى الحجز من جديد أو التواصل معنا.'
              : 'Nobody could confirm your request in time, so its room was released. Please book again or contact us.',
          ],
          details: withReason,
        };
      case 'booking_completed': {
        const earned = b.hasAccount && !b.isPointsBooking ? POINTS_EARNED[b.roomType] : 0;
        return {
          subject: ar ? `شكراً لإقامتك معنا ${ref}` : `Thank you for staying with us ${ref}`,
          heading: ar ? 'شكراً لإقامتك معنا' : 'Thank you for staying with us',
          lines: [
            hello,
            ar
              ? 'نأمل أن تكون إقامتك قد نالت رضاك. يسعدنا أن تشاركنا رأيك في تقييم قصير.'
              : 'We hope you enjoyed your stay. We would love to hear about it in a short review.',
          ],
          details: [
            ...details,
            ...(earned > 0
              ? [{ label: LABELS.pointsEarned[lang], value: countText(earned, lang, 'points') }]
              : []),
          ],
        };
      }
      case 'booking_changed':
        return {
          subject: ar ? `استلمنا تعديل حجزك ${ref}` : `We received the change to your booking ${ref}`,
          heading: ar ? 'استلمنا تعديل حجزك' : 'We received your change',
          lines: [
            hello,
            ar
              ? 'هذه تفاصيل حجزك بعد التعديل. الحجز بانتظار موافقة الفندق من جديد، وسنراسلك عند الموافقة عليه.'
              : 'Your booking as changed is below. It is waiting for the hotel to approve it again; we will write to you when it is approved.',
          ],
          details,
        };
      case 'staff_booking_changed':
        return {
          subject: ar ? `عدّل ضيف حجزه ${ref}` : `A guest changed their booking ${ref}`,
          heading: ar ? 'عدّل ضيف حجزه' : 'A guest changed their booking',
          lines: [
            ar
              ? 'عدّل الضيف حجزه، فعاد بانتظار الموافقة. هذه تفاصيله الجديدة؛ راجعه في شاشة الحجوزات.'
              : 'The guest changed their booking, so it is waiting for approval again. Its new details are below; review it on the bookings screen.',
          ],
          details,
        };
      case 'staff_booking_alert':
        return {
          subject: ar ? `طلب حجز جديد ${ref}` : `New booking request ${ref}`,
          heading: ar ? 'طلب حجز جديد' : 'New booking request',
          lines: [
            ar
              ? 'وصل طلب حجز جديد بانتظار الموافقة. راجعه في شاشة الحجوزات.'
              : 'A new booking request is waiting for approval. Review it on the bookings screen.',
          ],
          details,
        };
    }
  }
  if ('entry' in content) {
    const draw = DRAW_NAME[content.entry.kind][lang];
    const details: Detail[] = [
      { label: LABELS.draw[lang], value: draw.charAt(0).toUpperCase() + draw.slice(1) },
      { label: LABELS.sentAt[lang], value: readableMoment(content.entry.submissionDate, lang) },
    ];
    const notes = content.entry.notes ? [{ label: LABELS.notes[lang], value: content.entry.notes }] : [];
    switch (content.kind) {
      case 'entry_received':
        return {
          subject: ar ? `استلمنا مشاركتك في ${draw}` : `We received your entry in the ${draw}`,
          heading: ar ? 'استلمنا مشاركتك' : 'We received your entry',
          lines: [
            ar
              ? `شكراً لمشاركتك في ${draw}. سيراجعها فريق الفندق، وسنخبرك بالنتيجة.`
              : `Thank you for taking part in the ${draw}. The hotel's team will review your entry and let you know.`,
          ],
          details,
        };
      case 'entry_approved':
        return {
          subject: ar ? `قُبلت مشاركتك في ${draw}` : `Your entry in the ${draw} is approved`,
          heading: ar ? 'قُبلت مشاركتك' : 'Your entry is approved',
          lines: [
            ar
              ? 'قُبلت مشاركتك وأصبحت ضمن السحب الشهري. بالتوفيق!'
              : 'Your entry is approved and takes part in the monthly draw. Good luck!',
          ],
          details: [...details, ...notes],
        };
      case 'entry_rejected':
        return {
          subject: ar ? `لم تُقبل مشاركتك في ${draw}` : `Your entry in the ${draw} was not accepted`,
          heading: ar ? 'لم تُقبل مشاركتك' : 'Your entry was not accepted',
          lines: [
            ar
              ? 'نعتذر، لم تستوفِ مشاركتك شروط السحب. يمكنك المشاركة من جديد الشهر القادم.'
              : 'We are sorry: your entry did not meet the draw’s conditions. You are welcome to take part again next month.',
          ],
          details: [...details, ...notes],
        };
    }
  }
  const review = content.review;
  return {
    subject: ar ? 'نُشر تقييمك، شكراً لك' : 'Your review is published — thank you',
    heading: ar ? 'نُشر تقييمك' : 'Your review is published',
    lines: [
      review.name ? (ar ? `مرحباً ${review.name}،` : `Hello ${review.name},`) : ar ? 'مرحباً،' : 'Hello,',
      ar
        ? 'راجع فريق الفندق تقييمك ونشره، ويستطيع الضيوف الآن قراءته. شكراً لوقتك.'
        : "The hotel's team reviewed and published your review; guests can read it now. Thank you for your time.",
    ],
    details: [
      {
        label: LABELS.rating[lang],
        value: `${'★'.repeat(review.starRating)}${'☆'.repeat(5 - review.starRating)} (${formatWhole(review.starRating, lang)} ${ar ? 'من' : 'of'} ${formatWhole(5, lang)})`,
      },
    ],
  };
}

type Action = { label: string; href: string };

/** Booking e-mails about a stay that has ended or will not happen: their link shows it; the others' manages it. */
const ENDED = new Set<MailKind>([
  'booking_cancelled',
  'booking_rejected',
  'booking_expired',
  'booking_completed',
]);

/** The calls to action of a message (the first one the main button), perhaps none. */
function actionsOf(content: MailContent, hotel: MailHotelInfo, lang: Language): Action[] {
  const ar = lang === 'ar';
  if (content.kind === 'staff_booking_alert' || content.kind === 'staff_booking_changed') {
    return [
      { label: ar ? 'افتح الحجوزات' : 'Open bookings', href: `${hotel.origin}/admin/bookings?lang=${lang}` },
    ];
  }
  const actions: Action[] = [];
  if (content.kind === 'booking_completed') {
    actions.push({
      label: ar ? 'اكتب تقييمك' : 'Write a review',
      href: `${hotel.origin}/?lang=${lang}#reviews-heading`,
    });
  }
  // Every guest's booking e-mail opens the booking's page (issue 30): signed, so no account is needed.
  if ('booking' in content && content.booking.manageUrl) {
    const manage = !ENDED.has(content.kind);
    actions.push({
      label: manage ? (ar ? 'إدارة حجزك' : 'Manage your booking') : ar ? 'عرض حجزك' : 'View your booking',
      href: `${content.booking.manageUrl}&lang=${lang}`,
    });
  }
  return actions;
}

const COLORS = { teal: '#115e59', sand: '#f6f1e7', line: '#e7dcc8', text: '#1e293b', muted: '#475569' };

function Layout(props: {
  lang: Language;
  preview: string;
  hotel: MailHotelInfo;
  heading: string;
  children: ReactNode;
}) {
  const { lang, hotel } = props;
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const align = lang === 'ar' ? 'right' : 'left';
  const font =
    lang === 'ar' ? "Tahoma, 'Segoe UI', Arial, sans-serif" : "'Segoe UI', Helvetica, Arial, sans-serif";
  return (
    <Html lang={lang} dir={dir}>
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: COLORS.sand, margin: 0, padding: '16px 0', fontFamily: font }}>
        <Container
          style={{
            maxWidth: '600px',
            backgroundColor: '#ffffff',
            border: `1px solid ${COLORS.line}`,
            borderRadius: '12px',
            direction: dir,
            textAlign: align,
          }}
        >
          <Section
            style={{ backgroundColor: COLORS.teal, borderRadius: '12px 12px 0 0', padding: '16px 24px' }}
          >
            <Text
              style={{ color: '#ffffff', fontSize: '20px', fontWeight: 700, margin: 0, textAlign: align }}
            >
              {hotel.name}
            </Text>
          </Section>
          <Section style={{ padding: '8px 24px 16px' }}>
            <Heading
              as="h1"
              style={{ color: COLORS.teal, fontSize: '22px', margin: '16px 0 8px', textAlign: align }}
            >
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Hr style={{ borderColor: COLORS.line, margin: 0 }} />
          <Section style={{ padding: '12px 24px 16px' }}>
            <Text
              style={{
                color: COLORS.muted,
                fontSize: '13px',
                lineHeight: '20px',
                margin: 0,
                textAlign: align,
              }}
            >
              <strong>{hotel.name}</strong>
              {hotel.address ? (
                <>
                  <br />
                  {hotel.address}
                </>
              ) : null}
              {hotel.phone || hotel.email ? (
                <>
                  <br />
                  {LABELS.contact[lang]}: {hotel.phone ? <bdi dir="ltr">{hotel.phone}</bdi> : null}
                  {hotel.phone && hotel.email ? ' · ' : null}
                  {hotel.email ? <bdi dir="ltr">{hotel.email}</bdi> : null}
                </>
              ) : null}
            </Text>
            <Text style={{ color: COLORS.muted, fontSize: '12px', margin: '8px 0 0', textAlign: align }}>
              {LABELS.automatic[lang]}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A value as it reads: LTR isolates (U+2066…U+2069) become <bdi dir="ltr"> in HTML. */
function Value({ value }: { value: string }) {
  const parts = value.split(/(\u2066[^\u2069]*\u2069)/);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith('\u2066') ? (
          <bdi key={i} dir="ltr">
            {part.slice(1, -1)}
          </bdi>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Message(props: { content: MailContent; hotel: MailHotelInfo; lang: Language; attachment: boolean }) {
  const { content, hotel, lang } = props;
  const copy = copyOf(content, hotel, lang);
  const actions = actionsOf(content, hotel, lang);
  const align = lang === 'ar' ? 'right' : 'left';
  const paragraph = {
    color: COLORS.text,
    fontSize: '16px',
    lineHeight: '26px',
    margin: '8px 0',
    textAlign: align,
  } as const;
  return (
    <Layout
      lang={lang}
      preview={copy.subject.replace(/[\u2066\u2069]/g, '')}
      hotel={hotel}
      heading={copy.heading}
    >
      {copy.lines.map((line, i) => (
        <Text key={i} style={paragraph}>
          <Value value={line} />
        </Text>
      ))}
      {copy.details.length > 0 ? (
        <Section
          style={{
            backgroundColor: COLORS.sand,
            border: `1px solid ${COLORS.line}`,
            borderRadius: '8px',
            margin: '12px 0',
            padding: '4px 16px',
          }}
        >
          {copy.details.map((d) => (
            <Row key={d.label}>
              <Column
                style={{
                  color: COLORS.muted,
                  fontSize: '14px',
                  padding: '6px 0',
                  textAlign: align,
                  verticalAlign: 'top',
                  width: '38%',
                }}
              >
                {d.label}
              </Column>
              <Column
                style={{
                  color: COLORS.text,
                  fontSize: '15px',
                  fontWeight: 600,
                  padding: '6px 0',
                  textAlign: align,
                }}
              >
                <Value value={d.value} />
              </Column>
            </Row>
          ))}
        </Section>
      ) : null}
      {props.attachment ? (
        <Text style={{ ...paragraph, fontSize: '14px' }}>{LABELS.calendar[lang]}</Text>
      ) : null}
      {actions.map((action, i) => (
        <Section key={action.href} style={{ margin: i === 0 ? '16px 0 8px' : '8px 0', textAlign: align }}>
          <Button
            href={action.href}
            style={
              i === 0
                ? {
                    backgroundColor: COLORS.teal,
                    border: `2px solid ${COLORS.teal}`,
                    borderRadius: '8px',
                    color: '#ffffff',
                    fontSize: '16px',
                    fontWeight: 700,
                    padding: '12px 20px',
                  }
                : {
                    backgroundColor: '#ffffff',
                    border: `2px solid ${COLORS.teal}`,
                    borderRadius: '8px',
                    color: COLORS.teal,
                    fontSize: '16px',
                    fontWeight: 700,
                    padding: '12px 20px',
                  }
            }
          >
            {action.label}
          </Button>
        </Section>
      ))}
    </Layout>
  );
}

/** The e-mail of one outbox row: subject, HTML (React Email) and the plain-text part from it. */
export async function renderMail(
  content: MailContent,
  hotel: MailHotelInfo,
  lang: Language,
  options: { attachment?: boolean } = {},
): Promise<RenderedMail> {
  const attachment = options.attachment ?? false;
  const html = await render(<Message content={content} hotel={hotel} lang={lang} attachment={attachment} />);
  const copy = copyOf(content, hotel, lang);
  return {
    // The reference's left-to-right isolates matter only inside Arabic text; an English subject
    // shows them as stray boxes in some mail apps.
    subject: `${lang === 'ar' ? copy.subject : copy.subject.replace(/[\u2066\u2069]/g, '')} — ${hotel.name}`,
    html,
    text: plainText(copy, actionsOf(content, hotel, lang), hotel, lang, attachment),
  };
}

/**
 * The plain-text part: the same copy as the HTML, its details as "label: value" lines (a text
 * made from the HTML's table would run each label into its value).
 */
function plainText(
  copy: Copy & { details: Detail[] },
  actions: Action[],
  hotel: MailHotelInfo,
  lang: Language,
  attachment: boolean,
): string {
  const contact = [hotel.phone && ltr(hotel.phone), hotel.email && ltr(hotel.email)]
    .filter(Boolean)
    .join(' · ');
  return [
    hotel.name,
    '',
    copy.heading,
    '',
    ...copy.lines,
    '',
    ...copy.details.map((d) => `${d.label}: ${d.value}`),
    ...(attachment ? ['', LABELS.calendar[lang]] : []),
    ...(actions.length > 0 ? ['', ...actions.map((action) => `${action.label}: ${action.href}`)] : []),
    '',
    '—',
    hotel.name,
    ...(hotel.address ? [hotel.address] : []),
    ...(contact ? [`${LABELS.contact[lang]}: ${contact}`] : []),
    '',
    LABELS.automatic[lang],
  ].join('\n');
}
