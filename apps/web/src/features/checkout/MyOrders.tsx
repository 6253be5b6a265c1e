import CloseIcon from '@mui/icons-material/Close';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { amountDue, DIALOG_WIDTH, formatBaht, toBaht } from '@sikkha/contract/rules';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type Product, useProducts } from '../../api/catalogue';
import { wrapLongStrings } from '../../components/text-wrap';
import { useLang } from '../../i18n/texts';
import { cancelOrder, type MyOrder, useAfterPayment, useMyOrders, usePaymentPage } from './api';
import { PaidOrders } from './PaidOrders';
import { paymentPagePath } from './payment-paths';
import { SlipAttach } from './SlipAttach';
import { useCheckoutTexts } from './texts';
import { useErrorText } from './use-field-message';

/**
 * My courses' orders (orders spec §2, §4): waiting orders with a way to continue paying (the card or QR page, or
 * the slip) or to cancel, the posting state of book courses' documents, the receipts (with what was refunded and
 * the refund documents), the orders refunded in full, and a payment that arrived after its order was cancelled.
 */
export function MyOrders() {
  const text = useCheckoutTexts();
  const errorText = useErrorText();
  const orders = useMyOrders();
  const products = useProducts();
  if (orders.isPending) return <Skeleton variant="rounded" height={72} sx={{ mb: 3 }} />;
  if (orders.isError) {
    return (
      <Alert severity="error" sx={{ mb: 3 }}>
        {text.loadError}: {errorText(orders.error)}
      </Alert>
    );
  }
  const productOf = new Map((products.data ?? []).map((product) => [product.id, product]));
  const waiting = orders.data.filter((order) => order.orders_status === 'wait');
  const books = orders.data.filter(
    (order) =>
      order.orders_status === 'finish' && order.product_id && productOf.get(order.product_id)?.product_book === 'Y',
  );
  const paid = orders.data.filter((order) => order.orders_status === 'finish' && order.order_no);
  // Refunded in full: no course any more, out of the paid list (a partial refund stays there, with its amount).
  const refunded = orders.data.filter((order) => order.orders_status === 'refund');
  // Paid after the order was cancelled: staff refund it or open the course; the member is told meanwhile.
  const paidAfterCancel = orders.data.filter((order) => order.orders_status === 'paid_after_cancel');
  const titleOf = (order: MyOrder) => (order.product_id && productOf.get(order.product_id)?.product_title) || '';
  if ([waiting, books, paid, refunded, paidAfterCancel].every((list) => list.length === 0)) return null;
  return (
    <Box sx={{ display: 'grid', gap: 3, mb: 4 }}>
      {paidAfterCancel.map((order) => (
        <Alert key={order.id} severity="info" data-order-id={order.id}>
          <Box component="strong" sx={{ display: 'block', ...wrapLongStrings }}>
            {titleOf(order)} · {formatBaht(toBaht(amountDue(order)))} · {text.orderStatus.paid_after_cancel}
          </Box>
          {text.pagePaidAfterCancel}
        </Alert>
      ))}
      {waiting.length > 0 && (
        <Box component="section" aria-labelledby="pending-orders-title">
          <Typography id="pending-orders-title" component="h2" variant="h6" gutterBottom>
            {text.pendingOrders}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {waiting.map((order) => (
              <li key={order.id}>
                <PendingOrder order={order} product={order.product_id ? productOf.get(order.product_id) : undefined} />
              </li>
            ))}
          </Box>
        </Box>
      )}
      {books.length > 0 && (
        <Box component="section" aria-labelledby="book-orders-title">
          <Typography id="book-orders-title" component="h2" variant="h6" gutterBottom>
            {text.bookOrders}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {books.map((order) => (
              <Paper
                component="li"
                key={order.id}
                variant="outlined"
                sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
              >
                <LocalShippingIcon color="primary" aria-hidden />
                <Typography sx={{ flex: 1, minWidth: 200 }}>
                  {(order.product_id && productOf.get(order.product_id)?.product_title) ?? order.order_no}
                </Typography>
                <Chip
                  size="small"
                  color={
                    order.orders_book_send === 'Y' ? 'success' : order.orders_book_send === 'C' ? 'default' : 'warning'
                  }
                  label={text.bookSend[order.orders_book_send ?? 'N']}
                />
              </Paper>
            ))}
          </Box>
        </Box>
      )}
      {paid.length > 0 && <PaidOrders orders={paid} titleOf={titleOf} />}
      {refunded.length > 0 && <PaidOrders orders={refunded} titleOf={titleOf} refunded />}
    </Box>
  );
}

function PendingOrder({ order, product }: { order: MyOrder; product: Product | undefined }) {
  const text = useCheckoutTexts();
  const lang = useLang();
  const errorText = useErrorText();
  const afterPayment = useAfterPayment();
  const [dialog, setDialog] = useState<'slip' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancelTitleId = useId();
  const path = order.token && order.orders_payment ? paymentPagePath(order.orders_payment, order.token) : null;
  const hasSlip = Boolean(order.orders_payment_slip);
  const expires = order.expiresAt;
  const cancel = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await cancelOrder(order.id);
      setDialog(null);
      await afterPayment();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
      data-order-id={order.id}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{product?.product_title ?? order.product_title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {order.orders_payment ? text.method[order.orders_payment] : ''} · {formatBaht(toBaht(amountDue(order)))}
          {expires &&
            ` · ${text.expiresAt(
              new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', {
                dateStyle: 'medium',
                timeStyle: 'short',
                timeZone: 'Asia/Bangkok',
              }).format(new Date(expires)),
            )}`}
        </Typography>
        {hasSlip && (
          // Not MUI's warning.dark (#e65100, 3.8:1 on white): WCAG AA asks 4.5:1 of text this size.
          <Typography variant="body2" sx={{ color: '#a34d00' }}>
            {text.waitingSlip}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {path && (
          <Button variant="contained" component={RouterLink} to={path}>
            {text.continuePay}
          </Button>
        )}
        {!path && !hasSlip && order.token && (
          <Button variant="contained" onClick={() => setDialog('slip')}>
            {text.attachSlip}
          </Button>
        )}
        <Button color="error" onClick={() => setDialog('cancel')}>
          {text.cancelOrder}
        </Button>
      </Box>
      {failure && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {failure}
        </Alert>
      )}
      <Dialog
        open={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        aria-labelledby={cancelTitleId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={cancelTitleId}>{text.cancelOrder}</DialogTitle>
        <DialogContent>
          <DialogContentText>{text.cancelConfirm}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{text.close}</Button>
          <Button color="error" variant="contained" onClick={() => void cancel()} disabled={busy}>
            {text.cancelOrder}
          </Button>
        </DialogActions>
      </Dialog>
      {dialog === 'slip' && order.token && (
        <SlipDialog token={order.token} orderId={order.id} onClose={() => setDialog(null)} />
      )}
    </Paper>
  );
}

function SlipDialog({ token, orderId, onClose }: { token: string; orderId: number; onClose: () => void }) {
  const text = useCheckoutTexts();
  const errorText = useErrorText();
  const titleId = useId();
  const page = usePaymentPage(token, false);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{
        paper: {
          sx: { maxWidth: DIALOG_WIDTH.address * 1.25, m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)' } },
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {text.attachSlip}
      </DialogTitle>
      <IconButton aria-label={text.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {page.isPending && <CircularProgress aria-label={text.pageLoading} />}
        {page.isError && <Alert severity="error">{errorText(page.error)}</Alert>}
        {page.data && <SlipAttach orderId={orderId} account={page.data.account} net={page.data.amount} />}
      </DialogContent>
    </Dialog>
  );
}
