import { ordersPaymentType as entity } from '@sikkha/contract';
import { isPaymentTypeId, paymentOfType } from '@sikkha/contract/rules';
import { BooleanInput, FunctionField, type RaRecord, TextField, TextInput, useTranslate } from 'react-admin';
import { ValueField } from '../components/fields';
import { ListPage } from '../components/ListPage';
import { PaymentSetupNotice } from '../components/PaymentSetupNotice';
import type { AdminResource } from './types';

/** The way of paying a type stands for: each type's id is tied to one method by the contract. */
function MethodCell({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const id = Number(record.id);
  return <span>{isPaymentTypeId(id) ? translate(`admin.values.${paymentOfType[id]}`) : '-'}</span>;
}

/**
 * The order dialog's payment types: staff rename them, reword their detail and turn each on or off. The types are
 * fixed (each id is one method the server knows how to take), so there is no create or delete. A method the shop's
 * settings leave out (no gateway, no bank account) is off whatever the switch says: the notice above says which.
 */
function PaymentTypeList() {
  return (
    <>
      <PaymentSetupNotice />
      <ListPage
        sort={{ field: 'id', order: 'ASC' }}
        noSearch
        columns={[
          <TextField key="title" source="orders_payment_type_title" />,
          <FunctionField
            key="method"
            label="resources.orders.fields.orders_payment"
            sortable={false}
            render={(r: RaRecord) => <MethodCell record={r} />}
          />,
          <TextField key="detail" source="orders_payment_type_detail" sortable={false} />,
          <ValueField
            key="on"
            source="orders_payment_type_disable"
            scope="paymentTypeOff"
            colors={{ N: 'success', Y: 'default' }}
          />,
        ]}
        phone={{
          primary: (r) => r.orders_payment_type_title,
          secondary: () => <ValueField source="orders_payment_type_disable" scope="paymentTypeOff" />,
        }}
        form={{
          schema: entity.write,
          noCreate: true,
          noDelete: true,
          inputs: [
            <TextInput key="title" source="orders_payment_type_title" fullWidth autoFocus />,
            <TextInput key="detail" source="orders_payment_type_detail" fullWidth multiline minRows={2} />,
            // Staff think "on", the column says "disable": the switch shows the one and saves the other.
            <BooleanInput
              key="on"
              source="orders_payment_type_disable"
              label="admin.paymentType.on"
              format={(value: unknown) => value !== 'Y'}
              parse={(on: boolean) => (on ? 'N' : 'Y')}
            />,
          ],
        }}
      />
    </>
  );
}

export const paymentTypeResource: AdminResource = {
  name: 'ordersPaymentType',
  list: PaymentTypeList,
  recordRepresentation: 'orders_payment_type_title',
};
