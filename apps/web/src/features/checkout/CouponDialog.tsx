import CancelIcon from '@mui/icons-material/Cancel';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { message, type OrderPayment, type RouteResponse } from '@sikkha/contract';
import { DIALOG_WIDTH } from '@sikkha/contract/rules';
import { type FormEvent, useId, useState } from 'react';
import { callRoute } from '../../api/routes';
import { formPaperSx } from '../../components/dialog-paper';
import { useCouponTexts } from './coupon-texts';
import { useCheckoutTexts } from './texts';
import { useErrorText, useFieldMessage } from './use-field-message';

/** An accepted coupon as the server's check answered it (the spec's lookup shape). */
export type AppliedCoupon = RouteResponse<'couponByCode'>;

/**
 * The payment dialog's coupon button: opens the coupon code dialog, then shows the accepted coupon with a way to
 * take it off. Disabled with coins (spec 2 §6).
 */
export function CouponControl({
  productId,
  payment,
  disabled,
  applied,
  onChange,
}: {
  productId: number;
  payment: OrderPayment | null;
  disabled: boolean;
  applied: AppliedCoupon | null;
  onChange: (coupon: AppliedCoupon | null) => void;
}) {
  const text = useCouponTexts();
  const checkoutText = useCheckoutTexts();
  const [open, setOpen] = useState(false);
  if (applied && !disabled) {
    const code = applied.data.coupon_code;
    return (
      <Chip
        icon={<LocalOfferIcon />}
        color="success"
        variant="outlined"
        label={checkoutText.couponApplied(code)}
        onDelete={() => onChange(null)}
        deleteIcon={<CancelIcon titleAccess={text.remove(code)} />}
        data-testid="coupon-applied"
      />
    );
  }
  return (
    <>
      <Button variant="outlined" startIcon={<LocalOfferIcon />} disabled={disabled} onClick={() => setOpen(true)}>
        {checkoutText.coupon}
      </Button>
      <CouponDialog
        open={open}
        productId={productId}
        payment={payment}
        onClose={() => setOpen(false)}
        onApplied={(coupon) => {
          onChange(coupon);
          setOpen(false);
        }}
      />
    </>
  );
}

/**
 * Spec 2 §2 coupon code dialog (width 600): one code field and a check button. Empty: 'กรุณากรอก ข้อมูล'. The
 * server checks the code for the course (and the chosen payment method) and answers the first refusal in the
 * spec's order, which is shown under the field while the rejected code is cleared; an accepted one closes the
 * dialog.
 */
export function CouponDialog({
  open,
  productId,
  payment,
  onClose,
  onApplied,
}: {
  open: boolean;
  productId: number;
  payment: OrderPayment | null;
  onClose: () => void;
  onApplied: (coupon: AppliedCoupon) => void;
}) {
  const text = useCouponTexts();
  const say = useFieldMessage();
  const errorText = useErrorText();
  const titleId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(say(message('required')) ?? null);
      return;
    }
    setChecking(true);
    setError(null);
    try {
      const answer = await callRoute('couponByCode', {
        query: { code: typed, product_id: productId, payment: payment ?? undefined },
      });
      setCode('');
      onApplied(answer);
    } catch (failure) {
      setCode('');
      setError(errorText(failure));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{
        paper: { sx: formPaperSx(DIALOG_WIDTH.coupon) },
        transition: { onExited: () => setError(null) },
      }}
    >
      <DialogTitle id={titleId}>{text.title}</DialogTitle>
      <form onSubmit={(event) => void check(event)} noValidate>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text.intro}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            name="coupon_code"
            label={text.code}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (error) setError(null);
            }}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 50, autoCapitalize: 'characters', autoComplete: 'off' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{text.close}</Button>
          <Button type="submit" variant="contained" disabled={checking}>
            {checking ? text.checking : text.check}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
