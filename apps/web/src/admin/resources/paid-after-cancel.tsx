import { zodResolver } from '@hookform/resolvers/zod';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type OrderView, refundReasonRequired, resolvePaidBody, type StaffOrder } from '@sikkha/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RecordContextProvider, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { adminKeys } from '../../lib/query-keys';
import { adminRoute } from '../admin-request';
import { DialogSubmitActions } from '../components/DialogSubmitActions';
import { formatDate, formatMoney } from '../components/format';
import { paidBaht } from '../components/order-money';
import { MemberCell } from './order-cells';

type Action = 'refund' | 'grant';
const reasonForm = resolvePaidBody.pick({ reason: true });
type ReasonForm = { reason: string };

/** The orders in paid_after_cancel, asked by the section and refreshed after a decision. */
const paidAfterCancelKey = ['admin', 'paidAfterCancel'] as const;

/**
 * The two ways out of a charge confirmed after its order was cancelled, each one step with a reason
 * (POST /api/ordersResolvePaid): refund it, or grant the course (the order finishes).
 */
export function ResolvePaidButtons({ order }: { order: Pick<OrderView, 'id' | 'orders_ref' | 'orders_net' | 'fee'> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const { control, handleSubmit, reset } = useForm<ReasonForm>({
    resolver: zodResolver(reasonForm),
    defaultValues: { reason: '' },
  });
  const resolve = useMutation({
    mutationFn: ({ reason, act }: { reason: string; act: Action }) =>
      adminRoute('ordersResolvePaid', { method: 'POST', body: { id: order.id, action: act, reason } }),
    onSuccess: (answer) => {
      setAction(null);
      reset();
      notify(answer.message || translate('admin.order.paidAfterCancel.done'), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: paidAfterCancelKey });
      void queryClient.invalidateQueries({ queryKey: adminKeys.waitingOrders() });
      refresh();
    },
  });
  const close = () => {
    if (resolve.isPending) return;
    setAction(null);
    resolve.reset();
  };
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`admin.order.paidAfterCancel.${key}`, options);
  const ref = order.orders_ref ?? `#${order.id}`;
  const titleId = `resolve-paid-${order.id}`;
  return (
    <>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <Button
          size="small"
          variant="outlined"
          color="warning"
          startIcon={<UndoIcon />}
          onClick={() => setAction('refund')}
        >
          {t('refund')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="success"
          startIcon={<LockOpenIcon />}
          onClick={() => setAction('grant')}
        >
          {t('grant')}
        </Button>
      </Stack>
      <Dialog open={action !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <form
          noValidate
          onSubmit={handleSubmit(({ reason }) => {
            if (action) resolve.mutate({ reason, act: action });
          })}
        >
          <DialogTitle id={titleId}>
            {action ? t(action) : ''} {ref}
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {action === 'refund'
                ? t('refundConfirm', { amount: formatMoney(paidBaht(order)) })
                : action === 'grant'
                  ? t('grantConfirm')
                  : ''}
            </DialogContentText>
            <Controller
              control={control}
              name="reason"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label={t('reason')}
                  required
                  fullWidth
                  multiline
                  minRows={2}
                  autoFocus
                  error={Boolean(fieldState.error)}
                  helperText={
                    // The contract's one reason field says "the refund's reason" for both ways out.
                    action === 'grant' && fieldState.error?.message === refundReasonRequired
                      ? t('reasonRequired')
                      : fieldState.error?.message
                  }
                />
              )}
            />
            {resolve.isError && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {resolve.error.message}
              </Alert>
            )}
          </DialogContent>
          <DialogSubmitActions
            onCancel={close}
            pending={resolve.isPending}
            color={action === 'grant' ? 'success' : 'warning'}
          >
            {action ? t(action) : ''}
          </DialogSubmitActions>
        </form>
      </Dialog>
    </>
  );
}

/**
 * At the top of the order screens: every order whose charge the gateway confirmed after it was cancelled (member,
 * course, amount, when), each refunded or granted from here. Nothing shows while there is none.
 */
export function PaidAfterCancel() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const orders = useQuery({
    queryKey: paidAfterCancelKey,
    queryFn: async () =>
      (
        await adminRoute('ordersReview', {
          query: { orders_status: 'paid_after_cancel', sort: 'update_at', order: 'asc', pageSize: 100 },
        })
      ).data,
  });
  if (orders.isError) {
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        {translate('admin.order.paidAfterCancel.loadFailed')}
      </Alert>
    );
  }
  const rows: StaffOrder[] = orders.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Alert
      severity="error"
      variant="outlined"
      component="section"
      // A standing list staff work through, not a message to announce each time it renders.
      role="region"
      aria-labelledby="paid-after-cancel-title"
      sx={{ mt: 2, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
    >
      <AlertTitle id="paid-after-cancel-title" component="h2">
        {translate('admin.order.paidAfterCancel.title', { count: rows.length })}
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {translate('admin.order.paidAfterCancel.hint')}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((order) => (
          <Paper
            key={order.id}
            component="li"
            variant="outlined"
            sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
          >
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <RecordContextProvider value={order}>
                <MemberCell label="resources.orders.fields.user_id" />
              </RecordContextProvider>
            </Box>
            <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {order.product_title}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {order.orders_ref ?? `#${order.id}`}
              </Typography>
            </Box>
            <Box sx={{ flex: '0 1 160px' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {formatMoney(paidBaht(order))}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {translate('admin.order.paidAfterCancel.when')} {formatDate(order.update_at, locale, true)}
              </Typography>
            </Box>
            <ResolvePaidButtons order={order} />
          </Paper>
        ))}
      </Stack>
    </Alert>
  );
}
