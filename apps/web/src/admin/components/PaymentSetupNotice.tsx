import { Alert, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { adminKeys } from '../../lib/query-keys';
import { adminRoute } from '../admin-request';

/** Staff learn here, not from a member, which payment methods are off for a setting the shop has not set. */
export function PaymentSetupNotice() {
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: adminKeys.paymentSetup(),
    queryFn: () => adminRoute('paymentSetup', {}).then((r) => r.data),
  });
  if (!data?.gaps.length) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
      {data.gaps.map((gap) => (
        <Alert key={gap.setting} severity="warning">
          {translate(`admin.paymentSetup.${gap.setting}`, {
            off: gap.off.map((payment) => translate(`admin.values.${payment}`)).join(', '),
          })}
        </Alert>
      ))}
    </Box>
  );
}
