import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LESSON_COMMENT_MAX, type LessonCommentView, type LessonQuestion } from '@sikkha/contract';
import { lessonTimes } from '@sikkha/contract/rules/lesson-times';
import { type FormEvent, useId, useState } from 'react';
import { useFieldErrors } from '../../api/field-errors';
import { useLang } from '../../i18n/texts';
import { shortDate } from '../../lib/dates';
import type { Lesson } from './api';
import { QUESTIONS_PAGE_SIZE, useDeleteQuestion, useLessonQuestions, useSendQuestion } from './lesson-questions-api';
import { useLessonQuestionTexts } from './lesson-questions-texts';

interface LessonQuestionsProps {
  productId: number;
  lesson: Lesson;
  /** A time in a question was chosen: the player goes there. */
  onTime: (seconds: number) => void;
}

/**
 * Questions and answers under the lesson on the player, for its buyers (issue #24): ask, answer, delete one's own,
 * and jump the player to a time a question names ("03:15"). Staff and coaches answer from the back office; their
 * answers carry a mark. What members write is plain text, drawn as React text.
 */
export function LessonQuestions({ productId, lesson, onTime }: LessonQuestionsProps) {
  const text = useLessonQuestionTexts();
  const [page, setPage] = useState(1);
  // A new lesson starts at its first page.
  const [shownLesson, setShownLesson] = useState(lesson.video_id);
  if (shownLesson !== lesson.video_id) {
    setShownLesson(lesson.video_id);
    setPage(1);
  }
  const questions = useLessonQuestions(productId, lesson.video_id, page);
  const total = questions.data?.total ?? 0;
  const pages = Math.ceil(total / QUESTIONS_PAGE_SIZE);
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {text.heading}
        {questions.isSuccess && (
          <Typography component="span" variant="body2" color="text.secondary">
            {` (${text.count(total)})`}
          </Typography>
        )}
      </Typography>
      <Composer key={lesson.video_id} productId={productId} videoId={lesson.video_id} onSent={() => setPage(1)} />
      {questions.isPending && <Skeleton variant="rounded" height={96} aria-hidden />}
      {questions.isError && (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void questions.refetch()}>
              {text.retry}
            </Button>
          }
        >
          {text.loadError}
        </Alert>
      )}
      {questions.isSuccess && total === 0 && <Typography color="text.secondary">{text.none}</Typography>}
      {questions.data && questions.data.data.length > 0 && (
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {questions.data.data.map((question) => (
            <QuestionItem key={question.id} productId={productId} question={question} onTime={onTime} />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, value) => setPage(value)}
          aria-label={text.pages}
          sx={{ mt: 2 }}
        />
      )}
    </Box>
  );
}

