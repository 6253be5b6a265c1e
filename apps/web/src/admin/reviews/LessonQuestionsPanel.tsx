import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Pagination,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { inLanguage, LESSON_COMMENT_MAX, type ModerationState, type RouteData } from '@sikkha/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { ApiError } from '../../api/client';
import { adminKeys } from '../../lib/query-keys';
import { adminRoute } from '../admin-request';
import { CourseFilter } from '../components/CourseFilter';
import { DialogSubmitActions } from '../components/DialogSubmitActions';
import { formatDate } from '../components/format';
import { History } from '../components/History';
import { plain, StateChip, StateFilter, useModerate } from './moderation';

type Row = RouteData<'lessonCommentModeration'>[number];
const PAGE_SIZE = 25;

const useTexts = () => {
  const translate = useTranslate();
  return (key: string) => translate(`admin.lessonQuestion.${key}`);
};

/** The lesson questions tab of /admin/userComment: every question and answer, newest first, to hide or answer. */
export function LessonQuestionsPanel() {
  const t = useTexts();
  const [state, setState] = useState<ModerationState | ''>('');
  const [course, setCourse] = useState<number | ''>('');
  const [unanswered, setUnanswered] = useState(false);
  const [page, setPage] = useState(1);
  const [history, setHistory] = useState<Row | null>(null);
  const [answering, setAnswering] = useState<Row | null>(null);
  const list = useQuery({
    queryKey: adminKeys.moderation('lessonCommentModeration', state, course, unanswered, page),
    queryFn: () =>
      adminRoute('lessonCommentModeration', {
        query: {
          page,
          pageSize: PAGE_SIZE,
          ...(state ? { state } : {}),
          ...(course ? { product_id: course } : {}),
          ...(unanswered ? { unanswered: 'true' as const } : {}),
        },
      }),
    placeholderData: (previous) => previous,
  });
  const moderate = useModerate('lessonCommentModerate', 'lessonCommentModeration', {
    hidden: t('hidden'),
    restored: t('restored'),
  });
  const rows = list.data?.data ?? [];
  const pages = Math.ceil((list.data?.total ?? 0) / PAGE_SIZE);
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <StateFilter value={state} onChange={filtered(setState)} />
        <CourseFilter value={course} onChange={filtered(setCourse)} />
        <FormControlLabel
          control={
            <Checkbox checked={unanswered} onChange={(event) => filtered(setUnanswered)(event.target.checked)} />
          }
          label={t('unanswered')}
        />
      </Stack>
      {list.isPending && <Skeleton variant="rounded" height={160} />}
      {list.isError && <Alert severity="error" role="alert">{`${t('loadFailed')}: ${list.error.message}`}</Alert>}
      {list.isSuccess && rows.length === 0 && (
        <Alert severity="info" role="status">
          {t('none')}
        </Alert>
      )}
      {rows.length > 0 && (
        <Stack component="ul" spacing={1} aria-label={t('list')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row) => (
            <QuestionRow
              key={row.id}
              row={row}
              actions={moderate.actions(
                row,
                () => setHistory(row),
                row.parent_id === null && row.state === 'shown' ? (
                  <Button size="small" variant="contained" onClick={() => setAnswering(row)}>
                    {t('reply')}
                  </Button>
                ) : null,
              )}
            />
          ))}
        </Stack>
      )}
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_e, value) => setPage(value)} sx={{ mt: 2 }} />}
      <Dialog open={history !== null} onClose={() => setHistory(null)} fullWidth maxWidth="sm">
        <DialogContent>
          {history && <History query={{ subject: 'lessonComment', subject_id: history.id }} />}
        </DialogContent>
      </Dialog>
      {answering && <AnswerDialog question={answering} onClose={() => setAnswering(null)} />}
    </>
  );
}

