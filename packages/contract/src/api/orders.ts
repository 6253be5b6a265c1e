import { z } from 'zod';
import { INSTALLMENT_TERMS } from '../constants.js';
import { user } from '../entities/accounts.js';
import { product } from '../entities/catalogue.js';
import { banks, bookSendStates, orderPayments, orderStatuses, orders, receiptTypes } from '../entities/orders.js';
import { f } from '../fields.js';
import { message } from '../messages.js';
import { companyBranch } from './documents.js';

const id = z.number().int();

/** Why a waiting order was cancelled: by its member, through its payment page's code, unpaid in time, by staff. */
export const cancelReasons = ['member', 'code', 'expiry', 'staff'] as const;
export type CancelReason = (typeof cancelReasons)[number];
/** What staff should look at on a slip: no QR found, the same slip or picture seen before, the date, the amount. */
export const slipFlags = ['noQr', 'reused', 'dateOutOfRange', 'amountMismatch'] as const;
export type SlipFlag = (typeof slipFlags)[number];
const ids = z.array(f.ref()).min(1).max(500);
/** Fields a client may send that only the server decides: accepted (old clients send them) and never read. */
const ignored = <K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, z.unknown().optional()])) as Record<K, z.ZodOptional<z.ZodUnknown>>;

/** A payment date as typed: "YYYY-MM-DD", the year Gregorian or Buddhist era (above 2500: minus 543). */
export const paymentDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'วันที่ไม่ถูกต้อง (YYYY-MM-DD)');

/** What a transfer (or a personal PromptPay QR) is proved with: the slip and what the member typed. */
export const slipFields = {
  orders_payment_slip: f.fileName().optional(),
  orders_payment_date: paymentDate.optional(),
  orders_payment_time: f.time().optional(),
  orders_payment_bank: z.enum(banks).optional(),
  /** The amount the member says they paid, shown to staff beside the order's net. */
  orders_payment_amount: f.money().optional(),
};

/** The member's receipt fields, saved to their account with the order (as the spec's user Update does). */
const receiptFields = {
  card_id: user.fields.card_id.optional(),
  address: user.fields.address.optional(),
  company_id: user.fields.company_id.optional(),
  company_name: user.fields.company_name.optional(),
  company_address: user.fields.company_address.optional(),
  company_address_send: user.fields.company_address_send.optional(),
};

/**
 * POST /api/orders (spec 2 §7): `{ order, ordersDetail, notification }`. Every amount is the server's, from the
 * course (and later the coupon): price, discount and net in the body are ignored. Double clicks and retries make
 * one order: send the same `idempotency_key` (or the `Idempotency-Key` header).
 */
export const newOrderBody = z.strictObject({
  order: z.strictObject({
    orders_payment_type_id: f.ref().default(4),
    receipt: f.yn().default('N'),
    receipt_type: z.enum(receiptTypes).nullish(),
    ...receiptFields,
    /** A company's branch for its tax invoice (kept with the order, not the account); head office when left out. */
    company_branch: companyBranch.optional(),
    ...slipFields,
    idempotency_key: z.string().trim().min(8).max(100).optional(),
    ...ignored(
      'id',
      'user_id',
      'orders_total',
      'orders_discount',
      'orders_net',
      'orders_status',
      'orders_payment',
      'orders_ref',
      'order_no',
      'approve_by',
      'approve_date',
    ),
  }),
  ordersDetail: z.strictObject({
    product_id: f.ref(),
    /** The coupon (next issue): the path is kept, its discount is 0 until coupons are built. */
    coupon_id: f.ref().nullish(),
    ...ignored(
      'id',
      'orders_id',
      'orders_detail_price',
      'orders_detail_discount',
      'orders_detail_net',
      'orders_detail_coin',
    ),
  }),
  /** The old client's notification text: the server writes its own. */
  notification: z.unknown().optional(),
});
/** A parsed order body (defaults applied), as the server reads it. */
export type NewOrderBody = z.output<typeof newOrderBody>;