/** The form that asks (no `parentId`) or answers a question. */
function Composer({
  productId,
  videoId,
  parentId,
  replyTo,
  onSent,
  onCancel,
}: {
  productId: number;
  videoId: number;
  parentId?: number;
  replyTo?: string;
  onSent?: () => void;
  onCancel?: () => void;
}) {
  const text = useLessonQuestionTexts();
  const send = useSendQuestion();
  const [body, setBody] = useState('');
  const errors = useFieldErrors(send.error, ['text']);
  const label = replyTo === undefined ? text.askLabel : text.answerLabel(replyTo);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    send.mutate(
      { product_id: productId, video_id: videoId, text: body, ...(parentId ? { parent_id: parentId } : {}) },
      {
        onSuccess: () => {
          setBody('');
          onSent?.();
        },
      },
    );
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={label} sx={{ mb: 2 }}>
      <TextField
        label={label}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          if (send.isSuccess) send.reset();
        }}
        multiline
        minRows={parentId ? 2 : 3}
        fullWidth
        size="small"
        error={errors.text !== undefined}
        helperText={
          errors.text ??
          `${parentId ? '' : `${text.askHint} · `}${body.length.toLocaleString()} / ${LESSON_COMMENT_MAX.toLocaleString()}`
        }
        slotProps={{ htmlInput: { maxLength: LESSON_COMMENT_MAX + 100 } }}
      />
      {errors.other && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {errors.other}
        </Alert>
      )}
      <Typography role="status" variant="body2" color="success.dark" sx={{ minHeight: send.isSuccess ? 20 : 0 }}>
        {send.isSuccess && !parentId ? text.sent : ''}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" size="small" aria-disabled={send.isPending} sx={{ minHeight: 40 }}>
          {send.isPending ? text.sending : parentId ? text.answer : text.ask}
        </Button>
        {onCancel && (
          <Button size="small" onClick={onCancel} sx={{ minHeight: 40 }}>
            {text.cancel}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

function QuestionItem({
  productId,
  question,
  onTime,
}: {
  productId: number;
  question: LessonQuestion;
  onTime: (seconds: number) => void;
}) {
  const text = useLessonQuestionTexts();
  const [answering, setAnswering] = useState(false);
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 } }}>
      <Entry entry={question} onTime={onTime} />
      {question.answers.length > 0 && (
        <Stack
          component="ol"
          spacing={1.5}
          aria-label={text.answersOf(question.answers.length)}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, pl: { xs: 1.5, sm: 3 }, borderLeft: 2, borderColor: 'divider' }}
        >
          {question.answers.map((answer) => (
            <Box component="li" key={answer.id}>
              <Entry entry={answer} onTime={onTime} />
            </Box>
          ))}
        </Stack>
      )}
      {question.state === 'shown' &&
        (answering ? (
          <Box sx={{ mt: 1.5 }}>
            <Composer
              productId={productId}
              videoId={question.video_id}
              parentId={question.id}
              replyTo={question.mine ? text.you : question.author}
              onSent={() => setAnswering(false)}
              onCancel={() => setAnswering(false)}
            />
          </Box>
        ) : (
          <Button size="small" onClick={() => setAnswering(true)} sx={{ mt: 1, minHeight: 40 }}>
            {text.reply}
          </Button>
        ))}
    </Box>
  );
}

/** One question or answer: who, when, the words with their lesson times as buttons, and delete for its writer. */
function Entry({ entry, onTime }: { entry: LessonCommentView; onTime: (seconds: number) => void }) {
  const text = useLessonQuestionTexts();
  const lang = useLang();
  const remove = useDeleteQuestion();
  const errors = useFieldErrors(remove.error, []);
  return (
    <Box data-comment={entry.id}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        {entry.author_kind === 'staff' ? (
          <Chip size="small" color="primary" label={text.staff} />
        ) : (
          <Typography variant="subtitle2" component="span">
            {entry.author}
          </Typography>
        )}
        {entry.author_kind === 'coach' && <Chip size="small" color="primary" label={text.coach} />}
        {entry.mine && <Chip size="small" variant="outlined" label={text.you} />}
        <Typography variant="caption" color="text.secondary" component="span">
          {shortDate(entry.create_at, lang)}
        </Typography>
      </Stack>
      {entry.state === 'hidden' && (
        <Alert severity="warning" sx={{ my: 1, py: 0 }}>
          {text.hiddenByStaff}
        </Alert>
      )}
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
        {lessonTimes(entry.text).map((piece, i) =>
          'seconds' in piece ? (
            <Link
              // Pieces of one text never reorder.
              // biome-ignore lint/suspicious/noArrayIndexKey: the index is the piece's place in the text
              key={i}
              component="button"
              type="button"
              onClick={() => onTime(piece.seconds)}
              aria-label={text.jumpTo(piece.text)}
              sx={{ verticalAlign: 'baseline', fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}
            >
              {piece.text}
            </Link>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the piece's place in the text
            <span key={i}>{piece.text}</span>
          ),
        )}
      </Typography>
      {entry.mine && (
        <Button
          size="small"
          color="error"
          aria-disabled={remove.isPending}
          onClick={() => {
            if (remove.isPending) return;
            const ask = entry.parent_id === null ? text.removeQuestionConfirm : text.removeAnswerConfirm;
            if (window.confirm(ask)) remove.mutate(entry.id);
          }}
          sx={{ mt: 0.5, minHeight: 36 }}
        >
          {text.remove}
        </Button>
      )}
      {errors.other && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {errors.other}
        </Alert>
      )}
    </Box>
  );
}
