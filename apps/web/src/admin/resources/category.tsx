import { category as entity } from '@sikkha/contract';
import { TextField, TextInput } from 'react-admin';
import { DateField } from '../components/fields';
import { ListPage } from '../components/ListPage';
import type { AdminResource } from './types';

function CategoryList() {
  return (
    <ListPage
      sort={{ field: 'id', order: 'ASC' }}
      columns={[
        <TextField key="id" source="id" />,
        <TextField key="name" source="category_name" />,
        <DateField key="at" source="update_at" />,
      ]}
      form={{ schema: entity.write, inputs: <TextInput source="category_name" fullWidth autoFocus /> }}
    />
  );
}

export const categoryResource: AdminResource = {
  name: 'category',
  list: CategoryList,
  recordRepresentation: 'category_name',
};
