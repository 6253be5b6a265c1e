import DownloadIcon from '@mui/icons-material/Download';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { banks, messages, type OrderRefund, type OrderView, type RefundBody, refundBody } from '@sikkha/contract';
import { bangkokDate, refundMethodOf, toSatang } from '@sikkha/contract/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import {
  DateInput,
  Form,
  SelectInput,
  TextInput,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { type FieldValues, type Resolver, useWatch } from 'react-hook-form';
import { ADMIN_TOKEN_KEY, apiFile } from '../../api/client';
import { saveBlob } from '../../lib/download';
import { adminRoute } from '../admin-request';
import { DialogSubmitActions } from '../components/DialogSubmitActions';
import { useChoices, useValueWords } from '../components/fields';
import { formatDate, formatMoney } from '../components/format';
import { MoneyInput } from '../components/inputs';
import { remainingBaht } from '../components/order-money';
import { contractResolver } from '../components/resolver';
import { UploadInput } from '../components/UploadInput';

/** The refunds of an order, as the order page and the refund dialog share them. */
export const refundsKey = (orderId: number) => ['admin', 'refunds', orderId] as const;

/** Whether staff may refund the order from its page: finished (a partial refund keeps it so), something left. */
export const canRefund = (order: OrderView) => order.orders_status === 'finish' && remainingBaht(order) > 0;

const MANUAL_FIELDS = ['bank', 'account', 'date', 'slip'] as const;

/**
 * The resolver, with the spec's "กรุณากรอก ข้อมูล" on a bank record's field left empty: zod's own words for an empty
 * choice list every bank, and for an empty file name call it invalid.
 */
function requiredWords(resolver: Resolver<FieldValues>): Resolver<FieldValues> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as { manual?: Record<string, { message?: string } | undefined> };
    const typed = (values as { manual?: Record<string, unknown> }).manual ?? {};
    for (const field of MANUAL_FIELDS) {
      const error = errors.manual?.[field];
      const value = typed[field];
      if (error && (value === null || value === undefined || String(value).trim() === '')) {
        error.message = messages.required.th;
      }
    }
    return result;
  };
}

/** Amount and the full-or-partial note under it, which follows what is typed. */
function AmountNote({ remaining }: { remaining: number }) {
  const translate = useTranslate();
  const amount = useWatch({ name: 'amount' }) as number | string | null | undefined;
  const value = Number(amount);
  if (!Number.isFinite(value) || value <= 0 || value > remaining) return null;
  const full = toSatang(value) === toSatang(remaining);
  return (
    <Alert severity={full ? 'warning' : 'info'} sx={{ mb: 2 }}>
      {translate(full ? 'admin.order.refundFull' : 'admin.order.refundPartial')}
    </Alert>
  );
}

/**
 * "คืนเงิน" on a finished order's page: a dialog with the amount (all that remains by default), the reason, and for
 * an order paid by transfer or to the shop's own PromptPay what staff did at the bank (bank, account, date, their
 * slip). Checked by the contract's refundBody; POST /api/ordersRefund; the server's Thai message on a refusal.
 */
export function RefundButton({ order }: { order: OrderView }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remaining = remainingBaht(order);
  const method = refundMethodOf(order);
  const manual = method === 'manual';
  const bankChoices = useChoices(banks, 'bank');
  const money = formatMoney(remaining);

  // The contract's schema, with what this order adds: the bank's record for a manual refund, and at most what
  // remains (the server says the same, refundTooMuch, against its own locked figure).
  const schema = useMemo(
    () =>
      (manual ? refundBody.extend({ manual: refundBody.shape.manual.unwrap() }) : refundBody).superRefine(
        (body, ctx) => {
          if (body.amount !== undefined && toSatang(body.amount) > toSatang(remaining)) {
            ctx.addIssue({
              code: 'custom',
              path: ['amount'],
              message: translate('admin.order.refundTooMuch', { amount: money }),
            });
          }
        },
      ),
    [manual, remaining, money, translate],
  );
  // An empty bank field says "please fill in" (the spec's words) rather than zod's list of the banks allowed.
  const resolver = useMemo(() => requiredWords(contractResolver(schema)), [schema]);
  // Memoised: react-admin's form starts again whenever its default values change.
  const record = useMemo(() => ({ id: order.id }), [order.id]);
  const defaults = useMemo(
    () => ({
      id: order.id,
      amount: remaining,
      reason: '',
      ...(manual ? { manual: { bank: '', account: '', date: bangkokDate(new Date()), slip: '' } } : {}),
    }),
    [order.id, remaining, manual],
  );

  const refund = useMutation({
    mutationFn: (body: RefundBody) => adminRoute('ordersRefund', { method: 'POST', body }),
    onSuccess: (answer) => {
      setOpen(false);
      notify(answer.message || translate('admin.order.refundDone'), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: refundsKey(order.id) });
      refresh();
    },
  });
  const close = () => {
    if (refund.isPending) return;
    setOpen(false);
    refund.reset();
  };
  const label = translate('admin.order.refund');

  return (
    <>
      <Button color="warning" startIcon={<UndoIcon />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="refund-title">
        {open && (
          <Form
            record={record}
            defaultValues={defaults}
            resolver={resolver}
            // The fields say what is wrong; a notice over the dialog's buttons would only hide them.
            disableInvalidFormNotification
            onSubmit={(values: FieldValues) => {
              const body = values as RefundBody;
              refund.mutate({
                id: order.id,
                amount: body.amount,
                reason: body.reason,
                ...(manual && body.manual ? { manual: body.manual } : {}),
              });
            }}
            noValidate
          >
            <DialogTitle id="refund-title">
              {translate('admin.order.refundTitle', { ref: order.orders_ref ?? `#${order.id}` })}
            </DialogTitle>
            <DialogContent dividers>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate('admin.order.refundRemaining')}: <strong>{money}</strong>
                {order.orders_refunded
                  ? ` (${translate('admin.order.refunded')} ${formatMoney(order.orders_refunded)})`
                  : ''}
              </Typography>
              <Alert severity="info" icon={false} sx={{ mb: 2 }}>
                <strong>{translate(`admin.values.refundMethod.${method}`)}</strong>:{' '}
                {translate(`admin.order.refundHow.${method}`)}
              </Alert>
              <MoneyInput
                source="amount"
                label={translate('admin.order.refundAmount')}
                helperText={translate('admin.order.refundAmountHint', { amount: money })}
                max={remaining}
                fullWidth
                autoFocus
              />
              <AmountNote remaining={remaining} />
              <TextInput
                source="reason"
                label={translate('admin.order.refundReason')}
                helperText={translate('admin.order.refundReasonHint')}
                multiline
                minRows={2}
                fullWidth
                isRequired
              />
              {manual && (
                <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
                    <SelectInput
                      source="manual.bank"
                      label={translate('admin.order.refundBank')}
                      choices={bankChoices}
                      fullWidth
                      isRequired
                    />
                    <TextInput
                      source="manual.account"
                      label={translate('admin.order.refundAccount')}
                      fullWidth
                      isRequired
                    />
                  </Stack>
                  <DateInput source="manual.date" label={translate('admin.order.refundDate')} isRequired />
                  <UploadInput source="manual.slip" endpoint="Slip" label={translate('admin.order.refundSlip')} />
                </Box>
              )}
              {refund.isError && (
                <Alert severity="error" role="alert">
                  {refund.error.message}
                </Alert>
              )}
            </DialogContent>
            <DialogSubmitActions onCancel={close} pending={refund.isPending} color="warning" icon={<UndoIcon />}>
              {refund.isPending ? translate('admin.order.refunding') : label}
            </DialogSubmitActions>
          </Form>
        )}
      </Dialog>
    </>
  );
}

