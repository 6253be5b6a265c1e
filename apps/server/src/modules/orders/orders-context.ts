import type { OrderPayment } from '@sikkha/contract';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Transact } from '../../db/unit-of-work.js';
import type { Jobs } from '../../jobs/jobs.js';
import { type Actor, authorize, type PolicyContext } from '../../policies/index.js';
import type { PaymentGateway } from '../../providers/payments/port.js';
import type { Storage } from '../../providers/storage.js';
import type { FinishDeps } from './finish.js';

export interface OrdersDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  jobs: Jobs;
  storage: Storage;
  gateway: PaymentGateway | undefined;
  shop: Config['shop'];
  publicUrl: string;
  /** What one coin pays, in baht (COIN_BAHT_RATE). */
  bahtPerCoin: number;
}

/** What every orders use case is handed: the module's parts and the shop's answers about payment methods. */
export interface OrdersContext extends OrdersDeps {
  finishDeps: FinishDeps;
  /** The policies' view of the world now. */
  policy(): PolicyContext;
  /** Staff's order work (approving, cancelling, shipping, the back office's lists): the orders policy decides. */
  manage(actor: Actor): Promise<void>;
  /** Whether the QR method is the shop's own PromptPay (a slip for staff) rather than the gateway's. */
  personalQr(): boolean;
  /** Whether the order's payment goes through the card gateway (and so finishes by itself when paid). */
  viaGateway(payment: OrderPayment): boolean;
  /** Whether the shop takes a payment method now. */
  offered(payment: OrderPayment): boolean;
}

/** Gateway methods of the port, by the order's payment method. */
export const gatewayMethodOf = { credit: 'card', smatrpay: 'smartpay', unionpay: 'unionpay', qrcode: 'qr' } as const;

export function ordersContext(deps: OrdersDeps): OrdersContext {
  const { db, clock, gateway, shop } = deps;
  const policy = () => ({ db, now: clock.now() });
  const personalQr = () => Boolean(shop.promptPayId || shop.promptPayBillerId);
  return {
    ...deps,
    finishDeps: { clock, jobs: deps.jobs, publicUrl: deps.publicUrl },
    policy,
    manage: (actor) => authorize(policy(), actor, 'order.manage', null),
    personalQr,
    viaGateway: (payment) =>
      payment === 'credit' ||
      payment === 'smatrpay' ||
      payment === 'unionpay' ||
      (payment === 'qrcode' && !personalQr()),
    offered(payment) {
      switch (payment) {
        case 'transfer':
          return Boolean(shop.account);
        case 'coin':
          return true;
        case 'qrcode':
          return personalQr() || Boolean(gateway?.methods.includes('qr'));
        case 'credit':
        case 'smatrpay':
        case 'unionpay':
          return Boolean(gateway?.methods.includes(gatewayMethodOf[payment]));
        default:
          return payment satisfies never;
      }
    },
  };
}
