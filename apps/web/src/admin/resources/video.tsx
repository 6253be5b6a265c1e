import { Box, Chip, Stack, Typography } from '@mui/material';
import { video as entity, videoStatuses } from '@sikkha/contract';
import { type RaRecord, TextField, TextInput, useGetList, useGetOne, useTranslate } from 'react-admin';
import { DurationField, PictureField, ValueField } from '../components/fields';
import { EnumInput } from '../components/inputs';
import { ListPage } from '../components/ListPage';
import { UploadInput } from '../components/UploadInput';
import type { AdminResource } from './types';

const stateColors = { create: 'default', processing: 'warning', ready: 'success', failed: 'error' } as const;
/** How often a screen asks again while a video's packaging job has not ended. */
const PACKAGING_POLL_MS = 3000;

/** An uploaded video whose packaging job has not ended yet. */
const packaging = (record: RaRecord | undefined) =>
  Boolean(record?.video_file) && ['create', 'processing'].includes(String(record?.video_status));

/** The packaging state, asked again every few seconds while the job works; and the courses that use the video. */
function VideoState({ id }: { id: number }) {
  const translate = useTranslate();
  const { data } = useGetOne(
    'video',
    { id },
    {
      refetchInterval: (query) => (packaging(query.state.data) ? PACKAGING_POLL_MS : false),
    },
  );
  const { data: courses } = useGetList('productByVideoId', {
    filter: { video_id: id },
    pagination: { page: 1, perPage: 100 },
  });
  if (!data) return null;
  const state = String(data.video_status ?? 'create');
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <Chip
          label={translate(`admin.values.${state}`)}
          color={stateColors[state as keyof typeof stateColors] ?? 'default'}
          size="small"
        />
        {data.video_status_reason && (
          <Typography variant="body2" color="error">
            {data.video_status_reason}
          </Typography>
        )}
      </Stack>
      <Typography variant="subtitle2" component="h3">
        {translate('admin.video.usedBy')}
      </Typography>
      <Typography variant="body2">
        {courses?.length ? courses.map((c) => c.product_title).join(', ') : translate('admin.video.notUsed')}
      </Typography>
    </Box>
  );
}

function VideoList() {
  return (
    <ListPage
      sort={{ field: 'id', order: 'DESC' }}
      // The list's states move on by themselves while a job packages a video.
      queryOptions={{
        refetchInterval: (query) => (query.state.data?.data.some(packaging) ? PACKAGING_POLL_MS : false),
      }}
      filters={[<EnumInput key="s" source="video_status" values={videoStatuses} />]}
      columns={[
        <PictureField key="thumb" source="video_path" serve="video" width={80} sortable={false} />,
        <TextField key="name" source="video_name" />,
        <DurationField key="d" source="video_duration" />,
        <ValueField key="s" source="video_status" colors={stateColors} />,
      ]}
      form={{
        schema: entity.write,
        maxWidth: 'md',
        inputs: [
          <TextInput key="name" source="video_name" fullWidth />,
          <TextInput key="detail" source="video_detail" fullWidth multiline />,
          <UploadInput key="file" source="video_file" endpoint="Video" image={false} />,
          <UploadInput key="thumb" source="video_path" endpoint="Video" />,
          <TextInput key="hls" source="video_HLS" fullWidth helperText="admin.video.external" />,
          <TextInput key="iframe" source="video_iframe" fullWidth />,
          <TextInput key="embed" source="video_embed" fullWidth multiline />,
        ],
        related: (record) => <VideoState id={record.id as number} />,
      }}
    />
  );
}

export const videoResource: AdminResource = { name: 'video', list: VideoList, recordRepresentation: 'video_name' };
