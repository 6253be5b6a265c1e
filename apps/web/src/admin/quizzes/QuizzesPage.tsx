import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Radio,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { QuizQuestion, QuizSaveBody, QuizSummary } from '@sikkha/contract';
import { fileUrl, quizQuestionKinds } from '@sikkha/contract/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ADMIN_TOKEN_KEY, apiFile } from '../../api/client';
import { saveBlob } from '../../lib/download';
import { adminKeys } from '../../lib/query-keys';
import { adminRequest, adminRoute } from '../admin-request';
import { AdminPage } from '../components/AdminPage';
import { CourseFilter, useCourseChoices } from '../components/CourseFilter';
import { uploadFiles } from '../components/upload';

type Draft = Omit<QuizSaveBody, 'questions'> & { questions: QuizQuestion[] };
const newKey = () => crypto.randomUUID();

function blankQuestion(kind: QuizQuestion['kind']): QuizQuestion {
  const base = { key: newKey(), text: '', picture: null, points: 1 };
  switch (kind) {
    case 'single': {
      const choices = [
        { key: newKey(), text: '' },
        { key: newKey(), text: '' },
      ];
      return { ...base, kind, choices, correct: choices[0]!.key };
    }
    case 'multiple':
      return {
        ...base,
        kind,
        choices: [
          { key: newKey(), text: '' },
          { key: newKey(), text: '' },
        ],
        correct: [],
      };
    case 'trueFalse':
      return { ...base, kind, correct: true };
    case 'short':
      return { ...base, kind, accepted: [''] };
  }
}

const blankDraft = (productId: number): Draft => ({
  product_id: productId,
  video_id: null,
  quiz_title: '',
  quiz_detail: '',
  pass_percent: 60,
  time_limit_minutes: null,
  attempts_allowed: 1,
  shuffle_questions: false,
  shuffle_choices: false,
  show_answers: true,
  published: false,
  required_for_certificate: false,
  pass_to_continue: false,
  questions: [blankQuestion('single')],
});