/** What the next step of a placed order needs. */
export const placedOrder = z.object({
  id,
  orders_ref: z.string().nullable(),
  orders_status: z.enum(orderStatuses),
  orders_payment: z.enum(orderPayments),
  orders_payment_type_id: id,
  orders_total: z.number(),
  orders_discount: z.number(),
  orders_net: z.number(),
  /** The card fee line (gateway card methods only) and what is charged: net + fee. */
  fee: z.number(),
  amount: z.number(),
  /** The payment page's opaque reference: /creditCard/{token}, /qrPlayment/{token}. */
  token: z.string(),
  /** When an unpaid order is cancelled. */
  expiresAt: z.string().nullable(),
  /** Union-pay and smart-pay continue at the gateway's page. */
  redirect_url: z.string().nullable(),
});
export type PlacedOrder = z.infer<typeof placedOrder>;

/** 409 when the member already has a waiting order for the course: that order is offered instead. */
export const waitingOrderConflict = z.object({
  result: z.literal(false),
  data: z.object({ id, orders_ref: z.string().nullable(), token: z.string(), orders_payment: z.enum(orderPayments) }),
  message: z.string(),
  code: z.literal('ORDER_WAITING'),
});

/** ordersCoinPay: `{ order, ordersDetail }`; the order finishes at once. */
export const coinPayBody = newOrderBody.omit({ notification: true });
export const coinPaid = z.object({ id, orders_net: z.number(), point: z.number().int() });

/** The gateway's script that turns a card into a one-time token in the browser (the card never reaches the shop). */
export const cardForm = z.object({
  gateway: z.enum(['kpgw', 'opn', 'sandbox']),
  kind: z.enum(['omise-js', 'kpayment']),
  scriptUrl: z.string(),
  publicKey: z.string(),
  merchantId: z.string().nullable(),
  smartpayId: z.string().nullable(),
  /** The built-in sandbox only: the card numbers it answers, each with its outcome. */
  testCards: z
    .array(z.object({ number: z.string(), outcome: z.enum(['success', 'decline', '3ds']) }))
    .readonly()
    .optional(),
});

/**
 * ordersPay: charges a waiting card, smart-pay or union-pay order through the gateway, by its payment page's
 * reference. `token` is the card token from the gateway's script (card, and KPGW's smart-pay).
 */
export const payBody = z.strictObject({
  ref: z.string().trim().min(1).max(100),
  token: z.string().trim().min(1).max(200).optional(),
  installmentTerm: z.coerce
    .number()
    .int()
    .refine((term) => (INSTALLMENT_TERMS as readonly number[]).includes(term), message('invalidInput'))
    .optional(),
});
/** Paid, failed, or pending with the gateway's page to go to (3-D Secure, smart-pay, union-pay). */
export const payResult = z.object({
  status: z.enum(['pending', 'paid', 'failed', 'expired']),
  authorizeUrl: z.string().nullable(),
  redirect_url: z.string().nullable(),
});

/** What a payment page may know of an order, from its opaque reference: nothing personal. */
export const paymentPage = z.object({
  orders_ref: z.string().nullable(),
  orders_status: z.enum(orderStatuses),
  orders_payment: z.enum(orderPayments),
  orders_net: z.number(),
  fee: z.number(),
  amount: z.number(),
  product_id: id,
  product_title: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /**
   * The QR to pay: a personal PromptPay or gateway EMVCo payload drawn as a PNG data URL, an image the gateway
   * hosts, or the gateway's own script (KPGW); the sandbox adds its page where a test QR is marked paid.
   */
  qr: z
    .object({
      payload: z.string().nullable(),
      image: z.string().nullable(),
      script: z.object({ scriptUrl: z.string(), publicKey: z.string(), orderId: z.string() }).nullable(),
      testPayUrl: z.string().nullable(),
    })
    .nullable(),
  /** Card, smart-pay and union-pay: what the browser needs to make a card token with the gateway's script. */
  card: cardForm.nullable(),
  /** Bank transfer: the shop's account. */
  account: z.object({ bank: z.enum(banks), name: z.string(), number: z.string() }).nullable(),
  /** Whether a slip is already attached (the order then waits for staff). */
  slip: z.boolean(),
  redirect_url: z.string().nullable(),
});
export type PaymentPage = z.infer<typeof paymentPage>;

