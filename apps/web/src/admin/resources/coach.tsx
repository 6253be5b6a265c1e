import { coachDetailList, coachStatus, coach as entity } from '@sikkha/contract';
import { NumberInput, TextField, TextInput, useTranslate } from 'react-admin';
import { ChildTable } from '../components/ChildTable';
import { PictureField } from '../components/fields';
import { ListPage } from '../components/ListPage';
import { UploadInput } from '../components/UploadInput';
import type { AdminResource } from './types';

function CoachRows({ id }: { id: number }) {
  const translate = useTranslate();
  return (
    <>
      <ChildTable
        title={translate('admin.coach.details')}
        reference="coachDetailList"
        target="coach_id"
        id={id}
        sort={{ field: 'coach_detail_item', order: 'ASC' }}
        schema={coachDetailList.write}
        columns={[
          <TextField key="item" source="coach_detail_item" />,
          <TextField key="text" source="coach_detail_text" />,
        ]}
        inputs={[
          <TextInput key="text" source="coach_detail_text" fullWidth />,
          <NumberInput key="item" source="coach_detail_item" />,
        ]}
      />
      <ChildTable
        title={translate('admin.coach.awards')}
        reference="coachStatus"
        target="coach_id"
        id={id}
        schema={coachStatus.write}
        columns={<TextField source="award" />}
        inputs={<TextInput source="award" fullWidth />}
      />
    </>
  );
}

function CoachList() {
  return (
    <ListPage
      sort={{ field: 'id', order: 'ASC' }}
      phone={{ primary: (r) => r.coach_name, secondary: (r) => r.coach_position }}
      columns={[
        <PictureField key="img" source="coach_img" serve="coach" width={40} sortable={false} round />,
        <TextField key="name" source="coach_name" />,
        <TextField key="position" source="coach_position" />,
      ]}
      form={{
        schema: entity.write,
        maxWidth: 'md',
        inputs: [
          <TextInput key="name" source="coach_name" fullWidth />,
          <TextInput key="position" source="coach_position" fullWidth />,
          <TextInput key="detail" source="coach_detail" fullWidth multiline minRows={3} />,
          <UploadInput key="img" source="coach_img" endpoint="Coach" />,
        ],
        related: (record) => <CoachRows id={record.id as number} />,
      }}
    />
  );
}

export const coachResource: AdminResource = { name: 'coach', list: CoachList, recordRepresentation: 'coach_name' };
