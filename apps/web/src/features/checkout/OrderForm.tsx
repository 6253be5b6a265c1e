import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import CreditScoreIcon from '@mui/icons-material/CreditScore';
import PaidIcon from '@mui/icons-material/Paid';
import PaymentIcon from '@mui/icons-material/Payment';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import { message as contractMessage } from '@sikkha/contract';
import {
  accessPeriodText,
  amountDue,
  coinsToPay,
  couponAllowsPayment,
  couponEffect,
  feeOf,
  formatBaht,
  HEAD_OFFICE,
  PAYMENT_TYPE,
  type Satang,
  satang,
  toBaht,
  toSatang,
} from '@sikkha/contract/rules';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type Control, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { Product } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { callRoute } from '../../api/routes';
import { type CurrentUser, useSession } from '../../api/session';
import { type Lang, useLang } from '../../i18n/texts';
import { useAccountDialog } from '../../stores/account-dialogs';
import {
  type CheckoutSettings,
  offeredPayment,
  type PaymentType,
  type PlacedOrder,
  payWithCoins,
  placeOrder,
  useAfterPayment,
  useCheckoutSettings,
  usePaymentTypes,
} from './api';
import { CardBrands } from './CardBrands';
import { type AppliedCoupon, CouponControl } from './CouponDialog';
import { checkoutDraftFor, dropCheckoutDraft, saveCheckoutDraft } from './checkout-draft';
import { useCouponTexts } from './coupon-texts';
import { todayBuddhist } from './DateTimeFields';
import { feePercent } from './fee-percent';
import {
  isCoins,
  isTransfer,
  newIdempotencyKey,
  type OrderForm as OrderFormValues,
  orderOf,
  orderResolver,
  paymentOf,
} from './order-form';
import { paymentPagePath } from './payment-paths';
import { ReceiptFields } from './ReceiptFields';
import { MessageDialog, SendAddressDialog } from './SendAddressDialog';
import { TransferPanel } from './TransferPanel';
import { useCheckoutTexts } from './texts';
import { useErrorText } from './use-field-message';

const typeIcons: Record<number, ReactNode> = {
  [PAYMENT_TYPE.card]: <CreditCardIcon />,
  [PAYMENT_TYPE.transfer]: <AccountBalanceIcon />,
  [PAYMENT_TYPE.qr]: <QrCode2Icon />,
  [PAYMENT_TYPE.coin]: <PaidIcon />,
  [PAYMENT_TYPE.smartPay]: <CreditScoreIcon />,
  [PAYMENT_TYPE.unionPay]: <PaymentIcon />,
};

/** The dialog's body: loads the member and the payment types, then the form. */
export function OrderForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const text = useCheckoutTexts();
  const { user } = useSession();
  const types = usePaymentTypes();
  const settings = useCheckoutSettings();
  if (types.isError || settings.isError) {
    const error = types.error ?? settings.error;
    return (
      <>
        <DialogContent dividers>
          <Alert severity="error">
            {text.typesError}: {error?.message}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{text.close}</Button>
          <Button
            variant="contained"
            onClick={() => {
              void types.refetch();
              void settings.refetch();
            }}
          >
            {text.retry}
          </Button>
        </DialogActions>
      </>
    );
  }
  if (!user || !types.data || !settings.data) {
    return (
      <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status">
        <CircularProgress aria-label={text.typesLoading} />
      </DialogContent>
    );
  }
  return <OrderFormBody product={product} user={user} types={types.data} settings={settings.data} onClose={onClose} />;
}

/**
 * Why a payment type cannot be chosen now, or null (spec 2 §5 rule 6, §6): switched off by staff, not taken by the
 * shop now (a card method with no gateway), or coins the course does not take or the member does not have.
 */
function disabledReason(
  type: PaymentType,
  product: Product,
  user: CurrentUser,
  coins: number,
  settings: CheckoutSettings,
  text: ReturnType<typeof useCheckoutTexts>,
): string | null {
  if (offeredPayment(type, settings) === null) return text.typeOff;
  if (isCoins(type.id)) {
    if (product.product_coin_pay !== 'Y') return text.coinDisabledNotAccepted;
    if (coins > (user.point ?? 0)) return text.coinDisabledBalance;
  }
  return null;
}

const typeTitle = (type: PaymentType, lang: Lang, text: ReturnType<typeof useCheckoutTexts>) => {
  const payment = paymentOf(type.id);
  return lang === 'en' && payment ? text.method[payment] : (type.orders_payment_type_title ?? '');
};

