import { zodResolver } from '@hookform/resolvers/zod';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  IconButton,
  TextField,
  Tooltip,
} from '@mui/material';
import {
  type BookSendState,
  bookSendStates,
  messages,
  orderRejectForm,
  orderUpdateBody,
  type SlipCheck,
} from '@sikkha/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { adminRoute } from '../admin-request';
import { DialogSubmitActions } from '../components/DialogSubmitActions';

type RejectForm = z.infer<typeof orderRejectForm>;

/** After a decision: say how many moved (some may have been paid or cancelled meanwhile), refresh, untick. */
function useDecided(resource: string) {
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  /** `done` null: the caller has said what happened. */
  return (asked: number, updated: number, done: string | null) => {
    if (done === null) {
      // Said by the caller.
    } else if (updated === asked) notify(done, { type: 'success', messageArgs: { smart_count: updated } });
    else notify('admin.order.partly', { type: 'warning', messageArgs: { updated, asked } });
    unselectAll();
    refresh();
  };
}

interface DecisionProps {
  ids: number[];
  /** An icon button (in a row) rather than a labelled one. */
  compact?: boolean;
  /** The list whose ticks are cleared after the decision. */
  resource?: string;
}

const failed = (notify: ReturnType<typeof useNotify>) => (error: Error) => notify(error.message, { type: 'error' });

/** An order to approve, with what its slip showed (a slip used before needs staff's explicit override). */
export interface ApprovableOrder {
  id: number;
  orders_ref?: string | null;
  slipCheck?: Pick<SlipCheck, 'flags'> | null;
}

const reused = (order: ApprovableOrder) => order.slipCheck?.flags.includes('reused') ?? false;

/** The server's refusal of a reused slip approved without a reason (409, slipOverrideRequired). */
const isOverrideRequired = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 409 &&
  (error.message === messages.slipOverrideRequired.th || error.message === messages.slipOverrideRequired.en);

/** The override's reason, as the contract checks it (required here); a tick beside it says staff checked. */
const overrideForm = orderUpdateBody.pick({ slip_override: true }).required();
type OverrideForm = { slip_override: string };

/**
 * Approves waiting orders (finish): each course unlocks, the member is told, the receipt is numbered. One order whose
 * slip was used before (its check flags `reused`, or the server says so) is approved only with a tick and a reason,
 * sent as `slip_override`; several at once leave such orders out, and say which.
 */
export function ApproveButton({
  orders,
  compact,
  resource = 'ordersConfirm',
}: Omit<DecisionProps, 'ids'> & {
  orders: ApprovableOrder[];
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const decided = useDecided(resource);
  const [confirming, setConfirming] = useState(false);
  const single = orders.length === 1;
  // A reused slip on one order asks for the override; the server may ask for it too (a check that came later).
  const [serverAsked, setServerAsked] = useState(false);
  const override = single && (reused(orders[0]!) || serverAsked);
  const skipped = single ? [] : orders.filter(reused);
  const approvable = single ? orders : orders.filter((order) => !reused(order));
  const [checked, setChecked] = useState(false);
  const [uncheckedError, setUncheckedError] = useState(false);
  const { control, handleSubmit, reset } = useForm<OverrideForm>({
    resolver: zodResolver(overrideForm),
    defaultValues: { slip_override: '' },
  });
  const approve = useMutation({
    mutationFn: (slip_override?: string) => {
      const ids = approvable.map((order) => order.id);
      return ids.length === 1
        ? adminRoute('ordersUpdate', {
            method: 'POST',
            body: { id: ids[0]!, orders_status: 'finish', ...(slip_override ? { slip_override } : {}) },
          }).then(() => 1)
        : adminRoute('ordersUpdataAll', { method: 'POST', body: { id: ids, orders_status: 'finish' } }).then(
            (r) => r.data.updated,
          );
    },
    onSuccess: (updated) => {
      setConfirming(false);
      setServerAsked(false);
      setChecked(false);
      reset();
      if (skipped.length > 0) {
        notify('admin.order.approvedSkipped', {
          type: 'warning',
          messageArgs: { updated, skipped: skipped.length, smart_count: updated },
        });
        decided(approvable.length, updated, null);
      } else decided(approvable.length, updated, 'admin.order.approved');
    },
    onError: (error: Error) => {
      if (single && isOverrideRequired(error)) setServerAsked(true);
    },
  });
  const close = () => {
    if (approve.isPending) return;
    setConfirming(false);
    approve.reset();
  };
  const label = translate('admin.order.approve');
  const ref = (order: ApprovableOrder) => order.orders_ref ?? `#${order.id}`;
  const submit = handleSubmit(
    ({ slip_override }) => {
      if (!checked) {
        setUncheckedError(true);
        return;
      }
      approve.mutate(slip_override);
    },
    // The reason is missing: say so of the tick too, at once.
    () => setUncheckedError(!checked),
  );
  return (
    <>
      {compact ? (
        <Tooltip title={label}>
          <IconButton color="success" aria-label={label} onClick={() => setConfirming(true)}>
            <CheckIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button color="success" startIcon={<CheckIcon />} onClick={() => setConfirming(true)}>
          {label}
        </Button>
      )}
      <Dialog open={confirming} onClose={close} fullWidth={override} maxWidth="sm" aria-labelledby="approve-title">
        <form
          noValidate
          onSubmit={(event) => {
            if (override) void submit(event);
            else {
              event.preventDefault();
              approve.mutate(undefined);
            }
          }}
        >
          <DialogTitle id="approve-title">{label}</DialogTitle>
          <DialogContent>
            {approvable.length > 0 && (
              <DialogContentText>
                {translate('admin.order.approveConfirm', { smart_count: approvable.length })}
              </DialogContentText>
            )}
            {skipped.length > 0 && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {translate('admin.order.bulkSkipReused', {
                  smart_count: skipped.length,
                  refs: skipped.map(ref).join(', '),
                })}
              </Alert>
            )}
            {override && (
              <Box sx={{ mt: 2 }}>
                <Alert severity="error" sx={{ mb: 2 }}>
                  <AlertTitle>{translate('admin.order.overrideTitle')}</AlertTitle>
                  {translate('admin.order.overrideHint')}
                </Alert>
                <FormControl error={uncheckedError && !checked} sx={{ mb: 1 }}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={checked}
                        onChange={(event) => {
                          setChecked(event.target.checked);
                          setUncheckedError(false);
                        }}
                        autoFocus
                      />
                    }
                    label={translate('admin.order.overrideConfirm')}
                  />
                  {uncheckedError && !checked && (
                    <FormHelperText>{translate('admin.order.overrideConfirmRequired')}</FormHelperText>
                  )}
                </FormControl>
                <Controller
                  control={control}
                  name="slip_override"
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      label={translate('admin.order.overrideReason')}
                      required
                      fullWidth
                      multiline
                      minRows={2}
                      error={Boolean(fieldState.error)}
                      helperText={
                        // Zod's own words for an empty text name its type; staff read what to do.
                        fieldState.error && !field.value.trim()
                          ? translate('admin.order.overrideReasonRequired')
                          : fieldState.error?.message
                      }
                    />
                  )}
                />
              </Box>
            )}
            {approve.isError && !(override && isOverrideRequired(approve.error)) && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {approve.error.message}
              </Alert>
            )}
          </DialogContent>
          <DialogSubmitActions
            onCancel={close}
            pending={approve.isPending}
            disabled={approvable.length === 0}
            color={override ? 'error' : 'success'}
            autoFocus={!override}
          >
            {override ? translate('admin.order.overrideApprove') : label}
          </DialogSubmitActions>
        </form>
      </Dialog>
    </>
  );
}

