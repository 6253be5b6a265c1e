import { news as entity, newsImage } from '@sikkha/contract';
import { AutocompleteInput, ReferenceInput, TextField, TextInput, useLocaleState, useTranslate } from 'react-admin';
import { ChildTable } from '../components/ChildTable';
import { DateField, PictureField } from '../components/fields';
import { formatDate } from '../components/format';
import { ListPage } from '../components/ListPage';
import { UploadInput } from '../components/UploadInput';
import type { AdminResource } from './types';

function NewsImages({ id }: { id: number }) {
  const translate = useTranslate();
  return (
    <ChildTable
      title={translate('admin.news.images')}
      reference="newsImage"
      target="news_id"
      id={id}
      schema={newsImage.write}
      columns={[
        <PictureField key="img" source="news_image_path" serve="newsList" width={80} />,
        <TextField key="title" source="news_image_title" />,
      ]}
      inputs={[
        <UploadInput key="img" source="news_image_path" endpoint="NewsList" />,
        <TextInput key="title" source="news_image_title" fullWidth />,
        <TextInput key="detail" source="news_image_detail" fullWidth multiline />,
      ]}
      addLabel="admin.news.addImages"
    />
  );
}

function NewsList() {
  const [locale] = useLocaleState();
  return (
    <ListPage
      sort={{ field: 'id', order: 'DESC' }}
      phone={{
        primary: (r) => r.news_title,
        secondary: (r) => [r.news_tag, formatDate(r.create_at, locale)].filter(Boolean).join(' · '),
      }}
      columns={[
        <PictureField key="img" source="news_path" serve="news" width={64} sortable={false} />,
        <TextField key="title" source="news_title" />,
        <TextField key="tag" source="news_tag" />,
        <DateField key="at" source="create_at" />,
      ]}
      form={{
        schema: entity.write,
        maxWidth: 'md',
        inputs: [
          <TextInput key="title" source="news_title" fullWidth />,
          <TextInput key="detail" source="news_detail" fullWidth multiline minRows={2} />,
          <TextInput key="content" source="news_content" fullWidth multiline minRows={5} />,
          <TextInput key="tag" source="news_tag" fullWidth />,
          <ReferenceInput key="coach" source="coach_id" reference="coach">
            <AutocompleteInput optionText="coach_name" />
          </ReferenceInput>,
          <UploadInput key="img" source="news_path" endpoint="News" />,
          <UploadInput key="head" source="news_path_head" endpoint="NewsHead" />,
        ],
        related: (record) => <NewsImages id={record.id as number} />,
      }}
    />
  );
}

export const newsResource: AdminResource = { name: 'news', list: NewsList, recordRepresentation: 'news_title' };
