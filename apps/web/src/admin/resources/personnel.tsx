import { Box, Button, TextField as MuiTextField, Stack } from '@mui/material';
import { personnel as entity } from '@sikkha/contract';
import { useState } from 'react';
import {
  PasswordInput,
  type RaRecord,
  TextField,
  TextInput,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { ValueField } from '../components/fields';
import { EnumInput } from '../components/inputs';
import { ListPage } from '../components/ListPage';
import type { AdminResource } from './types';

const details = [
  <TextInput key="username" source="username" fullWidth autoComplete="off" />,
  <TextInput key="name" source="personnel_name" fullWidth />,
  <TextInput key="lname" source="personnel_lname" fullWidth />,
  <TextInput key="nick" source="personnel_nickname" fullWidth />,
  <TextInput key="tel" source="personnel_tel" fullWidth />,
  <TextInput key="position" source="personnel_position" fullWidth />,
];

/** Disable or enable the account, and set a new password: each saved at once (the server keeps the last one enabled). */
function AccountActions({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const [password, setPassword] = useState('');
  const disabled = record.personnel_disable === 'Y';
  const save = (data: Record<string, unknown>, done: string) =>
    update(
      'personnel',
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(done, { type: 'success', messageArgs: { smart_count: 1 } });
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <Button
          variant="outlined"
          color={disabled ? 'primary' : 'warning'}
          disabled={isPending}
          onClick={() => save({ personnel_disable: disabled ? 'N' : 'Y' }, 'ra.notification.updated')}
        >
          {translate(disabled ? 'admin.personnel.enable' : 'admin.personnel.disable')}
        </Button>
        <MuiTextField
          size="small"
          type="password"
          autoComplete="new-password"
          label={translate('admin.personnel.newPassword')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button
          variant="outlined"
          disabled={isPending || password.length === 0}
          onClick={() => save({ password }, 'admin.personnel.passwordReset').then(() => setPassword(''))}
        >
          {translate('admin.personnel.resetPassword')}
        </Button>
      </Stack>
    </Box>
  );
}

function PersonnelList() {
  const translate = useTranslate();
  return (
    <ListPage
      sort={{ field: 'id', order: 'ASC' }}
      phone={{
        primary: (r) => [r.personnel_name, r.personnel_lname].filter(Boolean).join(' ') || r.username,
        secondary: (r) => [r.username, r.personnel_position].filter(Boolean).join(' · '),
        tertiary: (r) => (r.personnel_disable === 'Y' ? translate('resources.personnel.fields.personnel_disable') : ''),
      }}
      columns={[
        <TextField key="username" source="username" />,
        <TextField key="name" source="personnel_name" />,
        <TextField key="lname" source="personnel_lname" />,
        <TextField key="position" source="personnel_position" />,
        <ValueField key="off" source="personnel_disable" colors={{ Y: 'error', N: 'success' }} />,
      ]}
      filters={[<EnumInput key="off" source="personnel_disable" values={['N', 'Y']} />]}
      form={{
        // A new account needs its password; an existing one changes it only through "reset password".
        schema: entity.write.extend({ username: entity.fields.username, password: entity.fields.password }),
        inputs: [...details, <PasswordInput key="password" source="password" fullWidth autoComplete="new-password" />],
        editSchema: entity.write,
        editInputs: details,
        related: (record) => <AccountActions record={record} />,
      }}
    />
  );
}

export const personnelResource: AdminResource = {
  name: 'personnel',
  list: PersonnelList,
  recordRepresentation: (r) => [r.personnel_name, r.personnel_lname].filter(Boolean).join(' ') || r.username,
};
