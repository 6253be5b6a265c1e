import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import CreditScoreIcon from '@mui/icons-material/CreditScore';
import PaidIcon from '@mui/icons-material/Paid';
import PaymentIcon from '@mui/icons-material/Payment';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import { PAYMENT_TYPE } from '@sikkha/contract/rules';
import { type ReactNode, useId } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import type { Product } from '../../api/catalogue';
import type { CurrentUser } from '../../api/session';
import { type Lang, useLang } from '../../i18n/texts';
import { type CheckoutSettings, offeredPayment, type PaymentType } from './api';
import { isCoins, type OrderForm as OrderFormValues, paymentOf } from './order-form';
import { useCheckoutTexts } from './texts';

const typeIcons: Record<number, ReactNode> = {
  [PAYMENT_TYPE.card]: <CreditCardIcon />,
  [PAYMENT_TYPE.transfer]: <AccountBalanceIcon />,
  [PAYMENT_TYPE.qr]: <QrCode2Icon />,
  [PAYMENT_TYPE.coin]: <PaidIcon />,
  [PAYMENT_TYPE.smartPay]: <CreditScoreIcon />,
  [PAYMENT_TYPE.unionPay]: <PaymentIcon />,
};

export /**
 * Why a payment type cannot be chosen now, or null (spec 2 §5 rule 6, §6): switched off by staff, not taken by the
 * shop now (a card method with no gateway), or coins the course does not take or the member does not have.
 */
function disabledReason(
  type: PaymentType,
  product: Product,
  user: CurrentUser,
  coins: number,
  settings: CheckoutSettings,
  text: ReturnType<typeof useCheckoutTexts>,
): string | null {
  if (offeredPayment(type, settings) === null) return text.typeOff;
  if (isCoins(type.id)) {
    if (product.product_coin_pay !== 'Y') return text.coinDisabledNotAccepted;
    if (coins > (user.point ?? 0)) return text.coinDisabledBalance;
  }
  return null;
}

const typeTitle = (type: PaymentType, lang: Lang, text: ReturnType<typeof useCheckoutTexts>) => {
  const payment = paymentOf(type.id);
  return lang === 'en' && payment ? text.method[payment] : (type.orders_payment_type_title ?? '');
};

/**
 * The order dialog's payment methods as radio cards: each with its icon, name and detail, or why it cannot be chosen
 * now (greyed, not selectable).
 */
export function PaymentTypeList({
  control,
  types,
  reasons,
  onChoose,
}: {
  control: Control<OrderFormValues>;
  types: PaymentType[];
  reasons: Map<number, string | null>;
  onChoose: (id: number) => void;
}) {
  const text = useCheckoutTexts();
  const lang = useLang();
  const labelId = useId();
  const chosen = useWatch({ control, name: 'orders_payment_type_id' });
  return (
    <Box role="radiogroup" aria-labelledby={labelId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={labelId} component="h3" variant="h6">
        {text.paymentTypes}
      </Typography>
      {types.map((type) => {
        const reason = reasons.get(type.id) ?? null;
        const selected = chosen === type.id;
        const title = typeTitle(type, lang, text);
        return (
          <Paper
            key={type.id}
            variant="outlined"
            component="label"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              p: 1,
              pr: 2,
              cursor: reason ? 'not-allowed' : 'pointer',
              opacity: reason ? 0.55 : 1,
              borderColor: selected ? 'primary.main' : 'divider',
              borderWidth: selected ? 2 : 1,
              bgcolor: selected ? 'rgba(15, 76, 129, 0.04)' : 'background.paper',
            }}
          >
            <Radio
              checked={selected}
              disabled={reason !== null}
              onChange={() => onChoose(type.id)}
              value={type.id}
              name="orders_payment_type_id"
              slotProps={{ input: { 'aria-label': title } }}
            />
            <Box sx={{ color: reason ? 'text.disabled' : 'primary.main', display: 'flex' }} aria-hidden>
              {typeIcons[type.id] ?? <PaymentIcon />}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {reason ?? type.orders_payment_type_detail}
              </Typography>
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
