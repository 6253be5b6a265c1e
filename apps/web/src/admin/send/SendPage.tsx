import { Card, CardContent, Grid, Typography } from '@mui/material';
import type { SentMessage } from '@sikkha/contract';
import { useState } from 'react';
import { AdminPage } from '../components/AdminPage';
import { DeliveryLog } from './DeliveryLog';
import { SendForm } from './SendForm';
import { SendHistory } from './SendHistory';
import { useSendTexts } from './texts';

/**
 * /admin/send (spec 2 §2 Send): write one message to all members, a course's buyers or chosen members over the bell,
 * LINE, Messenger and e-mail; follow its sending, channel by channel, and each member's delivery.
 */
export function SendPage() {
  const { texts } = useSendTexts();
  const [opened, setOpened] = useState<SentMessage | null>(null);
  return (
    <AdminPage title={texts.title}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {texts.compose}
              </Typography>
              <SendForm onSent={setOpened} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {texts.history}
          </Typography>
          <SendHistory onOpen={setOpened} />
        </Grid>
      </Grid>
      <DeliveryLog opened={opened} onClose={() => setOpened(null)} />
    </AdminPage>
  );
}