export const refQuery = z.strictObject({ ref: z.string().trim().min(1).max(100) });
export const codeQuery = z.strictObject({ code: z.string().trim().min(1).max(100) });
export const orderIdQuery = z.strictObject({ id: f.ref() });

/** What staff see of a slip beside the order, so approval is one look. */
export const slipCheck = z.object({
  /** The slip's mini-QR as read on the server, or null when none was found. */
  qr: z.string().nullable(),
  reference: z.string().nullable(),
  bank: z.string().nullable(),
  typed_date: z.string().nullable(),
  typed_time: z.string().nullable(),
  typed_amount: z.number().nullable(),
  flags: z.array(z.enum(slipFlags)),
});
export type SlipCheck = z.infer<typeof slipCheck>;

/** An order as its owner and staff see it: the row, its course, its slip check and the payment page's reference. */
export const orderView = orders.row.extend({
  product_id: id.nullable(),
  product_title: z.string().nullable(),
  /** Whether the course posts documents (then the order has a book shipping state). */
  product_book: z.enum(['Y', 'N']).nullable(),
  token: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The card fee line, charged on top of the net (gateway card methods only). */
  fee: z.number(),
  coupon_id: id.nullable(),
  coupon_code: z.string().nullable(),
  cancel_reason: z.enum(cancelReasons).nullable(),
  /** Why staff refused the payment, as the member was told. */
  cancel_note: z.string().nullable(),
  /** The receipt fields as they were when the order was placed (a tax invoice names them so). */
  receipt_data: z.record(z.string(), z.string().nullable()).nullable(),
  slipCheck: slipCheck.nullable(),
  /** Whether a gateway charge paid it: a refund then goes back through that charge (`refundMethodOf`). */
  paid_by_gateway: z.boolean(),
});
export type OrderView = z.infer<typeof orderView>;

/**
 * ordersUpdate: a member attaches a slip to their own waiting transfer or QR order, or cancels it; staff approve
 * (`finish`), cancel, and set the book and certificate marks.
 */
/** Why staff refuse a payment: the member reads it with the cancellation, so it is required when staff cancel. */
export const cancelNoteRequired = 'กรุณากรอก เหตุผลที่ปฏิเสธ';
export const cancelNote = z.string({ error: cancelNoteRequired }).trim().min(1, cancelNoteRequired).max(500);
/** The confirm screen's refusal form. */
export const orderRejectForm = z.strictObject({ cancel_note: cancelNote });

export const orderUpdateBody = z.strictObject({
  id: f.ref(),
  orders_status: z.enum(['finish', 'cancel']).optional(),
  /** Staff's reason when they cancel (required then); a member's own cancellation has none. */
  cancel_note: cancelNote.optional(),
  /**
   * Staff's reason for approving a slip that another order already used (the same picture): without it such an
   * approval is refused; with it, the reason is kept in the audit history.
   */
  slip_override: z.string().trim().min(1).max(500).optional(),
  orders_book_send: z.enum(bookSendStates).optional(),
  orders_certificate: f.yn().optional(),
  ...slipFields,
  ...ignored('user_id', 'orders_total', 'orders_discount', 'orders_net', 'approve_by', 'approve_date', 'order_no'),
});

export type OrderUpdateBody = z.output<typeof orderUpdateBody>;

/** ordersUpdataAll (staff): approve or cancel several waiting orders. */
export const orderUpdateAllBody = z.strictObject({
  id: ids,
  orders_status: z.enum(['finish', 'cancel']),
  cancel_note: cancelNote.optional(),
});
export const updatedCount = z.object({ updated: z.number().int() });

