import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { sendAddressBody } from '@sikkha/contract';
import { DIALOG_WIDTH } from '@sikkha/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { formPaperSx } from '../../components/dialog-paper';
import { sessionKeys } from '../../lib/query-keys';
import { saveSendAddress } from './api';
import { useCheckoutTexts } from './texts';
import { useErrorText, useFieldMessage } from './use-field-message';

/**
 * Spec 2 §2 shipping address dialog (width 600): one multi-line address, Save and Close; required (rule 7). Saved
 * to the member's account (user Update), which the order then reads.
 */
export function SendAddressDialog({
  open,
  initial,
  onClose,
  onSaved,
}: {
  open: boolean;
  initial: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const text = useCheckoutTexts();
  const message = useFieldMessage();
  const errorText = useErrorText();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(sendAddressBody),
    defaultValues: { send_address: initial },
  });
  const save = handleSubmit(async ({ send_address }) => {
    setFailure(null);
    try {
      const user = await saveSendAddress(send_address);
      queryClient.setQueryData(sessionKeys.current, user);
      onSaved();
    } catch (error) {
      setFailure(errorText(error));
    }
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: formPaperSx(DIALOG_WIDTH.address) } }}
    >
      <DialogTitle id={titleId}>{text.addressTitle}</DialogTitle>
      <form onSubmit={(event) => void save(event)} noValidate>
        <DialogContent>
          <Controller
            control={control}
            name="send_address"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                autoFocus
                fullWidth
                multiline
                minRows={4}
                label={text.sendAddress}
                error={Boolean(fieldState.error)}
                helperText={message(fieldState.error?.message)}
              />
            )}
          />
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{text.close}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? text.saving : text.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The spec's generic message dialog (titled 'Message'), with an optional action beside Close. */
export function MessageDialog({
  open,
  message,
  onClose,
  action,
}: {
  open: boolean;
  message: string;
  onClose: () => void;
  action?: { label: string; run: () => void };
}) {
  const text = useCheckoutTexts();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{text.messageTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{text.close}</Button>
        {action && (
          <Button variant="contained" onClick={action.run} autoFocus>
            {action.label}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
