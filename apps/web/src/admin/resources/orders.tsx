import { Chip, Stack } from '@mui/material';
import { bookSendStates, cancelReasons, orderPayments, orderStatuses, type StaffOrder } from '@sikkha/contract';
import {
  AutocompleteInput,
  DateInput,
  FunctionField,
  type Identifier,
  type RaRecord,
  ReferenceInput,
  TextField,
  useBasename,
  useListContext,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateField, MoneyField, useValueWords, ValueField } from '../components/fields';
import { formatDate, formatMoney } from '../components/format';
import { EnumInput } from '../components/inputs';
import { ListPage } from '../components/ListPage';
import { ordersExporter } from '../components/orders-export';
import { SlipThumbnail } from '../components/Slip';
import { ApproveButton, BookSendButtons, RejectButton } from './order-actions';
import { type Column, MemberCell, statusColors } from './order-cells';
import { OrderShow } from './order-page';
import { PaidAfterCancel } from './paid-after-cancel';
import type { AdminResource } from './types';

export const bookSendColors = { N: 'default', Y: 'success', C: 'error' } as const;

/** The day and time the member says they paid. */
function PaidAtCell(_column: Column) {
  const order = useRecordContext<StaffOrder>();
  if (!order?.orders_payment_date) return null;
  return (
    <span>
      <DateField source="orders_payment_date" /> {order.orders_payment_time?.slice(0, 5)}
    </span>
  );
}

function FlagsCell(_column: Column) {
  const order = useRecordContext<StaffOrder>();
  const translate = useTranslate();
  const flags = order?.slipCheck?.flags ?? [];
  return (
    <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
      {flags.map((flag) => (
        <Chip
          key={flag}
          size="small"
          color={flag === 'reused' ? 'error' : 'warning'}
          label={translate(`admin.order.flagShort.${flag}`)}
        />
      ))}
    </Stack>
  );
}

/** An order on a phone: reference and amount; member and course; state, method and when. */
function usePhoneLines() {
  const words = useValueWords();
  const [locale] = useLocaleState();
  return {
    primary: (order: RaRecord) => `${order.orders_ref ?? `#${order.id}`} · ${formatMoney(order.orders_net)}`,
    // Two lines under the reference: on a phone, a third text at the right would squeeze the member's name.
    secondary: (order: RaRecord) => (
      <>
        <span style={{ display: 'block' }}>
          {[order.name_th, order.lname_th].filter(Boolean).join(' ') || order.email} · {order.product_title ?? ''}
        </span>
        <span style={{ display: 'block' }}>
          {words(order.orders_status)} · {words(order.orders_payment)} · {formatDate(order.create_at, locale, true)}
        </span>
      </>
    ),
  };
}

/** Where a row leads: the order's page (a path under the back office, as the router wants it). */
function useOrderPage() {
  const basename = useBasename();
  return (id: Identifier) => `${basename}/orders/${id}/show`;
}

/** The rows ticked: approve them all, or refuse them all with one reason. */
function ConfirmBulkActions() {
  const { selectedIds, data } = useListContext<StaffOrder>();
  // The rows ticked with what their slips showed (a tick kept from another page is known by its id only).
  const rows = new Map((data ?? []).map((order) => [order.id, order]));
  const orders = (selectedIds as number[]).map((id) => rows.get(id) ?? { id, orders_ref: null, slipCheck: null });
  return (
    <>
      <ApproveButton orders={orders} />
      <RejectButton ids={selectedIds as number[]} />
    </>
  );
}

function RowDecision(_column: Column) {
  const order = useRecordContext<StaffOrder>();
  if (!order) return null;
  return (
    <Stack direction="row" spacing={1} onClick={(event) => event.stopPropagation()}>
      <ApproveButton orders={[order]} compact />
      <RejectButton ids={[order.id]} compact />
    </Stack>
  );
}

/**
 * /admin/ordersConfirm (where the sidebar's count leads): the payments after cancellation to resolve, then waiting
 * orders with their slips, approved or refused one by one or several at once.
 */
function OrdersConfirmList() {
  const orderPage = useOrderPage();
  const phone = usePhoneLines();
  const [locale] = useLocaleState();
  return (
    <>
      <PaidAfterCancel />
      <ListPage
        exporter={ordersExporter(locale)}
        sort={{ field: 'id', order: 'ASC' }}
        filters={[<EnumInput key="pay" source="orders_payment" values={orderPayments} />]}
        rowClick={(id) => orderPage(id)}
        phone={phone}
        bulkActions={<ConfirmBulkActions />}
        columns={[
          <TextField key="ref" source="orders_ref" sortable={false} />,
          <MemberCell key="member" label="resources.orders.fields.user_id" />,
          <TextField key="course" source="product_title" sortable={false} />,
          <ValueField key="pay" source="orders_payment" sortable={false} />,
          <MoneyField key="net" source="orders_net" textAlign="right" />,
          <PaidAtCell key="paid" label="resources.orders.fields.orders_payment_date" />,
          <FunctionField
            key="slip"
            label="resources.orders.fields.orders_payment_slip"
            render={(order: StaffOrder) => (
              <SlipThumbnail
                name={order.orders_payment_slip}
                label={order.orders_ref ?? `#${order.id}`}
                check={order.slipCheck}
                net={order.orders_net}
              />
            )}
          />,
          <FlagsCell key="flags" label="admin.order.check" />,
          <DateField key="at" source="create_at" showTime />,
          <RowDecision key="decide" label="admin.order.decide" />,
        ]}
      />
    </>
  );
}

