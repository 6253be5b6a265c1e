import { Box, Typography } from '@mui/material';
import {
  couponEmail,
  couponProduct,
  couponTypes,
  coupon as entity,
  orderPayments,
  type RouteData,
} from '@sikkha/contract';
import { couponAmountFields, couponFieldsOf } from '@sikkha/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  AutocompleteInput,
  CheckboxGroupInput,
  DateInput,
  FunctionField,
  NumberInput,
  type RaRecord,
  ReferenceField,
  ReferenceInput,
  TextField,
  TextInput,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { adminKeys } from '../../lib/query-keys';
import { adminRoute } from '../admin-request';
import { ChildTable } from '../components/ChildTable';
import { DateField, ValueField } from '../components/fields';
import { formatDate, formatMoney } from '../components/format';
import { EnumInput, MoneyInput, TimeOfDayInput, YNInput } from '../components/inputs';
import { ListPage } from '../components/ListPage';
import type { AdminResource } from './types';

type CouponType = (typeof couponTypes)[number];
const amountFields = Object.values(couponAmountFields);

/** The amounts the chosen type uses; changing the type clears the others (spec 2 §4). */
function AmountInputs() {
  const { setValue } = useFormContext();
  const chosen = useWatch({ name: 'coupon_type' }) as CouponType | undefined;
  const shown = couponFieldsOf(chosen ?? 'All');
  // The type the form was opened with is not a change: only a choice made here clears the amounts.
  const previous = useRef(chosen);
  useEffect(() => {
    if (chosen === undefined) return;
    if (previous.current !== undefined && previous.current !== chosen) {
      for (const field of amountFields) setValue(field, null, { shouldDirty: true });
    }
    previous.current = chosen;
  }, [chosen, setValue]);
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      {shown.includes('coupon_price') && <MoneyInput source="coupon_price" />}
      {shown.includes('coupon_percent') && <NumberInput source="coupon_percent" min={0} max={100} step={1} />}
      {shown.includes('coupon_point') && <NumberInput source="coupon_point" min={0} step={1} />}
      {shown.includes('coupon_pay') && <MoneyInput source="coupon_pay" />}
    </Box>
  );
}

/** coupon_payment keeps the methods as one comma-separated text; empty means every method but coins. */
function PaymentMethodsInput() {
  const translate = useTranslate();
  return (
    <CheckboxGroupInput
      source="coupon_payment"
      choices={orderPayments
        .filter((p) => p !== 'coin')
        .map((id) => ({ id, name: translate(`admin.values.${id}`, { _: id }) }))}
      format={(value: unknown) => (typeof value === 'string' && value ? value.split(/[\s,]+/).filter(Boolean) : [])}
      parse={(value: string[]) => (value.length > 0 ? value.join(',') : null)}
      helperText="admin.coupon.paymentHint"
    />
  );
}

const inputs = [
  <TextInput key="code" source="coupon_code" fullWidth />,
  <TextInput key="name" source="coupon_name" fullWidth />,
  <TextInput key="detail" source="coupon_detail" fullWidth multiline minRows={2} />,
  <EnumInput key="type" source="coupon_type" values={couponTypes} scope="couponType" />,
  <AmountInputs key="amounts" />,
  <Box key="window" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
    <DateInput source="coupon_start" />
    <TimeOfDayInput source="coupon_start_time" />
    <DateInput source="coupon_to" />
    <TimeOfDayInput source="coupon_to_time" />
  </Box>,
  <Box key="duration" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
    <NumberInput source="coupon_year" min={0} sx={{ width: 120 }} />
    <NumberInput source="coupon_month" min={0} sx={{ width: 120 }} />
    <NumberInput source="coupon_day" min={0} sx={{ width: 120 }} />
    <NumberInput source="coupon_hour" min={0} sx={{ width: 120 }} />
  </Box>,
  <NumberInput key="limit" source="coupon_limit" min={0} helperText="admin.coupon.limitHint" />,
  <PaymentMethodsInput key="pay" />,
  <EnumInput key="products" source="coupon_product_type" values={['Only', 'All']} scope="couponProducts" />,
  <ReferenceInput key="product" source="product_id" reference="product">
    <AutocompleteInput optionText="product_title" fullWidth />
  </ReferenceInput>,
  <YNInput key="member" source="coupon_member_only" />,
  <YNInput key="email" source="coupon_email_only" />,
];