/** One question or answer as a card (it reads the same at 390 px and at 1280 px): where, who, what, and its actions. */
function QuestionRow({ row, actions }: { row: Row; actions: React.ReactNode }) {
  const t = useTexts();
  const [locale] = useLocaleState();
  const writer =
    row.author_kind === 'member'
      ? `${row.author} (#${row.user_id})`
      : row.author_kind === 'coach'
        ? `${t('coach')} ${row.author}`
        : t('staff');
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <StateChip state={row.state} />
        <Typography variant="subtitle2" component="span">
          {row.product_title}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="span">
          {`· ${t('lesson')}: ${row.video_name}`}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {`${writer} · ${formatDate(row.create_at, locale, true)}`}
      </Typography>
      {row.question !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ ...plain, mt: 0.5, fontStyle: 'italic' }}>
          {`${t('inReplyTo')}: ${row.question}`}
        </Typography>
      )}
      <Typography variant="body2" sx={{ ...plain, my: 1 }}>
        {row.text}
      </Typography>
      {actions}
    </Box>
  );
}

/** Staff answer a question, as the shop or as one of the course's coaches; the asker is told. */
function AnswerDialog({ question, onClose }: { question: Row; onClose: () => void }) {
  const t = useTexts();
  const [locale] = useLocaleState();
  const lang = locale === 'en' ? 'en' : 'th';
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [coach, setCoach] = useState<number | ''>('');
  // The course's coaches come with its lesson's page of questions.
  const coaches = useQuery({
    queryKey: adminKeys.moderation('lessonComments', question.product_id, question.video_id),
    queryFn: () =>
      adminRoute('lessonComments', {
        query: { product_id: question.product_id, video_id: question.video_id, pageSize: 1 },
      }),
  });
  const send = useMutation({
    mutationFn: () =>
      adminRoute('lessonCommentSave', {
        method: 'POST',
        body: {
          product_id: question.product_id,
          video_id: question.video_id,
          parent_id: question.id,
          text,
          ...(coach ? { coach_id: coach } : {}),
        },
      }),
    onSuccess: () => {
      notify(t('sent'), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: adminKeys.moderation('lessonCommentModeration') });
      onClose();
    },
  });
  const fieldError =
    send.error instanceof ApiError
      ? send.error.fields.find((f) => f.path === 'text' || f.path === 'coach_id')
      : undefined;
  const otherError = send.error && !fieldError ? inLanguage(send.error.message, lang) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <Dialog open onClose={send.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{t('replyTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary">
            {`${question.product_title} · ${question.video_name} · ${question.author}`}
          </Typography>
          <Typography variant="body2" sx={{ ...plain, my: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1 }}>
            {question.text}
          </Typography>
          <TextField
            select
            size="small"
            label={t('replyAs')}
            value={coach}
            onChange={(event) => setCoach(event.target.value === '' ? '' : Number(event.target.value))}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            fullWidth
            margin="normal"
            error={fieldError?.path === 'coach_id'}
            helperText={fieldError?.path === 'coach_id' ? inLanguage(fieldError.message, lang) : undefined}
          >
            <MenuItem value="">{t('staff')}</MenuItem>
            {(coaches.data?.coaches ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {`${t('coach')} ${c.name}`}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            autoFocus
            label={t('answer')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            margin="normal"
            error={fieldError?.path === 'text'}
            helperText={
              fieldError?.path === 'text'
                ? inLanguage(fieldError.message, lang)
                : `${text.length.toLocaleString()} / ${LESSON_COMMENT_MAX.toLocaleString()}`
            }
            slotProps={{ htmlInput: { maxLength: LESSON_COMMENT_MAX + 100 } }}
          />
          {otherError && (
            <Alert severity="error" role="alert">
              {otherError}
            </Alert>
          )}
        </DialogContent>
        <DialogSubmitActions onCancel={onClose} pending={send.isPending}>
          {t('send')}
        </DialogSubmitActions>
      </Box>
    </Dialog>
  );
}