function OrderFormBody({
  product,
  user,
  types,
  settings,
  onClose,
}: {
  product: Product;
  user: CurrentUser;
  types: PaymentType[];
  settings: CheckoutSettings;
  onClose: () => void;
}) {
  const text = useCheckoutTexts();
  const lang = useLang();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const afterPayment = useAfterPayment();

  const price = toSatang(product.product_price ?? 0);
  // The accepted coupon's effect by the contract's rule, the same the server applies to the order.
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const { discount, net, coins: couponCoins } = couponEffect(price, coupon?.data ?? null);
  const coins = coinsToPay(net, settings.bahtPerCoin);
  const reasons = new Map(types.map((type) => [type.id, disabledReason(type, product, user, coins, settings, text)]));
  const firstOpen = types.find((type) => reasons.get(type.id) === null)?.id;
  const initialType = reasons.get(PAYMENT_TYPE.transfer) === null ? PAYMENT_TYPE.transfer : (firstOpen ?? 0);
  // The choices of an opening whose sign-in ended under it, brought back once after signing in again (#22.21).
  const [draft] = useState(() => {
    const kept = checkoutDraftFor(user.id);
    return kept?.productId === product.id ? kept : null;
  });
  const restoredType =
    draft && reasons.get(draft.values.orders_payment_type_id) === null ? draft.values.orders_payment_type_id : null;

  const { control, handleSubmit, setValue, getValues, formState } = useForm<OrderFormValues>({
    resolver: orderResolver,
    reValidateMode: 'onChange',
    // The member's saved receipt fields, fresh at each opening (spec 2 §2), or the kept choices over them.
    defaultValues: {
      receipt: false,
      receipt_type: 'person',
      card_id: user.card_id ?? '',
      address: user.address ?? '',
      company_id: user.company_id ?? '',
      company_name: user.company_name ?? '',
      company_address: user.company_address ?? '',
      company_address_send: user.company_address_send ?? '',
      company_branch: HEAD_OFFICE,
      orders_payment_slip: '',
      orders_payment_date: todayBuddhist(),
      orders_payment_time: '',
      orders_payment_bank: '',
      orders_payment_amount: toBaht(net).toFixed(2),
      ...draft?.values,
      orders_payment_type_id: restoredType ?? initialType,
    },
  });
  const typeId = useWatch({ control, name: 'orders_payment_type_id' });
  const slip = useWatch({ control, name: 'orders_payment_slip' });
  const payment = paymentOf(typeId);
  const fee = payment ? feeOf(net, settings.feeFactor, payment) : satang(0);

  // One key per method for this opening: a double click or a retry after a lost answer makes one order.
  const keys = useRef(new Map<number, string>());
  const keyOf = (id: number) => {
    if (!keys.current.has(id)) keys.current.set(id, newIdempotencyKey());
    return keys.current.get(id) ?? '';
  };

  const [failure, setFailure] = useState<{ message: string; waiting: boolean } | null>(null);
  const [bookMessage, setBookMessage] = useState(false);
  const [addressOpen, setAddressOpen] = useState(false);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);

  useEffect(() => {
    if (!draft) return;
    dropCheckoutDraft();
    // The kept coupon is checked again: it may have been used up or closed meanwhile.
    if (!draft.couponCode) return;
    callRoute('couponByCode', {
      query: {
        code: draft.couponCode,
        product_id: product.id,
        payment: paymentOf(getValues('orders_payment_type_id')) ?? undefined,
      },
    }).then(
      (answer) => {
        setCoupon(answer);
        setValue('orders_payment_amount', toBaht(couponEffect(price, answer.data).net).toFixed(2));
      },
      (error: unknown) => setFailure({ message: errorText(error), waiting: false }),
    );
  }, [draft, product.id, price, getValues, setValue, errorText]);

  // The sign-in ended under the open dialog: keep what the member chose for when they sign in again. Saved as the
  // notice opens, from where the dialog was: the logout that follows moves the page, not the order.
  const accountDialog = useAccountDialog();
  const keep = useRef(() => {});
  keep.current = () =>
    saveCheckoutDraft({
      userId: user.id,
      productId: product.id,
      path: `${location.pathname}${location.search}`,
      values: getValues(),
      couponCode: coupon?.data.coupon_code ?? null,
    });
  const expired = accountDialog?.name === 'tokenExpired';
  useEffect(() => {
    if (expired) keep.current();
  }, [expired]);

  const place = handleSubmit(async (values) => {
    setFailure(null);
    const order = orderOf(values, keyOf(values.orders_payment_type_id));
    const ordersDetail = { product_id: product.id, ...(coupon ? { coupon_id: coupon.data.id } : {}) };
    try {
      if (isCoins(values.orders_payment_type_id)) {
        await payWithCoins({ order, ordersDetail });
        await afterPayment();
        onClose();
        void navigate({ ...location, hash: '#gateway-success' }, { replace: true });
        return;
      }
      const result = await placeOrder({ order, ordersDetail });
      await afterPayment();
      const next = nextStep(result);
      if (next.kind === 'redirect') window.location.assign(next.url);
      else if (next.kind === 'page') void navigate(next.path);
      else setPlaced(result);
    } catch (error) {
      setFailure({
        message: errorText(error),
        waiting: error instanceof ApiError && error.code === 'ORDER_WAITING',
      });
    }
  });

  const confirm = () => {
    // Rule 1 comes first: a book course needs somewhere to post the book before anything else is checked.
    if (product.product_book === 'Y' && !user.send_address?.trim()) {
      setBookMessage(true);
      return;
    }
    void place();
  };

  if (placed) return <TransferPlaced onClose={onClose} />;

  const transfer = isTransfer(typeId);
  const submitting = formState.isSubmitting;
  return (
    <>
      <DialogContent dividers>
        {draft && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {text.draftRestored}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 4fr)' },
            alignItems: 'start',
          }}
        >
          <PaymentTypeList
            control={control}
            types={types}
            reasons={reasons}
            onChoose={(id) => {
              setFailure(null);
              setValue('orders_payment_type_id', id);
              // Coins take neither a receipt nor a coupon (spec 2 §6).
              if (isCoins(id)) setValue('receipt', false);
              // A coupon kept for a method it does not take would show a price the server then refuses.
              const chosen = paymentOf(id);
              if (coupon && chosen && !couponAllowsPayment(coupon.data.coupon_payment, chosen)) {
                setCoupon(null);
                setValue('orders_payment_amount', toBaht(price).toFixed(2));
                if (!isCoins(id)) setFailure({ message: contractMessage('couponPayment', lang), waiting: false });
              }
            }}
          />
          <Summary
            product={product}
            price={price}
            discount={discount}
            net={net}
            fee={fee}
            feeFactor={settings.feeFactor}
            coins={isCoins(typeId) ? coins : null}
            couponCoins={couponCoins}
          />
        </Box>
        <Divider sx={{ my: 3 }} />
        <Box component="section" aria-label={text.paymentTypes}>
          {transfer && <TransferPanel control={control} account={settings.account} />}
          {typeId === PAYMENT_TYPE.card && (
            <Box sx={{ display: 'grid', gap: 1.5 }}>
              <CardBrands />
              <Typography>{text.cardIntro}</Typography>
            </Box>
          )}
          {typeId === PAYMENT_TYPE.qr && <Typography>{text.qrIntro}</Typography>}
          {(payment === 'smatrpay' || payment === 'unionpay') && <Typography>{text.redirectIntro[payment]}</Typography>}
          {isCoins(typeId) && (
            <Typography>
              {text.coinIntro} {text.coinBalance}:{' '}
              <b data-testid="coin-balance">{(user.point ?? 0).toLocaleString()}</b>
            </Typography>
          )}
        </Box>
        <Divider sx={{ my: 3 }} />
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}
        >
          <ReceiptFields control={control} disabled={isCoins(typeId)} />
          <CouponControl
            productId={product.id}
            payment={payment}
            disabled={isCoins(typeId)}
            applied={coupon}
            onChange={(next) => {
              setFailure(null);
              setCoupon(next);
              const after = couponEffect(price, next?.data ?? null).net;
              setValue('orders_payment_amount', toBaht(after).toFixed(2));
            }}
          />
        </Box>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {failure.message}
            {failure.waiting && (
              <>
                {' '}
                <Link component={RouterLink} to="/courses/onlyOrder">
                  {text.continuePay}
                </Link>
              </>
            )}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {transfer && !slip && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {text.slipFirst}
          </Typography>
        )}
        <Button onClick={onClose}>{text.close}</Button>
        <Button
          variant="contained"
          size="large"
          onClick={confirm}
          disabled={submitting || !payment || reasons.get(typeId) !== null || (transfer && !slip)}
        >
          {submitting ? text.paying : isCoins(typeId) ? text.coinPay : text.confirm}
        </Button>
      </DialogActions>
      <MessageDialog
        open={bookMessage}
        message={contractMessage('bookAddress', lang)}
        onClose={() => setBookMessage(false)}
        action={{
          label: text.addAddress,
          run: () => {
            setBookMessage(false);
            setAddressOpen(true);
          },
        }}
      />
      <SendAddressDialog
        open={addressOpen}
        initial={user.send_address ?? ''}
        onClose={() => setAddressOpen(false)}
        onSaved={() => setAddressOpen(false)}
      />
    </>
  );
}

