import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  Pagination,
  Rating,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { ModerationState, RouteData } from '@sikkha/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { adminKeys } from '../../lib/query-keys';
import { adminRoute } from '../admin-request';
import { AdminPage } from '../components/AdminPage';
import { CourseFilter } from '../components/CourseFilter';
import { formatDate } from '../components/format';
import { History } from '../components/History';
import { LessonQuestionsPanel } from './LessonQuestionsPanel';
import { plain, StateChip, StateFilter, useModerate } from './moderation';

type Row = RouteData<'reviewModeration'>[number];
const PAGE_SIZE = 25;

function ReviewList({ rows, onHistory }: { rows: Row[]; onHistory: (row: Row) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string) => translate(`admin.userComment.${key}`);
  const moderate = useModerate('reviewModerate', 'reviewModeration', { hidden: t('hidden'), restored: t('restored') });
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const stars = (row: Row) => (
    <Rating value={row.rating} readOnly size="small" aria-label={`${t('rating')} ${row.rating}`} />
  );
  const date = (row: Row) => formatDate(row.create_at, locale, true);
  if (phone) {
    return (
      <Stack component="ul" spacing={1} aria-label={t('list')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row) => (
          <Box component="li" key={row.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              {stars(row)}
              <StateChip state={row.state} />
            </Stack>
            <Typography variant="subtitle2">{row.product_title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {`${row.reviewer} (#${row.user_id}) · ${date(row)}`}
            </Typography>
            <Typography variant="body2" sx={{ ...plain, my: 1 }}>
              {row.text}
            </Typography>
            {moderate.actions(row, () => onHistory(row))}
          </Box>
        ))}
      </Stack>
    );
  }
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
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(row)}</TableCell>
              <TableCell>{row.product_title}</TableCell>
              <TableCell>{`${row.reviewer} (#${row.user_id})`}</TableCell>
              <TableCell>{stars(row)}</TableCell>
              <TableCell sx={{ ...plain, maxWidth: 420 }}>{row.text}</TableCell>
              <TableCell>
                <StateChip state={row.state} />
              </TableCell>
              <TableCell>{moderate.actions(row, () => onHistory(row))}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Every review with its course, member, rating, text and state, by state and course. */
function ReviewsPanel() {
  const translate = useTranslate();
  const t = (key: string) => translate(`admin.userComment.${key}`);
  const [state, setState] = useState<ModerationState | ''>('');
  const [course, setCourse] = useState<number | ''>('');
  const [page, setPage] = useState(1);
  const [history, setHistory] = useState<Row | null>(null);
  const reviews = useQuery({
    queryKey: adminKeys.moderation('reviewModeration', state, course, page),
    queryFn: () =>
      adminRoute('reviewModeration', {
        query: { page, pageSize: PAGE_SIZE, ...(state ? { state } : {}), ...(course ? { product_id: course } : {}) },
      }),
    placeholderData: (previous) => previous,
  });
  const rows = reviews.data?.data ?? [];
  const pages = Math.ceil((reviews.data?.total ?? 0) / PAGE_SIZE);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <StateFilter
          value={state}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
        />
        <CourseFilter
          value={course}
          onChange={(value) => {
            setCourse(value);
            setPage(1);
          }}
        />
      </Stack>
      {reviews.isPending && <Skeleton variant="rounded" height={160} />}
      {reviews.isError && <Alert severity="error" role="alert">{`${t('loadFailed')}: ${reviews.error.message}`}</Alert>}
      {reviews.isSuccess && rows.length === 0 && (
        <Alert severity="info" role="status">
          {t('none')}
        </Alert>
      )}
      {rows.length > 0 && <ReviewList rows={rows} onHistory={setHistory} />}
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_e, value) => setPage(value)} sx={{ mt: 2 }} />}
      <Dialog open={history !== null} onClose={() => setHistory(null)} fullWidth maxWidth="sm">
        <DialogContent>{history && <History query={{ subject: 'review', subject_id: history.id }} />}</DialogContent>
      </Dialog>
    </>
  );
}

/**
 * /admin/userComment: the seed's sidebar entry, what members write in public. Two tabs: course reviews, and the
 * questions and answers under lessons; staff hide and restore, read each text's history, and answer questions.
 */
export function UserCommentPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<'reviews' | 'questions'>('reviews');
  const title = translate('admin.pages.userComment');
  return (
    <AdminPage title={title}>
      <Tabs
        value={tab}
        onChange={(_event, value) => setTab(value)}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="reviews"
          label={translate('admin.userComment.tabReviews')}
          id="tab-reviews"
          aria-controls="panel-reviews"
        />
        <Tab
          value="questions"
          label={translate('admin.userComment.tabQuestions')}
          id="tab-questions"
          aria-controls="panel-questions"
        />
      </Tabs>
      <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'reviews' ? <ReviewsPanel /> : <LessonQuestionsPanel />}
      </Box>
    </AdminPage>
  );
}
