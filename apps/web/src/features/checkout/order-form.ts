import { newOrderBody } from '@sikkha/contract';
import {
  isPaymentTypeId,
  PAYMENT_TYPE,
  type PaymentField,
  type PaymentTypeId,
  paymentOfType,
  paymentProblem,
  receiptTypeOf,
} from '@sikkha/contract/rules';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { NewOrder } from './api';

/** What the order dialog's form holds: the chosen type, the receipt and, for a transfer, the slip and its time. */
export interface OrderForm {
  orders_payment_type_id: number;
  receipt: boolean;
  receipt_type: 'person' | 'company';
  card_id: string;
  address: string;
  company_id: string;
  company_name: string;
  company_address: string;
  company_address_send: string;
  /** The company's Revenue Department branch for its tax invoice: 5 digits, 00000 the head office. */
  company_branch: string;
  orders_payment_slip: string;
  /** "YYYY-MM-DD" with the Buddhist-era year as picked; the server takes 543 off a year above 2500. */
  orders_payment_date: string;
  orders_payment_time: string;
  orders_payment_bank: string;
  orders_payment_amount: string;
}

export type OrderFormField = keyof OrderForm;

export const paymentOf = (typeId: number) => (isPaymentTypeId(typeId) ? paymentOfType[typeId] : null);
export const isTransfer = (typeId: number) => typeId === PAYMENT_TYPE.transfer;
/** Coins pay at once and take no receipt and no coupon (spec 2 §6). */
export const isCoins = (typeId: number) => typeId === PAYMENT_TYPE.coin;

/** The receipt fields the form sends: the chosen kind's only, trimmed; none without a receipt (rule 4). */
function receiptFields(values: OrderForm) {
  const type = receiptTypeOf(
    values.receipt && !isCoins(values.orders_payment_type_id) ? 'Y' : 'N',
    values.receipt_type,
  );
  const trim = (value: string) => value.trim();
  if (type === 'person') return { card_id: trim(values.card_id), address: trim(values.address) };
  if (type === 'company') {
    return {
      company_id: trim(values.company_id),
      company_name: trim(values.company_name),
      company_address: trim(values.company_address),
      company_address_send: trim(values.company_address_send),
      company_branch: trim(values.company_branch),
    };
  }
  return {};
}

/** The `order` of POST /api/orders (and ordersCoinPay): the choices only; the server decides every amount. */
export function orderOf(values: OrderForm, idempotencyKey: string): NewOrder['order'] {
  const typeId = values.orders_payment_type_id as PaymentTypeId;
  const receipt = values.receipt && !isCoins(typeId) ? 'Y' : 'N';
  const order: NewOrder['order'] = {
    orders_payment_type_id: typeId,
    receipt,
    receipt_type: receiptTypeOf(receipt, values.receipt_type),
    ...receiptFields(values),
    idempotency_key: idempotencyKey,
  };
  if (isTransfer(typeId)) {
    const amount = Number(values.orders_payment_amount);
    Object.assign(order, {
      orders_payment_slip: values.orders_payment_slip,
      orders_payment_date: values.orders_payment_date,
      orders_payment_time: values.orders_payment_time,
      ...(values.orders_payment_bank ? { orders_payment_bank: values.orders_payment_bank } : {}),
      ...(values.orders_payment_amount.trim() && Number.isFinite(amount) ? { orders_payment_amount: amount } : {}),
    });
  }
  return order;
}

const orderSchema = newOrderBody.shape.order;

/**
 * The form's resolver: the contract's "before any payment" rules first, in the spec's order, stopping at the first
 * that fails (the same function the server runs, so the same Thai words); then the contract's schema of the order
 * for what the rules do not say (the shape of a date, a time, an amount). The book rule is the dialog's: it opens
 * the send-address dialog instead of marking a field.
 */
export const orderResolver: Resolver<OrderForm> = async (values) => {
  const transfer = isTransfer(values.orders_payment_type_id);
  const problem = paymentProblem({
    receipt: values.receipt && !isCoins(values.orders_payment_type_id) ? 'Y' : 'N',
    receipt_type: values.receipt_type,
    card_id: values.card_id,
    address: values.address,
    company_id: values.company_id,
    company_name: values.company_name,
    company_address: values.company_address,
    company_address_send: values.company_address_send,
    transfer: transfer
      ? {
          slip: values.orders_payment_slip,
          // A date or time picked in part is not filled in yet.
          date: /^\d{4}-\d{2}-\d{2}$/.test(values.orders_payment_date) ? values.orders_payment_date : '',
          time: /^\d{2}:\d{2}$/.test(values.orders_payment_time) ? values.orders_payment_time : '',
        }
      : null,
  });
  if (problem) return { values: {}, errors: errorAt(problem.field, problem.message) };
  const parsed = orderSchema.safeParse(orderOf(values, 'form-check-key'));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = (issue?.path[0] as OrderFormField | undefined) ?? 'orders_payment_type_id';
    return { values: {}, errors: errorAt(field, issue?.message ?? '') };
  }
  return { values, errors: {} };
};

function errorAt(field: PaymentField | OrderFormField, message: string): FieldErrors<OrderForm> {
  return { [field]: { type: 'rule', message } } as FieldErrors<OrderForm>;
}

/** A new key per order attempt of a dialog: a retried or double-clicked confirm sends the same one. */
export function newIdempotencyKey(): string {
  // getRandomValues works on plain http too, where randomUUID is not offered.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