/** ordersUpdataListBookSend (staff): the book shipping state of several orders. */
export const bookSendBody = z.strictObject({ status: z.enum(bookSendStates), id: ids });

export const ordersByDateQuery = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  orders_status: z.enum(orderStatuses).optional(),
});
/** Orders of a date range (Bangkok days, inclusive) and the members who placed them. */
export const ordersByDate = z.object({
  result: z.boolean(),
  data: z.array(orderView),
  message: z.string(),
  total: z.number().int(),
  userIn: z.array(user.row),
});

export const bookOrdersQuery = z.strictObject({ orders_book_send: z.enum(bookSendStates).optional() });
/** A finished order of a book course, with where to post it. */
export const bookOrder = orderView.extend({
  email: z.string().nullable(),
  name_th: z.string().nullable(),
  lname_th: z.string().nullable(),
  phone: z.string().nullable(),
  send_address: z.string().nullable(),
});

export const totalStatusQuery = z.strictObject({ orders_status: z.enum(orderStatuses).default('wait') });
export const statusTotal = z.object({ total: z.number().int() });

export const recheckQuery = z.strictObject({ user_id: f.ref().optional(), product_id: f.ref().optional() });
/** The member's gateway orders asked again, and what each is now. */
export const recheckResult = z.array(z.object({ id, orders_status: z.enum(orderStatuses) }));

export const taxInvoiceNumber = z.object({ order_no: z.string().nullable() });

const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
};
/** Orders cancelled because nobody paid in time (/admin/ordersExpire). */
export const ordersExpireQuery = z.strictObject(paging);
/** Orders with their slip checks, for staff's confirm screen (waiting ones first by default). */
/** What the back office's order lists sort by. */
export const staffOrderSorts = ['id', 'create_at', 'update_at', 'orders_net', 'orders_status', 'approve_date'] as const;
/**
 * The back office's order lists (ordersReview): the confirm screen (wait), every order, the expired and cancelled
 * ones. Each filter is optional; `from`..`to` are Bangkok days of placing (inclusive); `q` finds the member (e-mail,
 * name, phone) or the order (reference, document number).
 */
export const reviewQuery = z.strictObject({
  ...paging,
  sort: z.enum(staffOrderSorts).default('id'),
  order: z
    .enum(['asc', 'desc', 'ASC', 'DESC'])
    .default('desc')
    .transform((o) => o.toLowerCase() as 'asc' | 'desc'),
  q: z.string().trim().max(200).optional(),
  orders_status: z.enum(orderStatuses).optional(),
  orders_payment: z.enum(orderPayments).optional(),
  orders_book_send: z.enum(bookSendStates).optional(),
  product_book: f.yn().optional(),
  cancel_reason: z.enum(cancelReasons).optional(),
  user_id: f.ref().optional(),
  product_id: f.ref().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
/** An order in staff's lists: its view and who placed it. */
export const staffOrder = orderView.extend({
  email: z.string().nullable(),
  name_th: z.string().nullable(),
  lname_th: z.string().nullable(),
  phone: z.string().nullable(),
});
export type StaffOrder = z.infer<typeof staffOrder>;

/** ordersDetailByFinish / ordersDetailByProductIdAndFinish: detail rows of finished orders. */
export const finishedDetailQuery = z.strictObject({ product_id: f.ref().optional(), user_id: f.ref().optional() });
export const finishedDetail = z.object({
  id,
  orders_id: id,
  product_id: id,
  coupon_id: id.nullable(),
  orders_detail_price: z.number().nullable(),
  orders_detail_discount: z.number().nullable(),
  orders_detail_net: z.number().nullable(),
  orders_detail_coin: z.number().int().nullable(),
  user_id: id,
  approve_date: z.string().nullable(),
  product_title: product.row.shape.product_title,
});
