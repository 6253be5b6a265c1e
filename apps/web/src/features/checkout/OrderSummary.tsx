import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { accessPeriodText, amountDue, formatBaht, type Satang, toBaht } from '@sikkha/contract/rules';
import type { ReactNode } from 'react';
import type { Product } from '../../api/catalogue';
import { useLang } from '../../i18n/texts';
import { useCouponTexts } from './coupon-texts';
import { feePercent } from './fee-percent';
import { useCheckoutTexts } from './texts';

/**
 * The order's sums as the server will charge them (spec 2 §5): the course, its price, the coupon's discount, the
 * net, the card fee and the amount with it, the coins a coin payment takes or a coupon gives, and the access period.
 */
export function OrderSummary({
  product,
  price,
  discount,
  net,
  fee,
  feeFactor,
  coins,
  couponCoins,
}: {
  product: Product;
  price: Satang;
  discount: Satang;
  net: Satang;
  fee: Satang;
  feeFactor: number;
  coins: number | null;
  /** Coins a Point coupon gives once the order is paid. */
  couponCoins: number;
}) {
  const text = useCheckoutTexts();
  const couponText = useCouponTexts();
  const lang = useLang();
  const now = new Date();
  const rows: [string, ReactNode, boolean?][] = [
    [text.course, product.product_title ?? ''],
    [text.price, formatBaht(toBaht(price))],
    [text.discount, formatBaht(toBaht(discount))],
    [text.net, formatBaht(toBaht(net)), true],
  ];
  if (fee > 0) {
    rows.push(
      [text.fee(feePercent(feeFactor, lang)), formatBaht(toBaht(fee))],
      [text.amount, formatBaht(toBaht(amountDue({ orders_net: toBaht(net), fee: toBaht(fee) }))), true],
    );
  }
  if (coins !== null) rows.push([text.amount, text.coinsNeeded(coins.toLocaleString()), true]);
  if (couponCoins > 0) rows.push([couponText.coinsOnFinish, couponText.coins(couponCoins.toLocaleString())]);
  rows.push([text.access, `${accessPeriodText(now, now, lang)} (${text.accessNote})`]);
  return (
    <Paper variant="outlined" component="section" aria-label={text.summary} sx={{ p: 2, bgcolor: 'grey.50' }}>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {text.summary}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
        {rows.map(([label, value, strong]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                textAlign: 'right',
                fontWeight: strong ? 700 : 400,
                fontSize: strong ? '1.125rem' : undefined,
              }}
              data-testid={label === text.net ? 'summary-net' : undefined}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {fee > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {text.feeNote}
        </Typography>
      )}
    </Paper>
  );
}