/** Refuses waiting orders with a reason the member reads: the orders are cancelled. */
export function RejectButton({ ids, compact, resource = 'ordersConfirm' }: DecisionProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const decided = useDecided(resource);
  const [open, setOpen] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm<RejectForm>({
    resolver: zodResolver(orderRejectForm),
    defaultValues: { cancel_note: '' },
  });
  const reject = useMutation({
    mutationFn: ({ cancel_note }: RejectForm) =>
      ids.length === 1
        ? adminRoute('ordersUpdate', {
            method: 'POST',
            body: { id: ids[0]!, orders_status: 'cancel', cancel_note },
          }).then(() => 1)
        : adminRoute('ordersUpdataAll', {
            method: 'POST',
            body: { id: ids, orders_status: 'cancel', cancel_note },
          }).then((r) => r.data.updated),
    onSuccess: (updated) => {
      setOpen(false);
      reset();
      decided(ids.length, updated, 'admin.order.rejected');
    },
    onError: (error: Error) => {
      // The server's words under the field when it refused the note.
      const onField = error instanceof ApiError && error.fields.find((field) => field.path === 'cancel_note');
      if (onField) setError('cancel_note', { message: onField.message });
      else failed(notify)(error);
    },
  });
  const label = translate('admin.order.reject');
  return (
    <>
      {compact ? (
        <Tooltip title={label}>
          <IconButton color="error" aria-label={label} onClick={() => setOpen(true)}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button color="error" startIcon={<CloseIcon />} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="reject-title">
        <form onSubmit={handleSubmit((values) => reject.mutate(values))} noValidate>
          <DialogTitle id="reject-title">{label}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {translate('admin.order.rejectHint', { smart_count: ids.length })}
            </DialogContentText>
            <Controller
              control={control}
              name="cancel_note"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label={translate('resources.orders.fields.cancel_note')}
                  required
                  fullWidth
                  multiline
                  minRows={2}
                  autoFocus
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" color="error" disabled={reject.isPending}>
              {label}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

/** Sets the book shipping state of the ticked orders (ordersUpdataListBookSend). */
export function BookSendButtons() {
  const translate = useTranslate();
  const notify = useNotify();
  const { selectedIds, resource } = useListContext();
  const decided = useDecided(resource ?? 'orders');
  const send = useMutation({
    mutationFn: (status: BookSendState) =>
      adminRoute('ordersUpdataListBookSend', {
        method: 'POST',
        body: { status, id: selectedIds as number[] },
      }).then((r) => r.data.updated),
    onSuccess: (updated) => decided(selectedIds.length, updated, 'admin.order.bookSendSaved'),
    onError: failed(notify),
  });
  return (
    <>
      {bookSendStates.map((state) => (
        <Button
          key={state}
          size="small"
          startIcon={<LocalShippingIcon />}
          disabled={send.isPending}
          onClick={() => send.mutate(state)}
        >
          {translate(`admin.order.bookSend.${state}`)}
        </Button>
      ))}
    </>
  );
}
