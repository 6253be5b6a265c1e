import DownloadIcon from '@mui/icons-material/Download';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControl,
  Grid,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { type BookSendState, bookSendStates, type OrderView } from '@sikkha/contract';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  ReferenceField,
  Show,
  TextField,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ADMIN_TOKEN_KEY, apiFile } from '../../api/client';
import { saveBlob } from '../../lib/download';
import { adminRoute } from '../admin-request';
import { useValueWords } from '../components/fields';
import { formatDate, formatMoney } from '../components/format';
import { History } from '../components/History';
import { paidBaht } from '../components/order-money';
import { SlipCheckSummary, SlipThumbnail } from '../components/Slip';
import { ApproveButton, RejectButton } from './order-actions';
import { statusColors } from './order-cells';
import { canRefund, OrderRefunds, RefundButton } from './order-refund';
import { canVoidDocument, VoidDocumentButton } from './order-void';
import { ResolvePaidButtons } from './paid-after-cancel';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Label and value lines; empty values show a dash. */
function Lines({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? '–' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The receipt or tax invoice of a finished order, fetched with the staff token and saved as a PDF. */
function DocumentButton({ order }: { order: OrderView }) {
  const translate = useTranslate();
  const notify = useNotify();
  const download = useMutation({
    mutationFn: async () => {
      const blob = await apiFile('ordersTaxInvoiceFile', { id: order.id }, localStorage.getItem(ADMIN_TOKEN_KEY));
      saveBlob(blob, `${order.order_no ?? order.id}.pdf`);
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Button startIcon={<DownloadIcon />} onClick={() => download.mutate()} disabled={download.isPending}>
      {translate('admin.order.document')}
    </Button>
  );
}

/** Marks of a finished order: where its book stands, and its certificate (Y makes it). */
function AfterSale({ order }: { order: OrderView }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const bookSend = useValueWords('bookSend');
  const save = useMutation({
    mutationFn: (marks: { orders_book_send?: BookSendState; orders_certificate?: 'Y' }) =>
      adminRoute('ordersUpdate', { method: 'POST', body: { id: order.id, ...marks } }),
    onSuccess: () => {
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Stack spacing={2}>
      {order.product_book === 'Y' && (
        <FormControl size="small" sx={{ maxWidth: 280 }}>
          <InputLabel id="book-send">{translate('resources.orders.fields.orders_book_send')}</InputLabel>
          <Select
            labelId="book-send"
            label={translate('resources.orders.fields.orders_book_send')}
            value={order.orders_book_send ?? 'N'}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ orders_book_send: event.target.value as BookSendState })}
          >
            {bookSendStates.map((state) => (
              <MenuItem key={state} value={state}>
                {bookSend(state)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="body2">
          {translate('resources.orders.fields.orders_certificate')}:{' '}
          {translate(`admin.values.${order.orders_certificate === 'Y' ? 'Y' : 'N'}`)}
        </Typography>
        {order.orders_certificate !== 'Y' && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<WorkspacePremiumIcon />}
            disabled={save.isPending}
            onClick={() => save.mutate({ orders_certificate: 'Y' })}
          >
            {translate('admin.order.issueCertificate')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** The order's refunds, once it has any (a waiting order has had no money to give back). */
function RefundsSection({ order }: { order: OrderView }) {
  const translate = useTranslate();
  if (order.orders_status === 'wait') return null;
  return (
    <OrderRefunds
      order={order}
      frame={(table) => (
        <Grid size={{ xs: 12 }}>
          <Section title={translate('admin.order.refunds')}>{table}</Section>
        </Grid>
      )}
    />
  );
}

function OrderPage() {
  const order = useRecordContext<OrderView>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const words = useValueWords();
  const cancelReason = useValueWords('cancelReason');
  if (!order) return null;
  const t = (field: string) => translate(`resources.orders.fields.${field}`);
  const value = (v: string | null | undefined) => (v ? words(v) : null);
  const receipt = order.receipt_data ?? {};
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        alignItems={{ sm: 'center' }}
        justifyContent="space-between"
        sx={{ mb: 2 }}
      >
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography variant="h5" component="h1">
            {order.orders_ref ?? `#${order.id}`}
          </Typography>
          <Chip label={value(order.orders_status)} color={statusColors[order.orders_status ?? 'wait']} />
          {order.orders_status === 'finish' && Boolean(order.orders_refunded) && (
            <Chip
              variant="outlined"
              color="warning"
              label={`${translate('admin.order.refunded')} ${formatMoney(order.orders_refunded)}`}
            />
          )}
        </Stack>
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          {order.orders_status === 'wait' && (
            <>
              <ApproveButton orders={[order]} resource="orders" />
              <RejectButton ids={[order.id]} resource="orders" />
            </>
          )}
          {order.orders_status === 'paid_after_cancel' && <ResolvePaidButtons order={order} />}
          {canRefund(order) && <RefundButton order={order} />}
          {(order.orders_status === 'finish' || order.orders_status === 'refund') && <DocumentButton order={order} />}
          {canVoidDocument(order) && <VoidDocumentButton order={order} />}
        </Stack>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={translate('admin.order.summary')}>
            <Lines
              rows={[
                [t('product_id'), order.product_title],
                [t('orders_payment'), value(order.orders_payment)],
                [t('orders_total'), formatMoney(order.orders_total)],
                [t('coupon_id'), order.coupon_code],
                [t('orders_discount'), formatMoney(order.orders_discount)],
                [t('orders_net'), formatMoney(order.orders_net)],
                [t('fee'), order.fee ? formatMoney(order.fee) : null],
                [translate('admin.order.paid'), formatMoney(paidBaht(order))],
                [t('orders_refunded'), order.orders_refunded ? formatMoney(order.orders_refunded) : null],
                [t('create_at'), formatDate(order.create_at, locale, true)],
                [t('order_no'), order.order_no],
                [t('approve_date'), formatDate(order.approve_date, locale, true)],
                [
                  t('approve_by'),
                  order.approve_by ? (
                    <ReferenceField key="by" source="approve_by" reference="personnel" link={false} />
                  ) : null,
                ],
                [t('cancel_reason'), order.cancel_reason ? cancelReason(order.cancel_reason) : null],
                [t('cancel_note'), order.cancel_note],
              ]}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('user_id')}>
            <Lines
              rows={[
                [t('user_id'), <ReferenceField key="u" source="user_id" reference="user" link="show" />],
                [
                  translate('resources.user.fields.email'),
                  <ReferenceField key="e" source="user_id" reference="user" link={false}>
                    <TextField source="email" />
                  </ReferenceField>,
                ],
                [
                  translate('resources.user.fields.phone'),
                  <ReferenceField key="p" source="user_id" reference="user" link={false}>
                    <TextField source="phone" emptyText="–" />
                  </ReferenceField>,
                ],
              ]}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={translate('admin.order.payment')}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {order.orders_payment_slip && (
                <SlipThumbnail
                  name={order.orders_payment_slip}
                  label={order.orders_ref ?? `#${order.id}`}
                  check={order.slipCheck}
                  net={order.orders_net}
                  size={96}
                />
              )}
              <Box sx={{ flex: 1 }}>
                <Lines
                  rows={[
                    [t('orders_payment_date'), formatDate(order.orders_payment_date, locale)],
                    [t('orders_payment_time'), order.orders_payment_time?.slice(0, 5)],
                    [t('orders_payment_bank'), order.orders_payment_bank],
                    [t('orders_payment_account'), order.orders_payment_account],
                  ]}
                />
                <Box sx={{ mt: 1 }}>
                  <SlipCheckSummary check={order.slipCheck} net={order.orders_net} />
                </Box>
              </Box>
            </Stack>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={translate('admin.order.receipt')}>
            <Lines
              rows={[
                [t('receipt'), value(order.receipt)],
                [t('receipt_type'), order.receipt === 'Y' ? value(order.receipt_type) : null],
                ...Object.entries(receipt)
                  .filter(([field]) => field !== 'type')
                  .map(([field, v]): [string, ReactNode] => [
                    translate(`resources.orders.fields.${field}`, { _: field }),
                    v === null || v === undefined ? null : String(v),
                  ]),
              ]}
            />
          </Section>
        </Grid>
        {order.orders_status === 'finish' && (
          <Grid size={{ xs: 12 }}>
            <Section title={translate('admin.order.afterSale')}>
              <AfterSale order={order} />
            </Section>
          </Grid>
        )}
        <RefundsSection order={order} />
      </Grid>
      <History query={{ subject: 'orders', subject_id: order.id }} />
    </Box>
  );
}

/** /admin/orders/{id}/show: one order with everything staff decide on, and its history. */
export function OrderShow() {
  return (
    <Show actions={false}>
      <OrderPage />
    </Show>
  );
}
