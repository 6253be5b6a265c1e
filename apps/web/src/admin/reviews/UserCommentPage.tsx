import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  MenuItem,
  Pagination,
  Rating,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { inLanguage, type ModerationState, moderationStates, type RouteData } from '@sikkha/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { adminRoute } from '../admin-request';
import { formatDate } from '../components/format';
import { History } from '../components/History';

type Row = RouteData<'reviewModeration'>[number];
const PAGE_SIZE = 25;

/** The row's words and its one action: hide a shown review, show a hidden one again. */
function useRowParts(onHistory: (row: Row) => void) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const t = (key: string) => translate(`admin.userComment.${key}`);
  const queryClient = useQueryClient();
  const moderate = useMutation({
    mutationFn: (change: { id: number; state: ModerationState }) =>
      adminRoute('reviewModerate', { method: 'POST', body: change }),
    onSuccess: (_answer, change) => {
      notify(t(change.state === 'hidden' ? 'hidden' : 'restored'), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'reviewModeration'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'auditLog'] });
    },
    onError: (error) =>
      notify(`${t('saveFailed')}: ${inLanguage(error.message, locale === 'en' ? 'en' : 'th')}`, { type: 'error' }),
  });
  return {
    t,
    date: (row: Row) => formatDate(row.create_at, locale, true),
    state: (row: Row) => (
      <Chip
        size="small"
        variant="outlined"
        color={row.state === 'hidden' ? 'warning' : 'success'}
        label={translate(`admin.values.${row.state}`)}
      />
    ),
    stars: (row: Row) => (
      <Rating value={row.rating} readOnly size="small" aria-label={`${t('rating')} ${row.rating}`} />
    ),
    actions: (row: Row) => (
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          color={row.state === 'shown' ? 'warning' : 'primary'}
          disabled={moderate.isPending && moderate.variables?.id === row.id}
          onClick={() => moderate.mutate({ id: row.id, state: row.state === 'shown' ? 'hidden' : 'shown' })}
          aria-label={`${t(row.state === 'shown' ? 'hide' : 'restore')} #${row.id}`}
        >
          {t(row.state === 'shown' ? 'hide' : 'restore')}
        </Button>
        <Button size="small" onClick={() => onHistory(row)}>
          {t('history')}
        </Button>
      </Stack>
    ),
  };
}

/** The member's words as they wrote them: React escapes them; line breaks kept. */
const plain = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function ReviewTable({ rows, onHistory }: { rows: Row[]; onHistory: (row: Row) => void }) {
  const parts = useRowParts(onHistory);
  const { t } = parts;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('list')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('date')}</TableCell>
            <TableCell>{t('course')}</TableCell>
            <TableCell>{t('member')}</TableCell>
            <TableCell>{t('rating')}</TableCell>
            <TableCell>{t('text')}</TableCell>
            <TableCell>{t('state')}</TableCell>
            <TableCell>{t('actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{parts.date(row)}</TableCell>
              <TableCell>{row.product_title}</TableCell>
              <TableCell>{`${row.reviewer} (#${row.user_id})`}</TableCell>
              <TableCell>{parts.stars(row)}</TableCell>
              <TableCell sx={{ ...plain, maxWidth: 420 }}>{row.text}</TableCell>
              <TableCell>{parts.state(row)}</TableCell>
              <TableCell>{parts.actions(row)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function ReviewCards({ rows, onHistory }: { rows: Row[]; onHistory: (row: Row) => void }) {
  const parts = useRowParts(onHistory);
  return (
    <Stack component="ul" spacing={1} aria-label={parts.t('list')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <Box component="li" key={row.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            {parts.stars(row)}
            {parts.state(row)}
          </Stack>
          <Typography variant="subtitle2">{row.product_title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {`${row.reviewer} (#${row.user_id}) · ${parts.date(row)}`}
          </Typography>
          <Typography variant="body2" sx={{ ...plain, my: 1 }}>
            {row.text}
          </Typography>
          {parts.actions(row)}
        </Box>
      ))}
    </Stack>
  );
}

/**
 * /admin/userComment: the seed's sidebar entry, the moderation of course reviews. Every review with its course,
 * member, rating, text and state; staff hide and restore, and read each review's history.
 */
export function UserCommentPage() {
  const translate = useTranslate();
  const t = (key: string) => translate(`admin.userComment.${key}`);
  const [state, setState] = useState<ModerationState | ''>('');
  const [page, setPage] = useState(1);
  const [history, setHistory] = useState<Row | null>(null);
  const reviews = useQuery({
    queryKey: ['admin', 'reviewModeration', state, page],
    queryFn: () =>
      adminRoute('reviewModeration', { query: { page, pageSize: PAGE_SIZE, ...(state ? { state } : {}) } }),
    placeholderData: (previous) => previous,
  });
  const rows = reviews.data?.data ?? [];
  const pages = Math.ceil((reviews.data?.total ?? 0) / PAGE_SIZE);
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const title = translate('admin.pages.userComment');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('state')}
        value={state}
        onChange={(event) => {
          setState(event.target.value as ModerationState | '');
          setPage(1);
        }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 240 }, mb: 2 }}
      >
        <MenuItem value="">{t('all')}</MenuItem>
        {moderationStates.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {translate(`admin.values.${choice}`)}
          </MenuItem>
        ))}
      </TextField>
      {reviews.isPending && <Skeleton variant="rounded" height={160} />}
      {reviews.isError && <Alert severity="error" role="alert">{`${t('loadFailed')}: ${reviews.error.message}`}</Alert>}
      {reviews.isSuccess && rows.length === 0 && (
        <Alert severity="info" role="status">
          {t('none')}
        </Alert>
      )}
      {rows.length > 0 &&
        (phone ? (
          <ReviewCards rows={rows} onHistory={setHistory} />
        ) : (
          <ReviewTable rows={rows} onHistory={setHistory} />
        ))}
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_e, value) => setPage(value)} sx={{ mt: 2 }} />}
      <Dialog open={history !== null} onClose={() => setHistory(null)} fullWidth maxWidth="sm">
        <DialogContent>{history && <History query={{ subject: 'review', subject_id: history.id }} />}</DialogContent>
      </Dialog>
    </Box>
  );
}
