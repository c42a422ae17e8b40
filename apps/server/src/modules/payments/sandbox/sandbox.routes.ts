import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import { isLanguageCode, languageEntry, DEFAULT_LANGUAGE, type LanguageCode } from '@vsp/contract/languages';
import { formatPrice } from '@vsp/contract/wallet-assets';
import { LABELS, textsFor } from '@vsp/labels';
import type { SandboxGateway, SandboxSession } from './sandbox-gateway';
import { SANDBOX_CHECKOUT_PREFIX } from './sandbox-provider';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const textsByLang = new Map<LanguageCode, Record<string, string>>();
function texts(lang: LanguageCode) {
  let found = textsByLang.get(lang);
  if (!found) textsByLang.set(lang, (found = textsFor(lang, LABELS)));
  return found;
}

function page(lang: LanguageCode, session: SandboxSession | undefined, payable: boolean, held = 0): string {
  const t = texts(lang);
  const dir = languageEntry(lang).dir;
  const body = !session
    ? `<p role="alert">${escapeHtml(t['sandbox.not_found']!)}</p>`
    : `<dl>
        <dt>${escapeHtml(t['sandbox.merchant_ref']!)}</dt><dd data-testid="sandbox-ref">${escapeHtml(session.merchantRef)}</dd>
        <dt>${escapeHtml(t['sandbox.amount']!)}</dt><dd data-testid="sandbox-amount">${escapeHtml(formatPrice(session.amountMinor, session.currency, lang))}</dd>
      </dl>
      ${
        payable
          ? `<form method="post">
        <input type="hidden" name="lang" value="${lang}">
        <button name="action" value="pay" class="pay">${escapeHtml(t['sandbox.pay']!)}</button>
        <button name="action" value="decline">${escapeHtml(t['sandbox.decline']!)}</button>
        <button name="action" value="abandon" class="link">${escapeHtml(t['sandbox.abandon']!)}</button>
        <button name="action" value="pay_hold" class="hold" aria-describedby="hold-note">${escapeHtml(t['sandbox.pay_hold']!)}</button>
        <p id="hold-note" class="note">${escapeHtml(t['sandbox.pay_hold_note']!)}</p>
      </form>`
          : held > 0
            ? `<p role="status" data-testid="sandbox-held">${escapeHtml(t['sandbox.held']!)}</p>
      <form method="post">
        <input type="hidden" name="lang" value="${lang}">
        <button name="action" value="release" class="pay">${escapeHtml(t['sandbox.release']!)}</button>
      </form>
      <a href="${escapeHtml(session.returnUrl)}">${escapeHtml(t['sandbox.back']!)}</a>`
            : `<p role="status">${escapeHtml(t['sandbox.closed']!)}</p><a href="${escapeHtml(session.returnUrl)}">${escapeHtml(t['sandbox.back']!)}</a>`
      }`;
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(t['sandbox.title']!)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f4f8;color:#1c1633;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:16px;box-shadow:0 8px 30px #0001;padding:32px;width:min(420px,92vw)}
h1{font-size:22px;margin:0 0 4px}p.note{color:#5b5573;margin:0 0 20px;font-size:14px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}dt{color:#5b5573}dd{margin:0;font-weight:600}
form{display:grid;gap:12px}button{font:inherit;padding:12px;border-radius:10px;border:1px solid #c9c4dc;background:#fff;cursor:pointer}
button.pay{background:#7c3aed;color:#fff;border-color:#7c3aed}button.hold{border-style:dashed;margin-top:12px}form p.note{margin:0}form+a{display:inline-block;margin-top:16px}button.link{border:none;background:none;color:#5b5573;text-decoration:underline}
button:focus-visible,a:focus-visible{outline:3px solid #ec4899;outline-offset:2px}
</style></head>
<body><main><h1>${escapeHtml(t['sandbox.title']!)}</h1><p class="note">${escapeHtml(t['sandbox.note']!)}</p>${body}</main></body></html>`;
}

/**
 * The sandbox gateway's hosted checkout page, served by this server as a real gateway serves its
 * own: the payer pays, declines, or abandons and goes back to the shop. Plain HTML, no script.
 * "Pay, hold the notification" pays but keeps the gateway's notification back (a lost webhook); the
 * same page then offers to send it (decision 0151).
 */
export const sandboxRoutes: FastifyPluginAsync<{ gateway: SandboxGateway }> = async (app, { gateway }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const params = Type.Object({ id: Type.String({ pattern: '^sbx_[0-9a-f]{24}$' }) });
  const langOf = (value: unknown): LanguageCode => (isLanguageCode(value) ? value : DEFAULT_LANGUAGE);

  app.get<{ Params: { id: string }; Querystring: { lang?: string } }>(
    '/sandbox/checkout/:id',
    { schema: { hide: true, params } },
    async (request, reply) => {
      const session = await gateway.session(request.params.id);
      const held = session ? await gateway.heldCount(session.id) : 0;
      return reply
        .code(session ? 200 : 404)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page(langOf(request.query.lang), session, Boolean(session && gateway.isPayable(session)), held));
    },
  );

  app.post<{ Params: { id: string }; Body: { action?: string; lang?: string } }>(
    '/sandbox/checkout/:id',
    { schema: { hide: true, params } },
    async (request, reply) => {
      const session = await gateway.session(request.params.id);
      const lang = langOf(request.body?.lang);
      if (!session) return reply.code(404).type('text/html; charset=utf-8').send(page(lang, undefined, false));
      const action = request.body?.action;
      if (action === 'pay') await gateway.pay(session.id);
      else if (action === 'pay_hold') await gateway.pay(session.id, { holdNotification: true });
      else if (action === 'decline') await gateway.decline(session.id);
      else if (action === 'release') {
        // Sent now; the page then says the checkout is closed and leads back to the shop.
        await gateway.release(session.id);
        return reply.redirect(`${SANDBOX_CHECKOUT_PREFIX}${session.id}?lang=${lang}`, 303);
      }
      // "abandon" changes nothing: the payer leaves and the checkout stays open until it expires.
      return reply.redirect(session.returnUrl, 303);
    },
  );
};
