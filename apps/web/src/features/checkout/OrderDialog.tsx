import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { DIALOG_WIDTH } from '@sikkha/contract/rules';
import { useId, useState } from 'react';
import type { Product } from '../../api/catalogue';
import { fullScreenOnPhoneSx } from '../../components/dialog-paper';
import { OrderForm } from './OrderForm';
import { useCheckoutTexts } from './texts';

interface OrderDialogProps {
  open: boolean;
  product: Product;
  onClose: () => void;
}

// The paper takes the focus on open (tabindex -1, never reached by keyboard): no focus ring around it.

/**
 * Spec 2 §2 payment dialog (max width 1150; the whole screen on phones). Each opening starts a new order (spec 2 §4
 * "Starting an order"): the form, the chosen method, the slip and the coupon of the last opening are gone, and the
 * member's saved receipt fields are filled in again with no errors.
 */
export function OrderDialog({ open, product, onClose }: OrderDialogProps) {
  const text = useCheckoutTexts();
  const titleId = useId();
  const [opening, setOpening] = useState({ open, count: 0 });
  if (open !== opening.open) setOpening({ open, count: opening.count + (open ? 1 : 0) });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      fullWidth
      scroll="paper"
      sx={fullScreenOnPhoneSx(DIALOG_WIDTH.payment)}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, fontWeight: 700 }}>
        {text.orderTitle}
      </DialogTitle>
      <IconButton aria-label={text.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <OrderForm key={opening.count} product={product} onClose={onClose} />
    </Dialog>
  );
}
