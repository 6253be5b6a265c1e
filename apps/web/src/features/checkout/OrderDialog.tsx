import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatBaht } from '@sikkha/contract/rules';
import { Fragment, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Product } from '../../api/catalogue';
import { useCheckoutTexts } from './texts';

interface OrderDialogProps {
  open: boolean;
  product: Pick<Product, 'product_title' | 'product_price'>;
  onClose: () => void;
}

// The paper takes the focus on open (tabindex -1, never reached by keyboard): no focus ring around it.

/**
 * The order dialog's place (orders spec §2 "Payment dialog"): the order summary (course, price, discount, net and
 * the 2-year access). Choosing a payment method and confirming is the payments issue; until then confirm is
 * disabled and a note says so.
 */
export function OrderDialog({ open, product, onClose }: OrderDialogProps) {
  const text = useCheckoutTexts();
  const titleId = useId();
  const price = product.product_price ?? 0;
  const rows: [string, string][] = [
    [text.course, product.product_title ?? ''],
    [text.price, formatBaht(price)],
    [text.discount, formatBaht(0)],
    [text.net, formatBaht(price)],
    [text.access, text.accessPeriod],
  ];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {text.orderTitle}
      </DialogTitle>
      <IconButton aria-label={text.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: label === text.net ? 700 : 400 }}>
                {value}
              </Typography>
            </Fragment>
          ))}
        </Box>
        <Alert severity="info" sx={{ mt: 2 }}>
          {text.notYet}{' '}
          <Link component={RouterLink} to="/contact">
            {text.contact}
          </Link>
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{text.close}</Button>
        <Button variant="contained" disabled>
          {text.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