const orderFilters = [
  <EnumInput key="status" source="orders_status" values={orderStatuses} />,
  <EnumInput key="pay" source="orders_payment" values={orderPayments} />,
  <DateInput key="from" source="from" label="admin.order.from" />,
  <DateInput key="to" source="to" label="admin.order.to" />,
  <ReferenceInput key="user" source="user_id" reference="user">
    <AutocompleteInput optionText="email" sx={{ minWidth: 240 }} />
  </ReferenceInput>,
  <ReferenceInput key="course" source="product_id" reference="product">
    <AutocompleteInput optionText="product_title" sx={{ minWidth: 240 }} />
  </ReferenceInput>,
  <EnumInput key="book" source="product_book" values={['Y', 'N']} />,
  <EnumInput key="send" source="orders_book_send" values={bookSendStates} scope="bookSend" />,
];

const orderColumns = [
  <TextField key="id" source="id" />,
  <TextField key="ref" source="orders_ref" sortable={false} />,
  <MemberCell key="member" label="resources.orders.fields.user_id" />,
  <TextField key="course" source="product_title" sortable={false} />,
  <ValueField key="pay" source="orders_payment" sortable={false} />,
  <MoneyField key="net" source="orders_net" textAlign="right" />,
  <ValueField key="status" source="orders_status" colors={statusColors} />,
  <FunctionField
    key="send"
    source="orders_book_send"
    sortable={false}
    render={(order: StaffOrder) =>
      order.product_book === 'Y' ? (
        <ValueField source="orders_book_send" colors={bookSendColors} scope="bookSend" />
      ) : (
        '–'
      )
    }
  />,
  <DateField key="at" source="create_at" showTime />,
];

/**
 * /admin/orders: the payments after cancellation to resolve first, then every order, filtered; the order page on a
 * click; book shipping for the ticked rows; the CSV staff read.
 */
function OrdersList() {
  const orderPage = useOrderPage();
  const phone = usePhoneLines();
  const [locale] = useLocaleState();
  return (
    <>
      <PaidAfterCancel />
      <ListPage
        exporter={ordersExporter(locale)}
        sort={{ field: 'id', order: 'DESC' }}
        filters={orderFilters}
        rowClick={(id) => orderPage(id)}
        phone={phone}
        bulkActions={<BookSendButtons />}
        columns={orderColumns}
      />
    </>
  );
}

/** /admin/ordersExpire: orders that ended unpaid (expired) or were cancelled, and why; none is reopened here. */
function OrdersExpireList() {
  const orderPage = useOrderPage();
  const phone = usePhoneLines();
  const [locale] = useLocaleState();
  return (
    <ListPage
      exporter={ordersExporter(locale)}
      sort={{ field: 'id', order: 'DESC' }}
      filters={[<EnumInput key="why" source="cancel_reason" values={cancelReasons} scope="cancelReason" />]}
      rowClick={(id) => orderPage(id)}
      phone={phone}
      columns={[
        <TextField key="ref" source="orders_ref" sortable={false} />,
        <MemberCell key="member" label="resources.orders.fields.user_id" />,
        <TextField key="course" source="product_title" sortable={false} />,
        <ValueField key="pay" source="orders_payment" sortable={false} />,
        <MoneyField key="net" source="orders_net" textAlign="right" />,
        <ValueField key="why" source="cancel_reason" sortable={false} scope="cancelReason" />,
        <TextField key="note" source="cancel_note" sortable={false} />,
        <DateField key="at" source="create_at" showTime />,
        <DateField key="upd" source="update_at" showTime />,
      ]}
    />
  );
}

export const ordersConfirmResource: AdminResource = {
  name: 'ordersConfirm',
  list: OrdersConfirmList,
  recordRepresentation: (r) => r.orders_ref ?? `#${r.id}`,
};
export const ordersResource: AdminResource = {
  name: 'orders',
  list: OrdersList,
  show: OrderShow,
  recordRepresentation: (r) => r.orders_ref ?? `#${r.id}`,
};
export const ordersExpireResource: AdminResource = {
  name: 'ordersExpire',
  list: OrdersExpireList,
  recordRepresentation: (r) => r.orders_ref ?? `#${r.id}`,
};
