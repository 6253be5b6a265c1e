import { PAYMENT_TYPE, satang } from '@sikkha/contract/rules';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, expect, test, vi } from 'vitest';
import type { Product } from '../../api/catalogue';
import type { CurrentUser } from '../../api/session';
import type { CheckoutSettings, PaymentType } from './api';
import { OrderSummary } from './OrderSummary';
import type { OrderForm as OrderFormValues } from './order-form';
import { disabledReason, PaymentTypeList } from './PaymentTypeList';
import { useCheckoutTexts } from './texts';

afterEach(cleanup);

const product = { id: 1, product_title: 'คอร์สทดสอบ', product_price: 1990, product_coin_pay: 'Y' } as Product;
const type = (id: number, title: string, over: Partial<PaymentType> = {}) =>
  ({
    id,
    orders_payment_type_title: title,
    orders_payment_type_detail: `รายละเอียด ${title}`,
    orders_payment_type_disable: 'N',
    ...over,
  }) as PaymentType;
const types = [
  type(PAYMENT_TYPE.transfer, 'โอนเงิน'),
  type(PAYMENT_TYPE.card, 'บัตรเครดิต'),
  type(PAYMENT_TYPE.coin, 'เหรียญ'),
  type(PAYMENT_TYPE.qr, 'คิวอาร์', { orders_payment_type_disable: 'Y' }),
];
const settings = { offered: ['transfer', 'credit', 'coin', 'qrcode'] } as unknown as CheckoutSettings;

/** The list as the order form holds it: a form with the chosen type, and the reasons the form computed. */
function ChooseType({ user, coins, onChoose }: { user: CurrentUser; coins: number; onChoose: (id: number) => void }) {
  const text = useCheckoutTexts();
  const { control } = useForm<OrderFormValues>({
    defaultValues: { orders_payment_type_id: PAYMENT_TYPE.transfer } as OrderFormValues,
  });
  const reasons = new Map(types.map((t) => [t.id, disabledReason(t, product, user, coins, settings, text)]));
  return <PaymentTypeList control={control} types={types} reasons={reasons} onChoose={onChoose} />;
}

test('each method is a radio with its detail; one staff switched off, or coins the member lacks, cannot be chosen, and says why', async () => {
  const onChoose = vi.fn();
  render(<ChooseType user={{ id: 5, point: 10 } as CurrentUser} coins={199} onChoose={onChoose} />);
  const group = screen.getByRole('radiogroup', { name: 'ช่องทางการชำระเงิน' });
  expect((within(group).getByRole('radio', { name: 'โอนเงิน' }) as HTMLInputElement).checked).toBe(true);
  expect(within(group).getByText('รายละเอียด บัตรเครดิต')).toBeTruthy();
  expect((within(group).getByRole('radio', { name: 'คิวอาร์' }) as HTMLInputElement).disabled).toBe(true);
  expect(within(group).getByText('ปิดให้บริการ')).toBeTruthy();
  expect((within(group).getByRole('radio', { name: 'เหรียญ' }) as HTMLInputElement).disabled).toBe(true);
  expect(within(group).getByText('เหรียญไม่พอ')).toBeTruthy();
  await userEvent.click(within(group).getByRole('radio', { name: 'บัตรเครดิต' }));
  expect(onChoose).toHaveBeenCalledWith(PAYMENT_TYPE.card);
});

test('coins are refused for a course that does not take them, whatever the balance', () => {
  const text = { coinDisabledNotAccepted: 'no coins', coinDisabledBalance: 'short', typeOff: 'off' } as ReturnType<
    typeof useCheckoutTexts
  >;
  const coinType = types[2]!;
  const rich = { id: 5, point: 1_000_000 } as CurrentUser;
  expect(disabledReason(coinType, { ...product, product_coin_pay: 'N' }, rich, 199, settings, text)).toBe('no coins');
  expect(disabledReason(coinType, product, rich, 199, settings, text)).toBeNull();
  expect(disabledReason(coinType, product, { id: 5, point: 198 } as CurrentUser, 199, settings, text)).toBe('short');
  expect(disabledReason(types[1]!, product, rich, 0, { offered: [] } as unknown as CheckoutSettings, text)).toBe('off');
});

const rowsOf = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );

test('the summary shows price, discount and net; no fee lines for a method without one', () => {
  render(
    <OrderSummary
      product={product}
      price={satang(199_000)}
      discount={satang(20_000)}
      net={satang(179_000)}
      fee={satang(0)}
      feeFactor={1}
      coins={null}
      couponCoins={0}
    />,
  );
  const rows = rowsOf();
  expect(rows).toMatchObject({ คอร์สเรียน: 'คอร์สทดสอบ', ยอดชำระสุทธิ: expect.stringContaining('1,790.00') });
  expect(rows.ราคา).toContain('1,990.00');
  expect(rows.ส่วนลด).toContain('200.00');
  expect(Object.keys(rows).some((label) => label?.startsWith('ค่าธรรมเนียมบัตร'))).toBe(false);
});

test('a card fee is shown apart, with the amount it makes, and a coin payment says how many coins', () => {
  const { rerender } = render(
    <OrderSummary
      product={product}
      price={satang(100_000)}
      discount={satang(0)}
      net={satang(100_000)}
      fee={satang(3_000)}
      feeFactor={1.03}
      coins={null}
      couponCoins={0}
    />,
  );
  let rows = rowsOf();
  expect(rows['ค่าธรรมเนียมบัตร (3%)']).toContain('30.00');
  expect(rows.ยอดที่ต้องชำระ).toContain('1,030.00');
  expect(screen.getByText('ค่าธรรมเนียมของผู้ให้บริการชำระเงินด้วยบัตร แสดงแยกก่อนชำระ')).toBeTruthy();
  rerender(
    <OrderSummary
      product={product}
      price={satang(100_000)}
      discount={satang(0)}
      net={satang(100_000)}
      fee={satang(0)}
      feeFactor={1.03}
      coins={100}
      couponCoins={0}
    />,
  );
  rows = rowsOf();
  expect(rows.ยอดที่ต้องชำระ).toBe('ใช้ 100 เหรียญ');
});