type NextStep = { kind: 'redirect'; url: string } | { kind: 'page'; path: string } | { kind: 'placed' };

/** Where a placed order goes on (spec 2 §4 "Payment references"): the gateway's page, its payment page, or it waits. */
export function nextStep(order: PlacedOrder): NextStep {
  if (order.redirect_url && (order.orders_payment === 'smatrpay' || order.orders_payment === 'unionpay')) {
    return { kind: 'redirect', url: order.redirect_url };
  }
  const path = paymentPagePath(order.orders_payment, order.token);
  return path ? { kind: 'page', path } : { kind: 'placed' };
}

function TransferPlaced({ onClose }: { onClose: () => void }) {
  const text = useCheckoutTexts();
  return (
    <>
      <DialogContent dividers>
        <Alert severity="success" role="status">
          {text.transferPlaced}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{text.close}</Button>
        <Button variant="contained" component={RouterLink} to="/courses/onlyOrder">
          {text.myCourses}
        </Button>
      </DialogActions>
    </>
  );
}

function PaymentTypeList({
  control,
  types,
  reasons,
  onChoose,
}: {
  control: Control<OrderFormValues>;
  types: PaymentType[];
  reasons: Map<number, string | null>;
  onChoose: (id: number) => void;
}) {
  const text = useCheckoutTexts();
  const lang = useLang();
  const labelId = useId();
  const chosen = useWatch({ control, name: 'orders_payment_type_id' });
  return (
    <Box role="radiogroup" aria-labelledby={labelId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={labelId} component="h3" variant="h6">
        {text.paymentTypes}
      </Typography>
      {types.map((type) => {
        const reason = reasons.get(type.id) ?? null;
        const selected = chosen === type.id;
        const title = typeTitle(type, lang, text);
        return (
          <Paper
            key={type.id}
            variant="outlined"
            component="label"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              p: 1,
              pr: 2,
              cursor: reason ? 'not-allowed' : 'pointer',
              opacity: reason ? 0.55 : 1,
              borderColor: selected ? 'primary.main' : 'divider',
              borderWidth: selected ? 2 : 1,
              bgcolor: selected ? 'rgba(15, 76, 129, 0.04)' : 'background.paper',
            }}
          >
            <Radio
              checked={selected}
              disabled={reason !== null}
              onChange={() => onChoose(type.id)}
              value={type.id}
              name="orders_payment_type_id"
              slotProps={{ input: { 'aria-label': title } }}
            />
            <Box sx={{ color: reason ? 'text.disabled' : 'primary.main', display: 'flex' }} aria-hidden>
              {typeIcons[type.id] ?? <PaymentIcon />}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {reason ?? type.orders_payment_type_detail}
              </Typography>
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}

function Summary({
  product,
  price,
  discount,
  net,
  fee,
  feeFactor,
  coins,
  couponCoins,
}: {
  product: Product;
  price: Satang;
  discount: Satang;
  net: Satang;
  fee: Satang;
  feeFactor: number;
  coins: number | null;
  /** Coins a Point coupon gives once the order is paid. */
  couponCoins: number;
}) {
  const text = useCheckoutTexts();
  const couponText = useCouponTexts();
  const lang = useLang();
  const now = new Date();
  const rows: [string, ReactNode, boolean?][] = [
    [text.course, product.product_title ?? ''],
    [text.price, formatBaht(toBaht(price))],
    [text.discount, formatBaht(toBaht(discount))],
    [text.net, formatBaht(toBaht(net)), true],
  ];
  if (fee > 0) {
    rows.push(
      [text.fee(feePercent(feeFactor, lang)), formatBaht(toBaht(fee))],
      [text.amount, formatBaht(toBaht(amountDue({ orders_net: toBaht(net), fee: toBaht(fee) }))), true],
    );
  }
  if (coins !== null) rows.push([text.amount, text.coinsNeeded(coins.toLocaleString()), true]);
  if (couponCoins > 0) rows.push([couponText.coinsOnFinish, couponText.coins(couponCoins.toLocaleString())]);
  rows.push([text.access, `${accessPeriodText(now, now, lang)} (${text.accessNote})`]);
  return (
    <Paper variant="outlined" component="section" aria-label={text.summary} sx={{ p: 2, bgcolor: 'grey.50' }}>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {text.summary}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
        {rows.map(([label, value, strong]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                textAlign: 'right',
                fontWeight: strong ? 700 : 400,
                fontSize: strong ? '1.125rem' : undefined,
              }}
              data-testid={label === text.net ? 'summary-net' : undefined}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {fee > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {text.feeNote}
        </Typography>
      )}
    </Paper>
  );
}
