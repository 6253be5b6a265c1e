import { message } from '@sikkha/contract';
import { formatBaht, toBaht } from '@sikkha/contract/rules';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../errors.js';
import { acceptFormPosts } from '../../http/form-body.js';
import { gatewayPaths } from '../../providers/payments/port.js';
import {
  SANDBOX_PREFIX,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxCharge,
  type SandboxGateway,
} from '../../providers/payments/sandbox/sandbox.js';

const testCardsText =
  'ใช้ได้เฉพาะบัตรทดสอบ: 4242 4242 4242 4242 (สำเร็จ), 4000 0000 0000 0002 (ถูกปฏิเสธ), 4000 0000 0000 3220 (3-D Secure)';

const expiryInvalid = message('cardExpiryInvalid');
const tokenBody = z.object({
  key: z.string().max(100).optional(),
  card: z.object({
    name: z.string().max(200).optional(),
    number: z.string().regex(/^\d(?: ?\d){11,18}$/, message('cardNumberInvalid')),
    expiration_month: z.coerce.number(expiryInvalid).int(expiryInvalid).min(1, expiryInvalid).max(12, expiryInvalid),
    expiration_year: z.coerce
      .number(expiryInvalid)
      .int(expiryInvalid)
      .min(2000, expiryInvalid)
      .max(2100, expiryInvalid),
    security_code: z.string().regex(/^\d{3,4}$/, message('cardCvcInvalid')),
  }),
});
const chargeParams = z.object({ id: z.string().regex(/^chrg_sandbox_[0-9a-f]{24}$/) });
const decisionBody = z.object({ decision: z.enum(['pay', 'fail']) });

/**
 * Omise.js's card API (`Omise.setPublicKey`, `Omise.createToken('card', card, callback)`) against the sandbox, so
 * the web's card form is the same code for Opn and the sandbox.
 */
const script = `(function () {
  var publicKey = '';
  window.Omise = {
    setPublicKey: function (key) { publicKey = key; },
    createToken: function (type, card, callback) {
      fetch('${SANDBOX_PREFIX}/tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: publicKey, card: card })
      }).then(function (response) {
        return response.json().then(function (body) {
          callback(response.status, response.ok
            ? { object: 'token', id: body.data.id }
            : { object: 'error', code: 'invalid_card', message: body.fields
              ? body.fields.map(function (field) { return field.message; }).join(' ')
              : body.message });
        });
      }, function () {
        callback(0, { object: 'error', code: 'network', message: 'network error' });
      });
    }
  };
})();
`;

const html = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const titles: Record<SandboxCharge['method'], string> = {
  card: 'ยืนยันตัวตนผู้ถือบัตร (3-D Secure)',
  qr: 'QR พร้อมเพย์ทดสอบ',
  smartpay: 'ผ่อนชำระ Smart Pay',
  unionpay: 'UnionPay',
};
const states: Record<SandboxCharge['status'], string> = {
  pending: 'รอชำระเงิน',
  paid: 'ชำระเงินแล้ว',
  failed: 'ไม่สำเร็จ',
  expired: 'หมดเวลาชำระ',
};

