import { zodResolver } from '@hookform/resolvers/zod';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  TextField,
  Tooltip,
} from '@mui/material';
import { type BookSendState, bookSendStates, orderRejectForm } from '@sikkha/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminRoute } from '../admin-request';

type RejectForm = z.infer<typeof orderRejectForm>;

/** After a decision: say how many moved (some may have been paid or cancelled meanwhile), refresh, untick. */
function useDecided(resource: string) {
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  return (asked: number, updated: number, done: string) => {
    if (updated === asked) notify(done, { type: 'success', messageArgs: { smart_count: updated } });
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

/** Approves waiting orders (finish): each course unlocks, the member is told, the receipt is numbered. */
export function ApproveButton({ ids, compact, resource = 'ordersConfirm' }: DecisionProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const decided = useDecided(resource);
  const [confirming, setConfirming] = useState(false);
  const approve = useMutation({
    mutationFn: () =>
      ids.length === 1
        ? adminRoute('ordersUpdate', { method: 'POST', body: { id: ids[0]!, orders_status: 'finish' } }).then(() => 1)
        : adminRoute('ordersUpdataAll', { method: 'POST', body: { id: ids, orders_status: 'finish' } }).then(
            (r) => r.data.updated,
          ),
    onSuccess: (updated) => {
      setConfirming(false);
      decided(ids.length, updated, 'admin.order.approved');
    },
    onError: failed(notify),
  });
  const label = translate('admin.order.approve');
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
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="approve-title">
        <DialogTitle id="approve-title">{label}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('admin.order.approveConfirm', { smart_count: ids.length })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            color="success"
            disabled={approve.isPending}
            onClick={() => approve.mutate()}
            autoFocus
          >
            {label}
          </Button>
        </DialogActions>
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
      // The server's words on the field when it names it ("cancel_note: ...").
      const onField = /^cancel_note: (.+)$/.exec(error.message);
      if (onField) setError('cancel_note', { message: onField[1] });
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