/** How often the coupon was used and when it is open, as the server counts and reads it. */
function Usage({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data } = useQuery({
    queryKey: adminKeys.couponUsage(record.coupon_code),
    queryFn: () =>
      adminRoute('couponAllByCode', { query: { code: record.coupon_code } }).then(
        (r): RouteData<'couponAllByCode'>[number] | undefined => r.data.find((c) => c.id === record.id),
      ),
  });
  if (!data) return null;
  const window = [formatDate(data.from, locale, true), formatDate(data.until, locale, true)];
  return (
    <Typography variant="body2" sx={{ px: 2 }}>
      {translate('admin.coupon.used', { count: data.countOrder, limit: data.coupon_limit || '∞' })} ·{' '}
      {translate('admin.coupon.window', { from: window[0] || '–', until: window[1] || '–' })}
    </Typography>
  );
}

/** A coupon's e-mail list (when it is for those e-mails only) and its extra courses. */
function CouponRows({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const id = record.id as number;
  return (
    <>
      <Usage record={record} />
      <ChildTable
        title={translate('admin.coupon.emails')}
        reference="couponEmail"
        target="coupon_id"
        id={id}
        schema={couponEmail.write}
        columns={[
          <TextField key="e" source="coupon_email" />,
          <ValueField key="r" source="remove_by" />,
          <DateField key="at" source="update_at" />,
        ]}
        inputs={<TextInput source="coupon_email" type="email" fullWidth />}
        addLabel="admin.coupon.addEmail"
      />
      <ChildTable
        title={translate('admin.coupon.products')}
        reference="couponProduct"
        target="coupon_id"
        id={id}
        schema={couponProduct.write}
        columns={[
          <ReferenceField key="p" source="product_id" reference="product" link={false} />,
          <ValueField key="r" source="remove_by" />,
        ]}
        inputs={
          <ReferenceInput source="product_id" reference="product">
            <AutocompleteInput optionText="product_title" fullWidth />
          </ReferenceInput>
        }
        addLabel="admin.coupon.addProduct"
      />
    </>
  );
}

/** What the coupon takes off or gives, by its type. */
function EffectCell({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const parts = couponFieldsOf(record.coupon_type as CouponType)
    .filter((field) => record[field] !== null && record[field] !== undefined)
    .map((field) => {
      const value = record[field] as number;
      if (field === 'coupon_percent') return `${value}%`;
      if (field === 'coupon_point') return translate('admin.coupon.coins', { count: value });
      if (field === 'coupon_price') return `${translate('admin.coupon.priceBecomes')} ${formatMoney(value)}`;
      return `−${formatMoney(value)}`;
    });
  return <span>{parts.join(' · ') || '–'}</span>;
}

function CouponList() {
  return (
    <ListPage
      sort={{ field: 'id', order: 'DESC' }}
      phone={{
        primary: (r) => `${r.coupon_code} · ${r.coupon_name ?? ''}`,
        secondary: (r) => <EffectCell record={r} />,
      }}
      filters={[
        <EnumInput key="type" source="coupon_type" values={couponTypes} scope="couponType" />,
        <EnumInput key="email" source="coupon_email_only" values={['Y', 'N']} />,
        <EnumInput key="member" source="coupon_member_only" values={['Y', 'N']} />,
      ]}
      columns={[
        <TextField key="code" source="coupon_code" />,
        <TextField key="name" source="coupon_name" />,
        <ValueField key="type" source="coupon_type" scope="couponType" />,
        <FunctionField key="effect" label="admin.coupon.effect" render={(r: RaRecord) => <EffectCell record={r} />} />,
        <DateField key="start" source="coupon_start" />,
        <DateField key="to" source="coupon_to" />,
        <TextField key="limit" source="coupon_limit" emptyText="∞" />,
        <ValueField key="email" source="coupon_email_only" />,
      ]}
      form={{
        schema: entity.write,
        maxWidth: 'md',
        inputs,
        defaults: { coupon_type: 'All', coupon_product_type: 'Only', coupon_member_only: 'N', coupon_email_only: 'N' },
        related: (record) => <CouponRows record={record} />,
      }}
    />
  );
}

export const couponResource: AdminResource = {
  name: 'coupon',
  list: CouponList,
  recordRepresentation: 'coupon_code',
};