/** A question's optional picture: uploaded as a `News` file (staff, public image), shown above its answers. */
function QuestionPicture({ picture, onChange }: { picture: string | null; onChange: (name: string | null) => void }) {
  const translate = useTranslate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
      {picture && <Box component="img" src={fileUrl('news', picture)} alt="" sx={{ maxHeight: 96, maxWidth: 160 }} />}
      <Button component="label" size="small" disabled={busy}>
        {translate(picture ? 'admin.quiz.changePicture' : 'admin.quiz.addPicture')}
        <input
          hidden
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setBusy(true);
            setError(null);
            try {
              onChange((await uploadFiles('News', [file])) as string);
            } catch (failure) {
              setError((failure as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        />
      </Button>
      {picture && (
        <Button size="small" color="error" onClick={() => onChange(null)}>
          {translate('admin.quiz.removePicture')}
        </Button>
      )}
      {error && (
        <Typography color="error" variant="body2" role="alert">
          {error}
        </Typography>
      )}
    </Stack>
  );
}

/** One question's form: its kind, text, points, and its choices with the right one(s), a truth, or accepted texts. */
function QuestionForm({
  question,
  index,
  onChange,
  onRemove,
}: {
  question: QuizQuestion;
  index: number;
  onChange: (q: QuizQuestion) => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`admin.quiz.${key}`, options);
  const label = t('question', { n: index + 1 });
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0 }} aria-label={label}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <Typography component="legend" variant="subtitle1" sx={{ flex: 1 }}>
          {label}
        </Typography>
        <IconButton aria-label={t('removeQuestion', { n: index + 1 })} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            size="small"
            label={t('kind')}
            value={question.kind}
            onChange={(e) =>
              // The same question in another kind: its key, text, points and picture stay.
              onChange({
                ...blankQuestion(e.target.value as QuizQuestion['kind']),
                key: question.key,
                text: question.text,
                points: question.points,
                picture: question.picture,
              })
            }
            sx={{ minWidth: 200 }}
          >
            {quizQuestionKinds.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="number"
            label={t('points')}
            value={question.points}
            onChange={(e) => onChange({ ...question, points: Number(e.target.value) })}
            slotProps={{ htmlInput: { min: 1, max: 100 } }}
            sx={{ width: 120 }}
          />
        </Stack>
        <TextField
          label={t('text')}
          value={question.text}
          multiline
          required
          onChange={(e) => onChange({ ...question, text: e.target.value })}
        />
        <QuestionPicture picture={question.picture} onChange={(picture) => onChange({ ...question, picture })} />
        {(question.kind === 'single' || question.kind === 'multiple') && (
          <Stack spacing={1} role="group" aria-label={t('choices')}>
            {question.choices.map((choice, i) => {
              const right =
                question.kind === 'single' ? question.correct === choice.key : question.correct.includes(choice.key);
              const toggle = () =>
                question.kind === 'single'
                  ? onChange({ ...question, correct: choice.key })
                  : onChange({
                      ...question,
                      correct: right
                        ? question.correct.filter((k) => k !== choice.key)
                        : [...question.correct, choice.key],
                    });
              const Mark = question.kind === 'single' ? Radio : Checkbox;
              return (
                <Stack key={choice.key} direction="row" spacing={1} alignItems="center">
                  <Mark
                    checked={right}
                    onChange={toggle}
                    slotProps={{ input: { 'aria-label': t('correctChoice', { n: i + 1 }) } }}
                  />
                  <TextField
                    size="small"
                    fullWidth
                    label={t('choice', { n: i + 1 })}
                    value={choice.text}
                    onChange={(e) =>
                      onChange({
                        ...question,
                        choices: question.choices.map((c) =>
                          c.key === choice.key ? { ...c, text: e.target.value } : c,
                        ),
                      } as QuizQuestion)
                    }
                  />
                  <IconButton
                    aria-label={t('removeChoice', { n: i + 1 })}
                    disabled={question.choices.length <= 2}
                    onClick={() =>
                      onChange({
                        ...question,
                        choices: question.choices.filter((c) => c.key !== choice.key),
                        correct:
                          question.kind === 'single'
                            ? question.correct
                            : question.correct.filter((k) => k !== choice.key),
                      } as QuizQuestion)
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              );
            })}
            <Button
              startIcon={<AddIcon />}
              sx={{ alignSelf: 'flex-start' }}
              disabled={question.choices.length >= 10}
              onClick={() =>
                onChange({ ...question, choices: [...question.choices, { key: newKey(), text: '' }] } as QuizQuestion)
              }
            >
              {t('addChoice')}
            </Button>
          </Stack>
        )}
        {question.kind === 'trueFalse' && (
          <TextField
            select
            size="small"
            label={t('correctAnswer')}
            value={question.correct ? 'true' : 'false'}
            onChange={(e) => onChange({ ...question, correct: e.target.value === 'true' })}
            sx={{ maxWidth: 240 }}
          >
            <MenuItem value="true">{t('true')}</MenuItem>
            <MenuItem value="false">{t('false')}</MenuItem>
          </TextField>
        )}
        {question.kind === 'short' && (
          <TextField
            label={t('accepted')}
            helperText={t('acceptedHint')}
            multiline
            minRows={2}
            value={question.accepted.join('\n')}
            onChange={(e) => onChange({ ...question, accepted: e.target.value.split('\n') })}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The whole test: its settings and questions, saved at once (POST /api/quizSave). */
function QuizEditor({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`admin.quiz.${key}`, options);
  const [draft, setDraft] = useState(initial);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      adminRoute('quizSave', {
        method: 'POST',
        body: {
          ...draft,
          questions: draft.questions.map((q) =>
            q.kind === 'short' ? { ...q, accepted: q.accepted.map((a) => a.trim()).filter(Boolean) } : q,
          ),
        },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: adminKeys.quizList() });
      onDone();
    },
  });
  // The course's lessons in order, by their video's name, for a test that follows one.
  const lessons = useQuery({
    queryKey: adminKeys.quizLessons(Number(draft.product_id)),
    queryFn: async () => {
      const [list, videos] = await Promise.all([
        adminRequest<{ video_id: number }[]>('videoListByProductId', {
          query: { product_id: Number(draft.product_id) },
        }),
        adminRequest<{ id: number; video_name: string }[]>('video', { query: { pageSize: 500 } }),
      ]);
      const names = new Map(videos.data.map((v) => [v.id, v.video_name]));
      return list.data.map((row) => ({ video_id: row.video_id, name: names.get(row.video_id) ?? `#${row.video_id}` }));
    },
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });
  const flag = (
    key:
      | 'shuffle_questions'
      | 'shuffle_choices'
      | 'show_answers'
      | 'published'
      | 'required_for_certificate'
      | 'pass_to_continue',
  ) => (
    <FormControlLabel
      control={<Switch checked={Boolean(draft[key])} onChange={(e) => set(key, e.target.checked)} />}
      label={t(key)}
    />
  );
  return (
    <Box
      component="form"
      aria-label={t('editor')}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack spacing={2}>
        <TextField
          label={t('title')}
          required
          value={draft.quiz_title}
          onChange={(e) => set('quiz_title', e.target.value)}
        />
        <TextField
          select
          label={t('lesson')}
          value={draft.video_id ?? ''}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          // Only a test after a lesson locks the lessons that follow: the final test drops the setting.
          onChange={(e) =>
            setDraft(
              e.target.value === ''
                ? { ...draft, video_id: null, pass_to_continue: false }
                : { ...draft, video_id: Number(e.target.value) },
            )
          }
        >
          <MenuItem value="">{t('final')}</MenuItem>
          {(lessons.data ?? []).map((lesson, i) => (
            <MenuItem key={lesson.video_id} value={lesson.video_id}>
              {t('afterLessonNamed', { n: i + 1, name: lesson.name })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('detail')}
          multiline
          value={draft.quiz_detail}
          onChange={(e) => set('quiz_detail', e.target.value)}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="number"
            size="small"
            label={t('passPercent')}
            value={draft.pass_percent}
            onChange={(e) => set('pass_percent', Number(e.target.value))}
            slotProps={{ htmlInput: { min: 0, max: 100 } }}
          />
          <TextField
            type="number"
            size="small"
            label={t('timeLimit')}
            helperText={t('timeLimitHint')}
            value={draft.time_limit_minutes ?? ''}
            onChange={(e) => set('time_limit_minutes', e.target.value === '' ? null : Number(e.target.value))}
            slotProps={{ htmlInput: { min: 1, max: 600 } }}
          />
          <TextField
            type="number"
            size="small"
            label={t('attempts')}
            value={draft.attempts_allowed}
            onChange={(e) => set('attempts_allowed', Number(e.target.value))}
            slotProps={{ htmlInput: { min: 1, max: 100 } }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} flexWrap="wrap">
          {flag('shuffle_questions')}
          {flag('shuffle_choices')}
          {flag('show_answers')}
          {flag('published')}
          {flag('required_for_certificate')}
          {draft.video_id !== null && flag('pass_to_continue')}
        </Stack>
        {draft.questions.map((question, i) => (
          <QuestionForm
            key={question.key}
            question={question}
            index={i}
            onChange={(q) =>
              set(
                'questions',
                draft.questions.map((other) => (other.key === q.key ? q : other)),
              )
            }
            onRemove={() =>
              set(
                'questions',
                draft.questions.filter((other) => other.key !== question.key),
              )
            }
          />
        ))}
        <Button
          startIcon={<AddIcon />}
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => set('questions', [...draft.questions, blankQuestion('single')])}
        >
          {t('addQuestion')}
        </Button>
        {save.isError && (
          <Alert severity="error" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Stack direction="row" spacing={1}>
          <Button onClick={onDone}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** A test's results (GET /api/quizResults): attempts, pass rate, each question's success rate, and the CSV. */
function QuizResultsView({ quiz, onClose }: { quiz: QuizSummary; onClose: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`admin.quiz.${key}`, options);
  const results = useQuery({
    queryKey: adminKeys.quizResults(quiz.id),
    queryFn: () => adminRoute('quizResults', { query: { id: quiz.id } }),
  });
  const csv = useMutation({
    mutationFn: async () => {
      const blob = await apiFile('quizResultsCsv', { id: quiz.id }, localStorage.getItem(ADMIN_TOKEN_KEY));
      saveBlob(blob, `quiz-${quiz.id}-results.csv`);
    },
  });
  const data = results.data?.data;
  return (
    <Stack spacing={2} component="section" aria-label={t('results')}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {`${t('results')}: ${quiz.quiz_title}`}
        </Typography>
        <Button startIcon={<DownloadIcon />} onClick={() => csv.mutate()} disabled={csv.isPending}>
          {t('csv')}
        </Button>
        <Button onClick={onClose}>{t('close')}</Button>
      </Stack>
      {results.isError && <Alert severity="error">{results.error.message}</Alert>}
      {csv.isError && <Alert severity="error">{csv.error.message}</Alert>}
      {data && (
        <>
          <Typography role="status">
            {t('summary', {
              attempts: data.attempts,
              submitted: data.submitted,
              members: data.members,
              rate: data.pass_rate ?? '–',
            })}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('perQuestion')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('questionColumn')}</TableCell>
                  <TableCell align="right">{t('answered')}</TableCell>
                  <TableCell align="right">{t('successRate')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.questions.map((q, i) => (
                  <TableRow key={q.key}>
                    <TableCell>{`${i + 1}. ${q.text}`}</TableCell>
                    <TableCell align="right">{q.answered}</TableCell>
                    <TableCell align="right">{q.success_rate === null ? '–' : `${q.success_rate}%`}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('attemptsTable')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('member')}</TableCell>
                  <TableCell align="right">{t('attemptNo')}</TableCell>
                  <TableCell align="right">{t('score')}</TableCell>
                  <TableCell>{t('outcome')}</TableCell>
                  {data.questions.map((q, i) => (
                    <TableCell key={q.key}>{t('questionShort', { n: i + 1 })}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.rows.map((row) => (
                  <TableRow key={row.attempt_id}>
                    <TableCell>
                      {row.name}
                      <Typography variant="caption" display="block" color="text.secondary">
                        {row.email}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{row.attempt_no}</TableCell>
                    <TableCell align="right">
                      {row.percent === null ? '–' : `${row.points} (${row.percent}%)`}
                    </TableCell>
                    <TableCell>
                      {row.passed === null ? (
                        <Chip size="small" label={t('inProgress')} />
                      ) : (
                        <Chip
                          size="small"
                          color={row.passed ? 'success' : 'default'}
                          label={row.passed ? t('passed') : t('failed')}
                        />
                      )}
                    </TableCell>
                    {data.questions.map((q) => (
                      <TableCell key={q.key}>{row.answers[q.key]}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Stack>
  );
}

/**
 * /admin/test: the seed's `test` menu entry (the spec names it with no route): a course's tests, built here with
 * their questions, choices, right answers, points and settings, and each test's results.
 */
export function QuizzesPage() {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`admin.quiz.${key}`, options);
  const [courseId, setCourseId] = useState<number | ''>('');
  const [editing, setEditing] = useState<Draft | null>(null);
  const [results, setResults] = useState<QuizSummary | null>(null);
  const client = useQueryClient();
  const courses = useCourseChoices();
  const quizzes = useQuery({
    queryKey: adminKeys.quizList(courseId),
    queryFn: () => adminRoute('quizList', { query: courseId === '' ? {} : { product_id: courseId } }),
  });
  const open = useMutation({
    mutationFn: (id: number) => adminRoute('quizById', { query: { id } }),
    onSuccess: ({ data }) => setEditing(data as Draft),
  });
  const remove = useMutation({
    mutationFn: (id: number) => adminRoute('quizDelete', { method: 'POST', body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.quizList() }),
  });
  const title = translate('admin.pages.test');
  const courseTitle = new Map((courses.data?.data ?? []).map((c) => [c.id, c.product_title ?? `#${c.id}`]));
  return (
    <AdminPage title={title} intro={t('intro')}>
      {editing ? (
        <QuizEditor initial={editing} onDone={() => setEditing(null)} />
      ) : results ? (
        <QuizResultsView quiz={results} onClose={() => setResults(null)} />
      ) : (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
            <CourseFilter value={courseId} onChange={setCourseId} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              disabled={courseId === ''}
              onClick={() => courseId !== '' && setEditing(blankDraft(courseId))}
            >
              {t('create')}
            </Button>
          </Stack>
          {quizzes.isError && <Alert severity="error">{quizzes.error.message}</Alert>}
          {quizzes.isSuccess && quizzes.data.data.length === 0 && (
            <Alert severity="info" role="status">
              {t('none')}
            </Alert>
          )}
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('list')}>
            {(quizzes.data?.data ?? []).map((quiz) => (
              <Paper component="li" variant="outlined" key={quiz.id} sx={{ p: 1.5 }}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
                  <Box sx={{ flex: 1 }}>
                    <Typography variant="subtitle1" component="h2">
                      {quiz.quiz_title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {`${courseTitle.get(quiz.product_id) ?? ''} · ${t(quiz.video_id === null ? 'final' : 'afterLesson')} · ${t('counts', { questions: quiz.questions, points: quiz.max_points })}`}
                    </Typography>
                  </Box>
                  <Chip
                    size="small"
                    color={quiz.published ? 'success' : 'default'}
                    label={quiz.published ? t('isPublished') : t('draft')}
                  />
                  <Stack direction="row" spacing={1}>
                    <Button onClick={() => open.mutate(quiz.id)}>{t('edit')}</Button>
                    <Button onClick={() => setResults(quiz)}>{t('results')}</Button>
                    <Button color="error" onClick={() => window.confirm(t('confirmDelete')) && remove.mutate(quiz.id)}>
                      {t('delete')}
                    </Button>
                  </Stack>
                </Stack>
              </Paper>
            ))}
          </Stack>
        </Stack>
      )}
    </AdminPage>
  );
}
