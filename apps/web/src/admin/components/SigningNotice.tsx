import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { adminKeys } from '../../lib/query-keys';
import { adminRoute } from '../admin-request';

/** Staff learn here that the shop's documents go out unsigned until its certificate is set (docs/ETAX.md). */
export function SigningNotice() {
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: adminKeys.signingStatus(),
    queryFn: () => adminRoute('signingStatus', {}).then((r) => r.data),
  });
  if (data?.signed !== false) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {translate('admin.signing.unsigned')}
    </Alert>
  );
}
