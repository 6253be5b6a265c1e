import { Divider } from '@mui/material';
import {
  product as entity,
  groupTypes,
  productCoach,
  productDetailList,
  productDetailText,
  productGroup,
  productStatuses,
  videoList,
  videoListStatuses,
} from '@sikkha/contract';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  TextField,
  TextInput,
  useCreate,
  useTranslate,
} from 'react-admin';
import { ChildTable } from '../components/ChildTable';
import { DateField, MoneyField, PictureField, useValueWords, ValueField } from '../components/fields';
import { formatMoney } from '../components/format';
import { EnumInput, MoneyInput, YNInput } from '../components/inputs';
import { ListPage } from '../components/ListPage';
import { UploadInput } from '../components/UploadInput';
import type { AdminResource } from './types';

const inputs = [
  <TextInput key="title" source="product_title" fullWidth />,
  <MoneyInput key="price" source="product_price" />,
  <ReferenceArrayInput key="cats" source="product_category_list" reference="category">
    <AutocompleteArrayInput optionText="category_name" fullWidth />
  </ReferenceArrayInput>,
  <TextInput key="detail" source="product_detail" fullWidth multiline minRows={3} />,
  <TextInput key="tag" source="product_tag" fullWidth />,
  <EnumInput key="status" source="product_status" values={productStatuses} />,
  <YNInput key="disable" source="product_disable" />,
  <YNInput key="book" source="product_book" />,
  <YNInput key="coin" source="product_coin_pay" />,
  <UploadInput key="mini" source="product_img_mini" endpoint="ProductMini" />,
  <UploadInput key="head" source="product_img_head" endpoint="ProductHead" />,
  <UploadInput key="vertical" source="product_img_vertical" endpoint="ProductVertical" />,
  <UploadInput key="cert" source="product_img_certificate" endpoint="ProductCertificate" />,
];

/** A tab of the course page: chosen from the shop's tabs, or made on the spot by typing a new name. */
function TabInput() {
  const [create] = useCreate();
  return (
    <ReferenceInput source="product_detail_type_id" reference="productDetailType">
      <AutocompleteInput
        optionText="product_detail_tab_name"
        onCreate={async (name?: string) => {
          if (!name) return undefined;
          return create(
            'productDetailType',
            { data: { product_detail_tab_name: name } },
            { returnPromise: true },
          ) as Promise<{ id: number }>;
        }}
      />
    </ReferenceInput>
  );
}

/** Everything a course has besides its own row: coaches, detail tabs, lessons in order, groups. */
function CourseContent({ id }: { id: number }) {
  const translate = useTranslate();
  const tab = <ReferenceField source="product_detail_type_id" reference="productDetailType" link={false} />;
  return (
    <>
      <Divider />
      <ChildTable
        title={translate('admin.product.coaches')}
        reference="productCoach"
        target="product_id"
        id={id}
        schema={productCoach.write}
        columns={<ReferenceField source="coach_id" reference="coach" link={false} />}
        inputs={
          <ReferenceInput source="coach_id" reference="coach">
            <AutocompleteInput optionText="coach_name" />
          </ReferenceInput>
        }
        addLabel="admin.product.addCoach"
      />
      <ChildTable
        title={`${translate('admin.product.tabs')}: ${translate('resources.product.fields.product_detail_text_value')}`}
        reference="productDetailText"
        target="product_id"
        id={id}
        schema={productDetailText.write}
        columns={[tab, <TextField key="v" source="product_detail_text_value" />]}
        inputs={[<TabInput key="tab" />, <TextInput key="v" source="product_detail_text_value" fullWidth multiline />]}
        addLabel="admin.product.addText"
      />
      <ChildTable
        title={`${translate('admin.product.tabs')}: ${translate('resources.product.fields.product_detail_list_title')}`}
        reference="productDetailList"
        target="product_id"
        id={id}
        sort={{ field: 'product_detail_list_item', order: 'ASC' }}
        schema={productDetailList.write}
        columns={[
          tab,
          <TextField key="item" source="product_detail_list_item" />,
          <TextField key="title" source="product_detail_list_title" />,
          <TextField key="file" source="product_detail_list_file" />,
        ]}
        inputs={[
          <TabInput key="tab" />,
          <TextInput key="title" source="product_detail_list_title" fullWidth />,
          <TextInput key="detail" source="product_detail_list_detail" fullWidth multiline />,
          <NumberInput key="item" source="product_detail_list_item" />,
          <UploadInput key="file" source="product_detail_list_file" endpoint="PdfProduct" image={false} />,
        ]}
        defaults={{ product_detail_list_item: 1 }}
        addLabel="admin.product.addList"
      />
      <ChildTable
        title={translate('admin.product.lessons')}
        reference="videoList"
        target="product_id"
        id={id}
        sort={{ field: 'video_list_item', order: 'ASC' }}
        schema={videoList.write}
        columns={[
          <TextField key="item" source="video_list_item" />,
          <ReferenceField key="video" source="video_id" reference="video" link={false} />,
          <ValueField key="status" source="video_list_status" />,
        ]}
        inputs={[
          <ReferenceInput key="video" source="video_id" reference="video">
            <AutocompleteInput optionText="video_name" />
          </ReferenceInput>,
          <EnumInput key="status" source="video_list_status" values={videoListStatuses} />,
          <NumberInput key="item" source="video_list_item" />,
        ]}
        defaults={{ video_list_status: 'private' }}
        addLabel="admin.product.addLesson"
      />
      <ChildTable
        title={translate('admin.product.groups')}
        reference="productGroup"
        target="product_id"
        id={id}
        schema={productGroup.write}
        columns={[
          <ValueField key="type" source="product_group_type" />,
          <TextField key="url" source="product_group_url" />,
          <ValueField key="hide" source="product_group_hide" />,
        ]}
        inputs={[
          <EnumInput key="type" source="product_group_type" values={groupTypes} />,
          <TextInput key="url" source="product_group_url" fullWidth />,
          <YNInput key="hide" source="product_group_hide" />,
        ]}
        defaults={{ product_group_hide: 'N' }}
        addLabel="admin.product.addGroup"
      />
    </>
  );
}

function ProductList() {
  const words = useValueWords();
  return (
    <ListPage
      sort={{ field: 'id', order: 'DESC' }}
      phone={{
        primary: (r) => r.product_title,
        secondary: (r) => `${formatMoney(r.product_price)} · ${words(r.product_status ?? 'Hide')}`,
      }}
      filters={[
        <EnumInput key="status" source="product_status" values={productStatuses} />,
        <EnumInput key="disable" source="product_disable" values={['Y', 'N']} />,
      ]}
      columns={[
        <PictureField key="img" source="product_img_mini" serve="productMini" width={64} sortable={false} />,
        <TextField key="title" source="product_title" />,
        <MoneyField key="price" source="product_price" textAlign="right" />,
        <ValueField key="status" source="product_status" colors={{ Show: 'success', Hide: 'default' }} />,
        <ValueField key="disable" source="product_disable" />,
        <DateField key="at" source="update_at" />,
      ]}
      form={{
        schema: entity.write,
        maxWidth: 'md',
        inputs,
        defaults: { product_status: 'Hide', product_disable: 'N', product_book: 'N', product_coin_pay: 'N' },
        related: (record) => <CourseContent id={record.id as number} />,
      }}
    />
  );
}

export const productResource: AdminResource = {
  name: 'product',
  list: ProductList,
  recordRepresentation: 'product_title',
};
