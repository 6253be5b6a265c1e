import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { message as contractMessage } from '@sikkha/contract';
import {
  coinsToPay,
  couponAllowsPayment,
  couponEffect,
  feeOf,
  HEAD_OFFICE,
  PAYMENT_TYPE,
  satang,
  toBaht,
  toSatang,
} from '@sikkha/contract/rules';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { Product } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { callRoute } from '../../api/routes';
import { type CurrentUser, useSession } from '../../api/session';
import { useLang } from '../../i18n/texts';
import { useAccountDialog } from '../../stores/account-dialogs';
import {
  type CheckoutSettings,
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
import { todayBuddhist } from './DateTimeFields';
import { OrderSummary } from './OrderSummary';
import {
  isCoins,
  isTransfer,
  newIdempotencyKey,
  type OrderForm as OrderFormValues,
  orderOf,
  orderResolver,
  paymentOf,
} from './order-form';
import { disabledReason, PaymentTypeList } from './PaymentTypeList';
import { nextStep } from './payment-paths';
import { ReceiptFields } from './ReceiptFields';
import { MessageDialog, SendAddressDialog } from './SendAddressDialog';
import { TransferPanel } from './TransferPanel';
import { TransferPlaced } from './TransferPlaced';
import { useCheckoutTexts } from './texts';
import { useErrorText } from './use-field-message';

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
          <OrderSummary
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
