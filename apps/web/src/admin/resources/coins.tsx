import { Typography } from '@mui/material';
import { couponPointStatuses, couponPointTypes, couponPoint as entity } from '@sikkha/contract';
import { coinEntryTypes } from '@sikkha/contract/rules';
import {
  AutocompleteInput,
  NumberInput,
  type RaRecord,
  ReferenceField,
  ReferenceInput,
  TextField,
  TextInput,
  useLocaleState,
  useRecordContext,
} from 'react-admin';
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

/** /admin/logCoin: the coin ledger of every member, filtered; adjustments are made on a member's page. */
function LogCoinList() {
  const words = useValueWords('coinEntry');
  const [locale] = useLocaleState();
  return (
    <ListPage
      sort={{ field: 'id', order: 'DESC' }}
      phone={{
        primary: (r) => `${r.log_point_amount > 0 ? '+' : ''}${r.log_point_amount} · ${words(r.log_point_type ?? '')}`,
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
  );
}

export const couponPointResource: AdminResource = {
  name: 'couponPoint',
  list: CouponPointList,
  recordRepresentation: 'coupon_point_code',
};
export const logCoinResource: AdminResource = { name: 'logCoin', list: LogCoinList };
