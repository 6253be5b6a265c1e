import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCheckoutTexts } from './texts';

export type PaymentResult = 'success' | 'fail';

// The paper takes the focus on open (tabindex -1, never reached by keyboard): no focus ring around it.

/**
 * Orders spec §2 "Payment result dialogs", opened by #gateway-success and #gateway-fail: success leads to
 * My courses; failure says the bank rejected the transaction.
 */
export function PaymentResultDialog({
  result,
  open,
  onClose,
}: {
  result: PaymentResult;
  open: boolean;
  onClose: () => void;
}) {
  const text = useCheckoutTexts();
  const titleId = useId();
  const success = result === 'success';
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {success ? <CheckCircleIcon color="success" aria-hidden /> : <CancelIcon color="error" aria-hidden />}
        {success ? text.successTitle : text.failTitle}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{success ? text.successText : text.failText}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {success ? (
          <>
            <Button onClick={onClose}>{text.close}</Button>
            <Button variant="contained" component={RouterLink} to="/courses/onlyOrder" autoFocus>
              {text.myCourses}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={onClose} autoFocus>
            {text.close}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
