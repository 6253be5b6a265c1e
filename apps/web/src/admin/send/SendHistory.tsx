import ImageIcon from '@mui/icons-material/Image';
import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  LinearProgress,
  Pagination,
  Stack,
  Typography,
} from '@mui/material';
import type { DeliveryStatus, SentMessage } from '@sikkha/contract';
import { useState } from 'react';
import { formatDate } from '../components/format';
import { useSentMessages } from './api';
import { useSendTexts } from './texts';

const PAGE_SIZE = 10;

export const statusColor: Record<DeliveryStatus, 'default' | 'success' | 'error' | 'warning'> = {
  queued: 'default',
  sent: 'success',
  failed: 'error',
  skipped: 'warning',
};

/** One channel's progress: a bar of what is done, and the counts by state. */
export function ChannelProgress({ progress }: { progress: SentMessage['progress'][number] }) {
  const { texts } = useSendTexts();
  const total = progress.queued + progress.sent + progress.failed + progress.skipped;
  const done = total - progress.queued;
  return (
    <Box>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 72 }}>
          {texts.channel[progress.channel]}
        </Typography>
        {(['sent', 'failed', 'skipped', 'queued'] as const).map((status) =>
          progress[status] > 0 ? (
            <Chip
              key={status}
              size="small"
              variant="outlined"
              color={statusColor[status]}
              label={`${texts.status[status]} ${progress[status]}`}
            />
          ) : null,
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={total ? (done / total) * 100 : 100}
        color={progress.failed > 0 ? 'error' : 'primary'}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
        aria-label={`${texts.channel[progress.channel]} ${done}/${total}`}
      />
    </Box>
  );
}

/** Messages sent, newest first, each with its progress per channel; choosing one opens its delivery log. */
export function SendHistory({ onOpen }: { onOpen: (message: SentMessage) => void }) {
  const { texts, fill, locale } = useSendTexts();
  const [page, setPage] = useState(1);
  const { data } = useSentMessages(page, PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

  if (data && data.rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {texts.empty}
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      {data?.rows.map((message) => (
        <Card key={message.id} variant="outlined">
          <CardActionArea onClick={() => onOpen(message)} aria-label={`${texts.open}: ${message.text.slice(0, 60)}`}>
            <CardContent>
              <Stack direction="row" spacing={1} alignItems="baseline" sx={{ flexWrap: 'wrap', mb: 0.5 }}>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(message.create_at, locale, true)}
                </Typography>
                {message.personnel_username && (
                  <Typography variant="body2" color="text.secondary">
                    {fill(texts.by, { name: message.personnel_username })}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  · {texts.audience[message.audience]}
                  {message.product_title ? `: ${message.product_title}` : ''}
                </Typography>
              </Stack>
              <Typography
                sx={{
                  whiteSpace: 'pre-line',
                  display: '-webkit-box',
                  WebkitLineClamp: 3,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                  mb: 1,
                }}
              >
                {message.image && <ImageIcon fontSize="small" sx={{ verticalAlign: 'middle', mr: 0.5 }} />}
                {message.text}
              </Typography>
              <Stack spacing={1}>
                {message.progress.map((progress) => (
                  <ChannelProgress key={progress.channel} progress={progress} />
                ))}
              </Stack>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Pagination count={pages} page={page} onChange={(_, value) => setPage(value)} size="small" />
        </Box>
      )}
    </Stack>
  );
}
