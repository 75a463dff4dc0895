/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Button, Column, Row, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { Language } from '@shared/constants';
import { bookingMailCopy, dueNowOf } from './email-booking-copy';
import { entryMailCopy } from './email-entry-copy';
import { COLORS, Layout, Value } from './email-layout';
import {
  ltr,
  type MailContent,
  type MailCopy,
  type MailHotelInfo,
  type MailKind,
  type RenderedMail,
} from './email-parts';
import { reviewMailCopy } from './email-review-copy';
import { lostItemMailCopy } from './email-lost-item-copy';
import { autopilotMailCopy } from './email-revenue-copy';
import { formatMoney } from '../../platform/format';
import { text } from '../../platform/messages';

export type { BookingMail, MailContent, MailHotelInfo, MailKind, RenderedMail } from './email-parts';

/**
 * The hotel's e-mails about bookings, prize-draw entries and reviews, one language each (the
 * booking's, the entry's, the review's), Arabic laid out right to left; HTML through React
 * Email (components rendered by react-dom/server's edge build) with a plain-text part made
 * from the same copy. Every sentence comes from the message catalogue (`email.*`): each kind's
 * copy in its own file (email-booking-copy.ts, email-entry-copy.ts, email-review-copy.ts), the
 * frame in email-layout.tsx. Numbers through the one formatter (Arabic-Indic digits in Arabic),
 * the reference as everywhere ("K7M-Q4PX", isolated LTR).
 */

/** What each message says (subject, heading, paragraphs) and which details it lists. */
function copyOf(content: MailContent, hotel: MailHotelInfo, lang: Language): MailCopy {
  if ('booking' in content)
    return bookingMailCopy(content.kind, content.booking, content.reason, hotel, lang);
  if ('entry' in content) return entryMailCopy(content.kind, content.entry, lang);
  if ('item' in content) return lostItemMailCopy(content.item, lang);
  if ('run' in content) return autopilotMailCopy(content.run, lang);
  return reviewMailCopy(content.review, lang);
}

type Action = { label: string; href: string };

/** Booking e-mails about a stay that has ended or will not happen: their link shows it; the others' manages it. */
const ENDED = new Set<MailKind>([
  'booking_cancelled',
  'booking_rejected',
  'booking_expired',
  'booking_completed',
]);

/** The e-mails of a stay still to come that link to its extras. */
const WITH_EXTRAS = new Set<MailKind>(['booking_approved', 'booking_confirmed', 'free_night_booked']);

/** The calls to action of a message (the first one the main button), perhaps none. */
function actionsOf(content: MailContent, hotel: MailHotelInfo, lang: Language): Action[] {
  if (content.kind === 'staff_booking_alert' || content.kind === 'staff_booking_changed') {
    return [
      {
        label: text(lang, 'email.action.open_bookings'),
        href: `${hotel.origin}/admin/bookings?lang=${lang}`,
      },
    ];
  }
  if (content.kind === 'revenue_autopilot_applied') {
    return [
      { label: text(lang, 'email.action.open_revenue'), href: `${hotel.origin}/admin/revenue?lang=${lang}` },
    ];
  }
  const actions: Action[] = [];
  // A deposit not paid yet: the main button pays it, on the booking's page (signed, no account
  // needed), where the guest goes on to the payment provider's page.
  if ('booking' in content && content.booking.manageUrl) {
    const due = dueNowOf(content.kind, content.booking);
    if (due > 0) {
      actions.push({
        label: text(lang, 'email.action.pay_now', { amount: formatMoney(due, lang) }),
        href: `${content.booking.manageUrl}&lang=${lang}#booking-payment-heading`,
      });
    }
  }
  if (content.kind === 'booking_completed') {
    actions.push({
      label: text(lang, 'email.action.write_review'),
      href: `${hotel.origin}/?lang=${lang}#reviews-heading`,
    });
  }
  // The check-out e-mail's tax invoice (its printable page, opened by the same signed link).
  if ('booking' in content && content.booking.invoiceUrl) {
    actions.push({
      label: text(lang, 'email.action.view_invoice'),
      href: `${content.booking.invoiceUrl}&lang=${lang}`,
    });
  }
  // Every guest's booking e-mail opens the booking's page: signed, so no account is needed.
  if ('booking' in content && content.booking.manageUrl) {
    const manage = !ENDED.has(content.kind);
    actions.push({
      label: text(lang, manage ? 'email.action.manage_booking' : 'email.action.view_booking'),
      href: `${content.booking.manageUrl}&lang=${lang}`,
    });
  }
  // A stay still to come: what can be added to it before arrival (docs/decisions/101), signed as its page.
  if ('booking' in content && content.booking.manageUrl && WITH_EXTRAS.has(content.kind)) {
    actions.push({
      label: text(lang, 'email.action.add_extras'),
      href: `${content.booking.manageUrl.replace(/\/booking\/([^/?]+)\?/, '/booking/$1/extras?')}&lang=${lang}`,
    });
  }
  return actions;
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
        <Text style={{ ...paragraph, fontSize: '14px' }}>{text(lang, 'email.calendar')}</Text>
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
  copy: MailCopy,
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
    ...(attachment ? ['', text(lang, 'email.calendar')] : []),
    ...(actions.length > 0 ? ['', ...actions.map((action) => `${action.label}: ${action.href}`)] : []),
    '',
    '—',
    hotel.name,
    ...(hotel.address ? [hotel.address] : []),
    ...(contact ? [`${text(lang, 'email.label.contact')}: ${contact}`] : []),
    '',
    text(lang, 'email.automatic'),
  ].join('\n');
}