/** A refund's document (credit note or refund note), fetched with the staff token and saved as a PDF. */
function RefundDocumentButton({ refund }: { refund: OrderRefund }) {
  const translate = useTranslate();
  const notify = useNotify();
  const documentWords = useValueWords('refundDocument');
  const download = useMutation({
    mutationFn: async () => {
      const blob = await apiFile('ordersRefundFile', { id: refund.id }, localStorage.getItem(ADMIN_TOKEN_KEY));
      saveBlob(blob, `${refund.doc_no ?? `refund-${refund.id}`}.pdf`);
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!refund.doc_no) return <span>–</span>;
  return (
    <Button
      size="small"
      startIcon={download.isPending ? <CircularProgress size={14} color="inherit" /> : <DownloadIcon />}
      onClick={() => download.mutate()}
      disabled={download.isPending}
      aria-label={translate('admin.order.refundDownload', {
        document: refund.doc_type ? documentWords(refund.doc_type) : '',
        number: refund.doc_no,
      })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {refund.doc_no}
    </Button>
  );
}

/** The refunds of an order (GET /api/ordersRefunds): amount, how, when, why, and each one's document. */
export function OrderRefunds({ order, frame }: { order: OrderView; frame: (content: ReactNode) => ReactNode }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const methodWords = useValueWords('refundMethod');
  const statusWords = useValueWords('refundStatus');
  const documentWords = useValueWords('refundDocument');
  const expected = Boolean(order.orders_refunded) || order.orders_status === 'refund';
  const refunds = useQuery({
    queryKey: refundsKey(order.id),
    enabled: order.orders_status !== 'wait',
    queryFn: async () => (await adminRoute('ordersRefunds', { query: { id: order.id } })).data,
  });
  if (refunds.isError) {
    return expected ? frame(<Alert severity="warning">{translate('admin.order.refundsLoadFailed')}</Alert>) : null;
  }
  if (!refunds.data || refunds.data.length === 0) return null;
  const column = (key: string) => translate(`admin.order.refundColumns.${key}`);
  return frame(
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('admin.order.refunds')} sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{column('date')}</TableCell>
            <TableCell align="right">{column('amount')}</TableCell>
            <TableCell>{column('method')}</TableCell>
            <TableCell>{column('reason')}</TableCell>
            <TableCell>{column('document')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {refunds.data.map((refund) => (
            <TableRow key={refund.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(refund.create_at, locale, true)}
                {refund.refund_date && (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {translate('admin.order.refundDate')} {formatDate(refund.refund_date, locale)}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(refund.amount)}
              </TableCell>
              <TableCell>
                {methodWords(refund.method)}
                {refund.method === 'manual' && refund.bank && (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {refund.bank} {refund.account}
                  </Typography>
                )}
                {refund.status === 'pending' && (
                  <Chip size="small" color="warning" label={statusWords(refund.status)} sx={{ mt: 0.5 }} />
                )}
              </TableCell>
              <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>{refund.reason}</TableCell>
              <TableCell>
                {refund.doc_type && (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {documentWords(refund.doc_type)}
                  </Typography>
                )}
                <RefundDocumentButton refund={refund} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>,
  );
}