function page(charge: SandboxCharge, action: string): string {
  const pending = charge.status === 'pending';
  const back = charge.returnUrl && !pending ? `<p><a href="${html(charge.returnUrl)}">กลับไปที่ร้าน</a></p>` : '';
  return `<!doctype html>
<html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${titles[charge.method]} · ระบบชำระเงินทดสอบ</title>
<style>
body{font-family:system-ui,'Sarabun',sans-serif;margin:0;background:#f4f6f8;color:#1c2530}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.tag{background:#fff4d6;border:1px solid #e9c46a;border-radius:8px;padding:8px 12px;font-size:14px}
section{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px #0002}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#5a6675}dd{margin:0;font-weight:600}
form{display:flex;gap:12px;flex-wrap:wrap;margin-top:16px}
button{flex:1;min-width:140px;font:inherit;font-size:16px;padding:12px;border-radius:8px;border:0;cursor:pointer}
.pay{background:#1b7f3b;color:#fff}.fail{background:#e7ebef;color:#1c2530}
button:focus-visible,a:focus-visible{outline:3px solid #1d5fd1;outline-offset:2px}
</style></head>
<body><main>
<p class="tag">ระบบชำระเงินทดสอบ (sandbox): ไม่มีการตัดเงินจริง</p>
<section>
<h1>${titles[charge.method]}</h1>
<dl><dt>จำนวนเงิน</dt><dd>${html(formatBaht(toBaht(charge.amount)))}</dd>
<dt>อ้างอิง</dt><dd>${html(charge.orderRef)}</dd>
<dt>รายการ</dt><dd>${html(charge.description)}</dd>
<dt>สถานะ</dt><dd role="status">${states[charge.status]}</dd></dl>
${
  pending
    ? `<form method="post" action="${html(action)}">
<button class="pay" name="decision" value="pay">ชำระเงิน</button>
<button class="fail" name="decision" value="fail">ไม่ชำระ / ปฏิเสธ</button>
</form>`
    : back
}
</section></main></body></html>`;
}

/**
 * The built-in sandbox gateway's pages and calls, under /api/sandbox-gateway: the Omise.js-style script and its
 * token call (test cards only), the authorize page of 3-D Secure, smart-pay and union-pay, and the test QR's page.
 * A decision on a page is notified to `/order/notify`, signed, as a gateway would, then the person goes back.
 * These are a gateway's, not the shop's API: hidden from the OpenAPI document.
 */
export async function registerSandboxGatewayRoutes(app: FastifyInstance, sandbox: SandboxGateway) {
  const root = app;

  async function notify(notice: { body: string; signature: string }) {
    const response = await root.inject({
      method: 'POST',
      url: gatewayPaths.notify,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: notice.signature },
      payload: notice.body,
    });
    if (response.statusCode >= 400) {
      root.log.warn({ status: response.statusCode, body: response.body }, 'the sandbox notification was refused');
    }
  }

  function show(reply: FastifyReply, charge: SandboxCharge, action: string) {
    const formTargets = ["'self'", ...(charge.returnUrl ? [new URL(charge.returnUrl, 'http://x').origin] : [])];
    return reply
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action ${formTargets.join(' ')}; base-uri 'none'; frame-ancestors 'none'`,
      )
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(charge, action));
  }

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // The pages post plain HTML forms.
    acceptFormPosts(plain);

    scope.get(`${SANDBOX_PREFIX}/omise.js`, { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
    );

    scope.post(`${SANDBOX_PREFIX}/tokens`, { schema: { hide: true, body: tokenBody } }, (request) => {
      const id = sandbox.tokenize(request.body.card.number);
      if (!id) throw new AppError('UNPROCESSABLE', testCardsText);
      return { result: true, data: { id }, message: '' };
    });

    for (const kind of ['authorize', 'qr'] as const) {
      const path = `${SANDBOX_PREFIX}/${kind}/:id`;
      const found = (id: string) => {
        const charge = sandbox.charge(id);
        // The QR page pays QR charges only, the authorize page the others.
        if (!charge || (kind === 'qr') !== (charge.method === 'qr')) throw notFound();
        return charge;
      };
      scope.get(path, { schema: { hide: true, params: chargeParams } }, (request, reply) =>
        show(reply, found(request.params.id), request.url),
      );
      scope.post(path, { schema: { hide: true, params: chargeParams, body: decisionBody } }, async (request, reply) => {
        found(request.params.id);
        const notice = sandbox.decide(request.params.id, request.body.decision === 'pay');
        if (notice) await notify(notice);
        const charge = found(request.params.id);
        // Back to the shop after 3-D Secure or a redirect payment; a QR page shows its result (the shop's page polls).
        return reply.redirect(charge.returnUrl ?? request.url, 303);
      });
    }
  });
}
