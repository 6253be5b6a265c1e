import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { HEAD_OFFICE, PAYMENT_TYPE } from '@sikkha/contract/rules';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { attachSlip, useAfterPayment } from './api';
import { todayBuddhist } from './DateTimeFields';
import { type OrderForm, orderOf, orderResolver } from './order-form';
import { type ShopAccount, TransferPanel } from './TransferPanel';
import { useCheckoutTexts } from './texts';
import { useErrorText } from './use-field-message';

/**
 * A slip for an order already placed (a transfer reopened from My courses, or a personal PromptPay QR, which sends
 * no notice): the transfer panel's fields and rules, sent with ordersUpdate. The order then waits for staff.
 */
export function SlipAttach({
  orderId,
  account,
  net,
  onDone,
}: {
  orderId: number;
  account: ShopAccount | null;
  net: number;
  onDone?: () => void;
}) {
  const text = useCheckoutTexts();
  const errorText = useErrorText();
  const afterPayment = useAfterPayment();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { control, handleSubmit, formState } = useForm<OrderForm>({
    resolver: orderResolver,
    reValidateMode: 'onChange',
    defaultValues: {
      orders_payment_type_id: PAYMENT_TYPE.transfer,
      receipt: false,
      receipt_type: 'person',
      card_id: '',
      address: '',
      company_id: '',
      company_name: '',
      company_address: '',
      company_address_send: '',
      company_branch: HEAD_OFFICE,
      orders_payment_slip: '',
      orders_payment_date: todayBuddhist(),
      orders_payment_time: '',
      orders_payment_bank: '',
      orders_payment_amount: net.toFixed(2),
    },
  });
  const slip = useWatch({ control, name: 'orders_payment_slip' });
  const send = handleSubmit(async (values) => {
    setFailure(null);
    const {
      orders_payment_slip,
      orders_payment_date,
      orders_payment_time,
      orders_payment_bank,
      orders_payment_amount,
    } = orderOf(values, '');
    try {
      await attachSlip({
        id: orderId,
        orders_payment_slip,
        orders_payment_date,
        orders_payment_time,
        orders_payment_bank,
        orders_payment_amount,
      });
      await afterPayment();
      setSent(true);
      onDone?.();
    } catch (error) {
      setFailure(errorText(error));
    }
  });
  if (sent) return <Alert severity="success">{text.transferPlaced}</Alert>;
  return (
    <Box component="form" onSubmit={(event) => void send(event)} noValidate sx={{ display: 'grid', gap: 2 }}>
      <Typography component="h2" variant="h6">
        {text.attachSlip}
      </Typography>
      <TransferPanel control={control} account={account} />
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={!slip || formState.isSubmitting}>
        {formState.isSubmitting ? text.paying : text.confirm}
      </Button>
    </Box>
  );
}
