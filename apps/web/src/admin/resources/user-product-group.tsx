import { FormControlLabel, Switch } from '@mui/material';
import { userProductGroup as entity, groupTypes } from '@sikkha/contract';
import {
  ReferenceField,
  ResourceContextProvider,
  TextField,
  TextInput,
  useGetIdentity,
  useInput,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router';
import { DateField, ValueField } from '../components/fields';
import { YNInput } from '../components/inputs';
import { ListPage } from '../components/ListPage';
import type { AdminResource } from './types';

/** Approving signs the code with the staff member's id; switching it off clears it. */
function ApproveInput() {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const { field } = useInput({ source: 'approve_by' });
  return (
    <FormControlLabel
      control={
        <Switch
          checked={field.value != null}
          onChange={(event) => field.onChange(event.target.checked ? Number(identity?.id) : null)}
        />
      }
      label={translate('resources.userProductGroup.fields.approve_by')}
    />
  );
}

/** Staff approve a code by signing it (approve_by is their id), mark a member removed from the group, keep notes. */
function GroupMemberList({ type }: { type: (typeof groupTypes)[number] }) {
  const translate = useTranslate();
  return (
    <ListPage
      key={type}
      title={translate(`admin.pages.${type === 'line' ? 'userProductGroupLine' : 'userProductGroupFacebook'}`)}
      filter={{ product_group_type: type }}
      sort={{ field: 'id', order: 'DESC' }}
      columns={[
        <ReferenceField key="user" source="user_id" reference="user" link="show" />,
        <ReferenceField key="group" source="product_group_id" reference="productGroup" link={false}>
          <ReferenceField source="product_id" reference="product" link={false} />
        </ReferenceField>,
        <TextField key="code" source="user_product_group_code" />,
        <ReferenceField key="by" source="approve_by" reference="personnel" link={false} emptyText="–" />,
        <ValueField key="removed" source="remove_by" />,
        <TextField key="note" source="user_product_group_note" />,
        <DateField key="at" source="create_at" />,
      ]}
      form={{
        schema: entity.write,
        inputs: [
          <ApproveInput key="approved" />,
          <YNInput key="removed" source="remove_by" />,
          <TextInput key="note" source="user_product_group_note" fullWidth multiline />,
        ],
        // A member's code is made by the member (userProductGroupGennarate); staff only edit it.
        noCreate: true,
      }}
    />
  );
}

/** /admin/userProductGroup/facebook and /admin/userProductGroup/line (spec 2 §2). */
export function UserProductGroupByType() {
  const { type } = useParams();
  const known = groupTypes.find((t) => t === type) ?? 'facebook';
  return (
    <ResourceContextProvider value="userProductGroup">
      <GroupMemberList type={known} />
    </ResourceContextProvider>
  );
}

function ExpiredList() {
  return (
    <ListPage
      noSearch
      columns={[
        <ReferenceField key="user" source="user_id" reference="user" link="show" />,
        <TextField key="email" source="email" sortable={false} />,
        <ReferenceField key="product" source="product_id" reference="product" link={false} sortable={false} />,
        <ValueField key="type" source="product_group_type" sortable={false} />,
        <TextField key="code" source="user_product_group_code" sortable={false} />,
        <DateField key="until" source="expired_on" sortable={false} />,
      ]}
    />
  );
}

export const userProductGroupResource: AdminResource = { name: 'userProductGroup' };
export const userProductGroupExpireResource: AdminResource = { name: 'userProductGroupExpire', list: ExpiredList };
