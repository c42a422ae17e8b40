import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';
import type { PackLine } from '@vsp/contract/wallet-assets';
import type { MailContext } from './mail-template';

// The website's colours (apps/web/src/styles): ink, muted ink, the purple of its buttons.
const INK = '#1c1633';
const MUTED = '#5b5573';
const ACCENT = '#7c3aed';

const body: CSSProperties = { margin: 0, padding: '16px 0', backgroundColor: '#f5f3fb', color: INK, fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Thai', sans-serif" };
const card: CSSProperties = { maxWidth: '560px', width: '100%', backgroundColor: '#ffffff', borderRadius: '12px', padding: '20px 16px', boxSizing: 'border-box' };
const paragraph: CSSProperties = { fontSize: '15px', lineHeight: '1.55', margin: '0 0 12px', overflowWrap: 'anywhere' };
const small: CSSProperties = { fontSize: '13px', lineHeight: '1.5', color: MUTED, margin: '0 0 6px', overflowWrap: 'anywhere' };
const button: CSSProperties = { display: 'inline-block', padding: '11px 20px', borderRadius: '999px', backgroundColor: ACCENT, color: '#ffffff', fontSize: '15px', fontWeight: 600, textDecoration: 'none', maxWidth: '100%', boxSizing: 'border-box' };

/** A paragraph of the mail's text. */
export function P({ children }: { children: ReactNode }) {
  return <Text style={paragraph}>{children}</Text>;
}

/** The mail's one action: a button, and under it the link itself for mail programs that hide buttons. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button href={href} style={button}>
        {children}
      </Button>
      <Text style={{ ...small, wordBreak: 'break-all', margin: '10px 0 0' }} data-skip-in-text="true">
        <Link href={href} style={{ color: MUTED }}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

/** Label and value rows (an order's number, date, price), as the website's receipt lists them. */
export function Facts({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', margin: '4px 0 16px', tableLayout: 'fixed' }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td style={{ ...small, padding: '6px 0', width: '38%', verticalAlign: 'top', margin: 0 }}>{label}</td>
            <td style={{ fontSize: '15px', padding: '6px 0', paddingInlineStart: '8px', verticalAlign: 'top', overflowWrap: 'anywhere' }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An order's contents as "Diamond ×60" lines. */
export function Contents({ ctx, contents }: { ctx: MailContext; contents: readonly PackLine[] }) {
  return (
    <>
      {contents.map((line) => (
        <div key={line.asset}>{ctx.texts.line(line)}</div>
      ))}
    </>
  );
}

/** A label's text with one value in it shown as a link (a mailbox in a footer line). */
function withLink(text: string, value: string, href: string): ReactNode {
  const at = text.indexOf(value);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <Link href={href} style={{ color: MUTED }}>
        {value}
      </Link>
      {text.slice(at + value.length)}
    </>
  );
}

/**
 * Every mail's frame: language and direction on the document (right to left in Arabic), the
 * product's name, the heading, the content, and the footer with the console's support mailboxes,
 * the company line and a link to the website.
 */
export function MailLayout({ ctx, heading, preview, children }: { ctx: MailContext; heading: string; preview: string; children: ReactNode }) {
  const { texts, site } = ctx;
  const { t } = texts;
  const siteName = t('site.name');
  const { contact, service } = site.supportEmails;
  const { name, registrationNumber } = site.company;
  return (
    <Html lang={texts.lang} dir={texts.dir}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={body} dir={texts.dir}>
        <Container style={card}>
          <Text style={{ ...small, color: ACCENT, fontWeight: 700, fontSize: '15px', margin: '0 0 8px' }}>{siteName}</Text>
          <Heading as="h1" style={{ fontSize: '21px', lineHeight: '1.3', margin: '0 0 14px', overflowWrap: 'anywhere' }}>
            {heading}
          </Heading>
          {children}
          <Hr style={{ borderColor: '#e4e0f0', margin: '20px 0 12px' }} />
          <Text style={small}>{t('mail.footer.no_reply')}</Text>
          <Text style={small}>{withLink(t('footer.service_email', { email: service }), service, `mailto:${service}`)}</Text>
          <Text style={small}>{withLink(t('footer.contact_email', { email: contact }), contact, `mailto:${contact}`)}</Text>
          {name ? <Text style={small}>{registrationNumber ? t('footer.company', { name, number: registrationNumber }) : <bdi>{name}</bdi>}</Text> : null}
          <Text style={small}>
            <Link href={ctx.url('/')} style={{ color: ACCENT }}>
              {t('mail.footer.visit', { site: siteName })}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
