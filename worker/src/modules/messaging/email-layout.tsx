/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import type { MailHotelInfo } from './email-parts';
import type { Language } from '@shared/constants';
import { text } from '../../platform/messages';

/**
 * The frame every e-mail shares: the hotel's name on top, the heading, the message, and the
 * hotel's address and contacts below; Arabic right to left.
 */
export const COLORS = {
  teal: '#115e59',
  sand: '#f6f1e7',
  line: '#e7dcc8',
  text: '#1e293b',
  muted: '#475569',
};

export function Layout(props: {
  lang: Language;
  preview: string;
  hotel: MailHotelInfo;
  heading: string;
  children: ReactNode;
}) {
  const { lang, hotel } = props;
  const contact = text(lang, 'email.label.contact');
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
                  {contact}: {hotel.phone ? <bdi dir="ltr">{hotel.phone}</bdi> : null}
                  {hotel.phone && hotel.email ? ' · ' : null}
                  {hotel.email ? <bdi dir="ltr">{hotel.email}</bdi> : null}
                </>
              ) : null}
            </Text>
            <Text style={{ color: COLORS.muted, fontSize: '12px', margin: '8px 0 0', textAlign: align }}>
              {text(lang, 'email.automatic')}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A value as it reads: LTR isolates (U+2066…U+2069) become <bdi dir="ltr"> in HTML. */
export function Value({ value }: { value: string }) {
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
