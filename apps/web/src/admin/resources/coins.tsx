import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { couponPointStatuses, couponPointTypes, couponPoint as entity } from '@sikkha/contract';
import { coinEntryTypes } from '@sikkha/contract/rules';
import { useQuery } from '@tanstack/react-query';
import {
  AutocompleteInput,
  Link,
  NumberInput,
  type RaRecord,
  ReferenceField,
  ReferenceInput,
  TextField,
  TextInput,
  useCreatePath,
  useLocaleState,
  useRecordContext,
} from 'react-admin';
import { adminKeys } from '../../lib/query-keys';
import { adminRoute } from '../admin-request';
import { DateField, useValueWords, ValueField } from '../components/fields';
import { formatDate } from '../components/format';
import { BangkokDateTimeInput, EnumInput } from '../components/inputs';
import { ListPage } from '../components/ListPage';
import type { AdminResource } from './types';

const couponStateColors = { op: 'success', cl: 'default', us: 'warning' } as const;

/** /admin/couponPoint: coin coupons, public or for one member, with their amount, code, validity and state. */
function CouponPointList() {
  return (
    <ListPage
      sort={{ field: 'id', order: 'DESC' }}
      filters={[
        <EnumInput key="type" source="coupon_point_type" values={couponPointTypes} scope="couponPoint" />,
        <EnumInput key="state" source="coupon_point_status" values={couponPointStatuses} />,
      ]}
      columns={[
        <TextField key="code" source="coupon_point_code" />,
        <TextField key="title" source="coupon_point_title" />,
        <ValueField key="type" source="coupon_point_type" scope="couponPoint" />,
        <ReferenceField key="user" source="user_id" reference="user" link="show" emptyText="–" />,
        <TextField key="amount" source="coupon_point_amount" textAlign="right" />,
        <DateField key="start" source="coupon_point_start" showTime />,
        <DateField key="to" source="coupon_point_to" showTime />,
        <ValueField key="state" source="coupon_point_status" colors={couponStateColors} />,
      ]}
      form={{
        schema: entity.write,
        inputs: [
          <TextInput key="title" source="coupon_point_title" fullWidth />,
          <TextInput key="detail" source="coupon_point_detail" fullWidth multiline minRows={2} />,
          <TextInput key="code" source="coupon_point_code" fullWidth />,
          <NumberInput key="amount" source="coupon_point_amount" min={1} step={1} />,
          <EnumInput key="type" source="coupon_point_type" values={couponPointTypes} scope="couponPoint" />,
          <ReferenceInput key="user" source="user_id" reference="user">
            <AutocompleteInput optionText="email" fullWidth helperText="admin.coin.memberHint" />
          </ReferenceInput>,
          <BangkokDateTimeInput key="start" source="coupon_point_start" />,
          <BangkokDateTimeInput key="to" source="coupon_point_to" />,
          <EnumInput key="state" source="coupon_point_status" values={couponPointStatuses} />,
        ],
        defaults: { coupon_point_type: 'public', coupon_point_status: 'op' },
      }}
    />
  );
}

/** A ledger amount with its sign: green coins in, red coins out. */
function CoinAmount(_column: { source: string; label?: string }) {
  const row = useRecordContext<RaRecord>();
  const amount = Number(row?.log_point_amount ?? 0);
  return (
    <Typography variant="body2" component="span" color={amount < 0 ? 'error' : 'success.main'}>
      {amount > 0 ? `+${amount}` : amount}
    </Typography>
  );
}

// The ledger check's words live with it: the back office's shared catalogue is another screen's to change.
const ledgerWords = {
  th: {
    ok: 'ยอดเหรียญของสมาชิกทุกคนตรงกับผลรวมในบัญชีเหรียญ',
    off: (count: number) => `ยอดเหรียญไม่ตรงกับบัญชีเหรียญ ${count} คน`,
    line: (point: number, ledger: number) => `ยอดคงเหลือ ${point} · ผลรวมในบัญชี ${ledger}`,
    failed: 'ตรวจยอดเหรียญกับบัญชีเหรียญไม่สำเร็จ',
  },
  en: {
    ok: 'Every member’s balance equals the sum of their coin ledger',
    off: (count: number) => `${count} member${count === 1 ? '' : 's'} with a balance that is not their ledger’s sum`,
    line: (point: number, ledger: number) => `balance ${point} · ledger sum ${ledger}`,
    failed: 'Could not check the balances against the ledger',
  },
};

/**
 * The staff report of the ledger invariant (`logPointMismatch`): every balance should be the sum of its ledger
 * rows; a member where it is not is named with both figures and a link to their page.
 */
function LedgerCheck() {
  const [locale] = useLocaleState();
  const words = locale === 'en' ? ledgerWords.en : ledgerWords.th;
  const createPath = useCreatePath();
  const { data, isError } = useQuery({
    queryKey: adminKeys.coinMismatch(),
    queryFn: () => adminRoute('logPointMismatch', {}).then((r) => r.data),
  });
  if (isError) return <Alert severity="error">{words.failed}</Alert>;
  if (!data) return null;
  if (data.length === 0) {
    return (
      <Alert severity="success" variant="outlined" data-testid="ledger-check">
        {words.ok}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" data-testid="ledger-check">
      <AlertTitle>{words.off(data.length)}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {data.map((row) => (
          <li key={row.user_id}>
            <Link to={createPath({ resource: 'user', id: row.user_id, type: 'show' })}>
              {row.email ?? `#${row.user_id}`}
            </Link>{' '}
            {words.line(row.point, row.ledger)}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * /admin/logCoin: the coin ledger of every member, filtered, under the check that every balance is its ledger's
 * sum; adjustments are made on a member's page.
 */
function LogCoinList() {
  const words = useValueWords('coinEntry');
  const [locale] = useLocaleState();
  return (
    <>
      <Box sx={{ mt: 2 }}>
        <LedgerCheck />
      </Box>
      <ListPage
        sort={{ field: 'id', order: 'DESC' }}
        phone={{
          primary: (r) =>
            `${r.log_point_amount > 0 ? '+' : ''}${r.log_point_amount} · ${words(r.log_point_type ?? '')}`,
          secondary: (r) => r.log_point_note,
          tertiary: (r) => formatDate(r.create_at, locale, true),
        }}
        filters={[
          <ReferenceInput key="user" source="user_id" reference="user">
            <AutocompleteInput optionText="email" sx={{ minWidth: 240 }} />
          </ReferenceInput>,
          <EnumInput key="type" source="log_point_type" values={coinEntryTypes} scope="coinEntry" />,
        ]}
        columns={[
          <DateField key="at" source="create_at" showTime />,
          <ReferenceField key="user" source="user_id" reference="user" link="show" />,
          <CoinAmount key="amount" source="log_point_amount" />,
          <ValueField key="type" source="log_point_type" scope="coinEntry" />,
          <TextField key="note" source="log_point_note" />,
        ]}
      />
    </>
  );
}

export const couponPointResource: AdminResource = {
  name: 'couponPoint',
  list: CouponPointList,
  recordRepresentation: 'coupon_point_code',
};
export const logCoinResource: AdminResource = { name: 'logCoin', list: LogCoinList };
