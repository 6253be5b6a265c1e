import MonetizationOnIcon from '@mui/icons-material/MonetizationOn';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { inLanguage, message } from '@sikkha/contract';
import { DIALOG_WIDTH } from '@sikkha/contract/rules';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { formPaperSx } from '../../components/dialog-paper';
import { wrapLongStrings } from '../../components/text-wrap';
import { useLang } from '../../i18n/texts';
import { type CoinCoupon, claimCoinCoupon, useAfterClaim, useCoinCoupons } from './api';
import { formatCoins, formatDateTime, useCoinTexts } from './texts';

/**
 * Spec 2 §2 coin coupon management dialog (persistent, width 800): the coin coupons the member may claim, with
 * their title, detail, amount and expiry, and a code field. Buttons say the coupon's state: op 'รับเลย' (the only
 * clickable one), cl 'ปิดรับ', us 'ใช้เเล้ว'. Errors appear under the code field; after a claim the member's
 * profile (the coin badge) and the list are asked again.
 */
export function CoinCouponDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const text = useCoinTexts();
  const lang = useLang();
  const titleId = useId();
  const coupons = useCoinCoupons(open);
  const afterClaim = useAfterClaim();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [claiming, setClaiming] = useState<string | null>(null);

  const claim = async (typed: string, kind?: CoinCoupon['coupon_point_type']) => {
    setError(null);
    setDone(null);
    setClaiming(typed);
    try {
      const claimed = await claimCoinCoupon(typed, kind);
      setCode('');
      setDone(text.claimed(formatCoins(claimed.coupon_point_amount, lang), formatCoins(claimed.point, lang)));
      await afterClaim();
    } catch (failure) {
      // The server's message (the spec's words), or a plain sentence when the shop could not be reached.
      setError(failure instanceof ApiError && failure.status > 0 ? failure.message : text.loadError);
    } finally {
      setClaiming(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(message('required'));
      return;
    }
    void claim(typed);
  };

  return (
    <Dialog
      open={open}
      // Persistent (spec 2 §2): neither the backdrop nor Escape closes it, only its Close button.
      disableEscapeKeyDown
      aria-labelledby={titleId}
      fullWidth
      slotProps={{
        paper: { sx: formPaperSx(DIALOG_WIDTH.coinCoupon) },
        transition: {
          onExited: () => {
            setError(null);
            setDone(null);
            setCode('');
          },
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <MonetizationOnIcon sx={{ color: '#b8860b' }} aria-hidden />
        {text.dialogTitle}
      </DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{text.dialogIntro}</DialogContentText>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        >
          <TextField
            name="coupon_point_code"
            label={text.code}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (error) setError(null);
            }}
            error={error !== null}
            helperText={error ? inLanguage(error, lang) : ' '}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { maxLength: 50, autoComplete: 'off', autoCapitalize: 'characters' } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={claiming !== null}
            sx={{ flexShrink: 0, minWidth: 96, height: 40, width: { xs: '100%', sm: 'auto' } }}
          >
            {claiming !== null && claiming === code.trim() ? text.claiming : text.state.op}
          </Button>
        </Box>
        {done && (
          <Alert severity="success" role="status" sx={{ mt: 1 }}>
            {done}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 1.5, mt: 2, p: 0, mb: 0 }} component="ul" aria-label={text.dialogTitle}>
          <CouponList
            coupons={coupons}
            claiming={claiming}
            onClaim={(coupon) => void claim(coupon.coupon_point_code, coupon.coupon_point_type)}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{text.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

function CouponList({
  coupons,
  claiming,
  onClaim,
}: {
  coupons: ReturnType<typeof useCoinCoupons>;
  claiming: string | null;
  onClaim: (coupon: CoinCoupon) => void;
}) {
  const text = useCoinTexts();
  if (coupons.isError) {
    return (
      <Alert
        component="li"
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void coupons.refetch()}>
            {text.retry}
          </Button>
        }
      >
        {text.loadError}
      </Alert>
    );
  }
  if (!coupons.data) {
    return [0, 1].map((i) => (
      <Box component="li" key={i} sx={{ listStyle: 'none' }}>
        <Skeleton variant="rounded" height={88} />
      </Box>
    ));
  }
  if (coupons.data.length === 0) {
    return (
      <Typography component="li" color="text.secondary" sx={{ listStyle: 'none', py: 2, textAlign: 'center' }}>
        {text.noCoupons}
      </Typography>
    );
  }
  return coupons.data.map((coupon) => (
    <CouponItem
      key={coupon.id}
      coupon={coupon}
      busy={claiming === coupon.coupon_point_code}
      disabled={claiming !== null}
      onClaim={() => onClaim(coupon)}
    />
  ));
}

function CouponItem({
  coupon,
  busy,
  disabled,
  onClaim,
}: {
  coupon: CoinCoupon;
  busy: boolean;
  disabled: boolean;
  onClaim: () => void;
}) {
  const text = useCoinTexts();
  const lang = useLang();
  const titleId = useId();
  const open = coupon.state === 'op';
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="coin-coupon"
      sx={{
        listStyle: 'none',
        p: 2,
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
        alignItems: 'center',
        bgcolor: open ? 'background.paper' : 'grey.50',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography id={titleId} component="h3" sx={{ fontWeight: 700, ...wrapLongStrings }}>
          {coupon.coupon_point_title || coupon.coupon_point_code}
        </Typography>
        {coupon.coupon_point_detail && (
          <Typography variant="body2" color="text.secondary" sx={{ ...wrapLongStrings }}>
            {coupon.coupon_point_detail}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {coupon.coupon_point_to ? text.expires(formatDateTime(coupon.coupon_point_to, lang)) : text.noExpiry}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          justifyContent: { xs: 'space-between', sm: 'flex-end' },
        }}
      >
        <Typography sx={{ fontWeight: 700, color: '#8a6500', whiteSpace: 'nowrap' }}>
          +{text.amount(formatCoins(coupon.coupon_point_amount, lang))}
        </Typography>
        <Button
          variant={open ? 'contained' : 'outlined'}
          disabled={!open || disabled}
          onClick={onClaim}
          sx={{ minWidth: 96 }}
        >
          {busy ? text.claiming : text.state[coupon.state]}
        </Button>
      </Box>
    </Paper>
  );
}
