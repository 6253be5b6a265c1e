import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type DeliveryStatus, deliveryStatuses, type SendChannel, type SentMessage } from '@sikkha/contract';
import { useState } from 'react';
import { useBasename } from 'react-admin';
import { Link } from 'react-router';
import { formatDate } from '../components/format';
import { useDeliveries, useSentMessage } from './api';
import { ChannelProgress, statusColor } from './SendHistory';
import { useSendTexts } from './texts';

const PAGE_SIZE = 25;

/**
 * One message's delivery log: every member and channel with its state, the platform's reason for a failure or a
 * skip, and the attempts; filtered by channel and state, paged, refreshed while it is still being sent.
 */
export function DeliveryLog({ opened, onClose }: { opened: SentMessage | null; onClose: () => void }) {
  const { texts, locale } = useSendTexts();
  const message = useSentMessage(opened).data ?? opened;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const basename = useBasename();
  const [channel, setChannel] = useState<SendChannel | ''>('');
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [page, setPage] = useState(1);
  const sending = message?.progress.some((p) => p.queued > 0) ?? false;
  const { data } = useDeliveries(
    {
      id: message?.id ?? 0,
      channel: channel || undefined,
      status: status || undefined,
      page,
      pageSize: PAGE_SIZE,
    },
    sending,
  );
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="delivery-log-title"
    >
      <DialogTitle id="delivery-log-title">{texts.log}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }} variant="body2">
          {message?.text}
        </Typography>
        <Stack spacing={1} sx={{ mb: 2 }}>
          {message?.progress.map((progress) => (
            <ChannelProgress key={progress.channel} progress={progress} />
          ))}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            size="small"
            label={texts.channels}
            value={channel}
            onChange={(event) => {
              setChannel(event.target.value as SendChannel | '');
              setPage(1);
            }}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{texts.allChannels}</MenuItem>
            {message?.channels.map((c) => (
              <MenuItem key={c} value={c}>
                {texts.channel[c]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={texts.state}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as DeliveryStatus | '');
              setPage(1);
            }}
            sx={{ minWidth: 160 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{texts.allStatuses}</MenuItem>
            {deliveryStatuses.map((s) => (
              <MenuItem key={s} value={s}>
                {texts.status[s]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {data && data.rows.length === 0 ? (
          <Typography color="text.secondary">{texts.none}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={texts.log}>
              <TableHead>
                <TableRow>
                  <TableCell>{texts.member}</TableCell>
                  <TableCell>{texts.channels}</TableCell>
                  <TableCell>{texts.state}</TableCell>
                  {!phone && <TableCell>{texts.attempts}</TableCell>}
                  {!phone && <TableCell>{texts.updated}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {data?.rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell sx={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
                      {row.user_id ? (
                        <Link to={`${basename}/user/${row.user_id}/show`}>
                          {row.name || row.email || `#${row.user_id}`}
                        </Link>
                      ) : (
                        '–'
                      )}
                      {row.name && row.email && (
                        <Typography variant="caption" display="block" color="text.secondary">
                          {row.email}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{texts.channel[row.channel]}</TableCell>
                    <TableCell sx={{ maxWidth: 280 }}>
                      <Chip size="small" color={statusColor[row.status]} label={texts.status[row.status]} />
                      {row.reason && (
                        <Typography
                          variant="caption"
                          display="block"
                          color="text.secondary"
                          sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
                        >
                          {row.reason}
                        </Typography>
                      )}
                    </TableCell>
                    {!phone && <TableCell>{row.attempts}</TableCell>}
                    {!phone && <TableCell>{formatDate(row.update_at, locale, true)}</TableCell>}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {pages > 1 && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <Pagination count={pages} page={page} onChange={(_, value) => setPage(value)} size="small" />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{texts.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
