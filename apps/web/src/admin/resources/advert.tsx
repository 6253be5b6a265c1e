import { Typography } from '@mui/material';
import { advert as entity } from '@sikkha/contract';
import { TextField, TextInput, useTranslate } from 'react-admin';
import { DateField, PictureField, ValueField } from '../components/fields';
import { YNInput } from '../components/inputs';
import { ListPage } from '../components/ListPage';
import { UploadInput } from '../components/UploadInput';
import type { AdminResource } from './types';

/** Which advert the player shows, said where staff choose it. */
function WhichAdvert() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {translate('admin.advert.hint')}
    </Typography>
  );
}

/**
 * The player's advert overlay (issue #9): a picture and a link, shown 5 s after play starts and every 600 s for 5 s.
 * The newest advert switched on is the one shown; with none on, the player shows none.
 */
function AdvertList() {
  return (
    <ListPage
      sort={{ field: 'id', order: 'DESC' }}
      noSearch
      columns={[
        <PictureField key="img" source="advert_img" serve="advert" width={120} sortable={false} />,
        <TextField key="link" source="advert_link" />,
        <ValueField key="show" source="advert_show" colors={{ Y: 'success', N: 'default' }} />,
        <DateField key="at" source="update_at" />,
      ]}
      form={{
        schema: entity.write,
        defaults: { advert_show: 'Y' },
        inputs: [
          <WhichAdvert key="hint" />,
          <UploadInput key="img" source="advert_img" endpoint="Advert" />,
          <TextInput key="link" source="advert_link" type="url" fullWidth />,
          <YNInput key="show" source="advert_show" />,
        ],
      }}
    />
  );
}

export const advertResource: AdminResource = { name: 'advert', list: AdvertList, recordRepresentation: 'advert_link' };
