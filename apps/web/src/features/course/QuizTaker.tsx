import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { inLanguage, type QuizAttemptView, type QuizSummary } from '@sikkha/contract';
import { fileUrl, type QuizAnswer } from '@sikkha/contract/rules';
import { courseTestPath } from '@sikkha/contract/rules/pages';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../i18n/texts';
import { saveAnswer, useStartQuiz, useSubmitQuiz } from './quizzes-api';
import { useQuizTexts } from './quizzes-texts';

type Question = QuizAttemptView['questions'][number];

/** Seconds until the deadline by the server's clock (the phone's may be wrong), ticking every second. */
function useSecondsLeft(attempt: QuizAttemptView) {
  const [offset] = useState(() => new Date(attempt.now).getTime() - Date.now());
  const left = () =>
    attempt.deadline === null
      ? null
      : Math.max(0, Math.ceil((new Date(attempt.deadline).getTime() - (Date.now() + offset)) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    if (attempt.deadline === null) return;
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
  });
  return seconds;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function QuestionInput({
  question,
  index,
  value,
  onAnswer,
  disabled,
}: {
  question: Question;
  index: number;
  value: QuizAnswer | undefined;
  onAnswer: (answer: QuizAnswer, typed?: boolean) => void;
  disabled: boolean;
}) {
  const text = useQuizTexts();
  const labelId = `quiz-q-${question.key}`;
  const legend = (
    <FormLabel id={labelId} sx={{ color: 'text.primary', mb: 1 }}>
      <Typography
        component="span"
        fontWeight={700}
      >{`${text.question(index + 1)} · ${text.points(question.points)}`}</Typography>
      <Typography component="span" display="block" sx={{ whiteSpace: 'pre-wrap' }}>
        {question.text}
      </Typography>
    </FormLabel>
  );
  const picture = question.picture && (
    <Box
      component="img"
      src={fileUrl('news', question.picture)}
      alt=""
      sx={{ maxWidth: '100%', maxHeight: 280, mb: 1 }}
    />
  );
  switch (question.kind) {
    case 'single':
      return (
        <FormControl component="fieldset" disabled={disabled}>
          {legend}
          {picture}
          <RadioGroup aria-labelledby={labelId} value={value ?? ''} onChange={(e) => onAnswer(e.target.value)}>
            {question.choices.map((c) => (
              <FormControlLabel key={c.key} value={c.key} control={<Radio />} label={c.text} />
            ))}
          </RadioGroup>
        </FormControl>
      );
    case 'multiple': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <FormControl component="fieldset" disabled={disabled}>
          {legend}
          {picture}
          <FormGroup aria-labelledby={labelId}>
            {question.choices.map((c) => (
              <FormControlLabel
                key={c.key}
                label={c.text}
                control={
                  <Checkbox
                    checked={chosen.includes(c.key)}
                    onChange={(e) =>
                      onAnswer(e.target.checked ? [...chosen, c.key] : chosen.filter((k) => k !== c.key))
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
      );
    }
    case 'trueFalse':
      return (
        <FormControl component="fieldset" disabled={disabled}>
          {legend}
          {picture}
          <RadioGroup
            row
            aria-labelledby={labelId}
            value={value === undefined ? '' : String(value)}
            onChange={(e) => onAnswer(e.target.value === 'true')}
          >
            <FormControlLabel value="true" control={<Radio />} label={text.true} />
            <FormControlLabel value="false" control={<Radio />} label={text.false} />
          </RadioGroup>
        </FormControl>
      );
    case 'short':
      return (
        <FormControl component="fieldset" disabled={disabled} fullWidth>
          {legend}
          {picture}
          <TextField
            size="small"
            label={text.yourAnswer}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onAnswer(e.target.value, true)}
            slotProps={{ htmlInput: { maxLength: 500, 'aria-describedby': labelId } }}
            disabled={disabled}
          />
        </FormControl>
      );
  }
}

/**
 * Taking a test: each answer is saved on the server as it is given (typed text after a pause), so a reload or a
 * phone that slept resumes where it was; the timer follows the server's clock and submits when it runs out.
 */
function QuizRunner({ attempt, onDone }: { attempt: QuizAttemptView; onDone: (result: QuizAttemptView) => void }) {
  const text = useQuizTexts();
  const lang = useLang();
  const [answers, setAnswers] = useState<Record<string, QuizAnswer>>(attempt.answers);
  const [saving, setSaving] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const pending = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const inFlight = useRef(new Set<Promise<unknown>>());
  const submit = useSubmitQuiz();
  const seconds = useSecondsLeft(attempt);

  const send = (key: string, answer: QuizAnswer) => {
    setSaving((n) => n + 1);
    const call = saveAnswer(attempt.id, key, answer)
      .then(() => setError(null))
      .catch((e: Error) => setError(inLanguage(e.message, lang)))
      .finally(() => {
        setSaving((n) => n - 1);
        inFlight.current.delete(call);
      });
    inFlight.current.add(call);
  };
  const answer = (key: string, value: QuizAnswer, typed = false) => {
    setAnswers((all) => ({ ...all, [key]: value }));
    clearTimeout(pending.current.get(key));
    if (!typed) return send(key, value);
    pending.current.set(
      key,
      setTimeout(() => {
        pending.current.delete(key);
        send(key, value);
      }, 600),
    );
  };
  // One submit from this page, whether the button, Enter or the timer asks first.
  const submitting = useRef(false);
  const finish = async () => {
    if (submitting.current) return;
    submitting.current = true;
    // Typed answers still waiting for their pause go now; the submit waits for every save.
    for (const [key, timer] of pending.current) {
      clearTimeout(timer);
      const value = answers[key];
      if (value !== undefined) send(key, value);
    }
    pending.current.clear();
    await Promise.allSettled([...inFlight.current]);
    submit.mutate(attempt.id, {
      onSuccess: onDone,
      onError: () => {
        submitting.current = false;
      },
    });
  };
  useEffect(() => {
    if (seconds === 0) void finish();
  });

  const answered = attempt.questions.filter((q) => {
    const a = answers[q.key];
    return a !== undefined && a !== '' && !(Array.isArray(a) && a.length === 0);
  }).length;
  const total = attempt.questions.length;
  return (
    <Stack
      spacing={2}
      component="form"
      aria-label={attempt.quiz_title}
      onSubmit={(e) => {
        e.preventDefault();
        if (window.confirm(text.submitConfirm(total - answered))) void finish();
      }}
    >
      <Stack
        direction="row"
        spacing={2}
        alignItems="center"
        flexWrap="wrap"
        useFlexGap
        sx={{ position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper', py: 1 }}
      >
        <Typography fontWeight={700} sx={{ flex: 1 }}>
          {attempt.quiz_title}
        </Typography>
        {seconds !== null && (
          <Typography
            role="timer"
            aria-label={text.timeLeft}
            fontWeight={700}
            color={seconds < 60 ? 'error' : 'text.primary'}
          >
            {`${text.timeLeft} ${clock(seconds)}`}
          </Typography>
        )}
        <Box sx={{ width: '100%' }}>
          <LinearProgress variant="determinate" value={total ? (answered * 100) / total : 0} aria-hidden />
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {`${text.progress(answered, total)} · ${saving > 0 ? text.saving : text.saved}`}
          </Typography>
        </Box>
      </Stack>
      {seconds === 0 && <Alert severity="warning">{text.timeUp}</Alert>}
      {attempt.questions.map((q, i) => (
        <QuestionInput
          key={q.key}
          question={q}
          index={i}
          value={answers[q.key]}
          onAnswer={(value, typed) => answer(q.key, value, typed)}
          disabled={submit.isPending || seconds === 0}
        />
      ))}
      {(error || submit.isError) && (
        <Alert severity="error" role="alert">
          {error ?? inLanguage(submit.error?.message ?? '', lang)}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        disabled={submit.isPending}
        startIcon={submit.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        sx={{ alignSelf: 'flex-start' }}
      >
        {submit.isPending ? text.submitting : text.submit}
      </Button>
    </Stack>
  );
}

/** A submitted attempt: the score, passed or not, and each question right or wrong (with the answer when allowed). */
function QuizResultView({ attempt, onBack }: { attempt: QuizAttemptView; onBack: () => void }) {
  const text = useQuizTexts();
  const result = attempt.result;
  if (!result) return null;
  const byKey = new Map(attempt.questions.map((q) => [q.key, q]));
  const expectedText = (q: Question, expected: string[] | boolean) =>
    typeof expected === 'boolean'
      ? expected
        ? text.true
        : text.false
      : q.kind === 'short'
        ? expected.join(' / ')
        : expected.map((k) => q.choices.find((c) => c.key === k)?.text ?? k).join(', ');
  return (
    <Stack spacing={2} component="section" aria-label={text.result}>
      <Alert severity={result.passed ? 'success' : 'warning'} role="status">
        <Typography fontWeight={700}>{result.passed ? text.youPassed : text.youFailed}</Typography>
        {text.score(result.points, result.max_points, result.percent)}
      </Alert>
      <Stack component="ol" spacing={1} sx={{ pl: 3, m: 0 }}>
        {result.questions.map((r) => {
          const q = byKey.get(r.key);
          if (!q) return null;
          return (
            <li key={r.key}>
              <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                <Typography>{q.text}</Typography>
                <Chip
                  size="small"
                  color={r.correct ? 'success' : 'error'}
                  label={r.correct ? text.right : text.wrong}
                />
              </Stack>
              {!r.correct && r.expected !== null && (
                <Typography variant="body2" color="text.secondary">
                  {`${text.expected}: ${expectedText(q, r.expected)}`}
                </Typography>
              )}
            </li>
          );
        })}
      </Stack>
      <Button onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
        {text.back}
      </Button>
    </Stack>
  );
}

function QuizCard({
  quiz,
  onStart,
  starting,
  pageLinked,
}: {
  quiz: QuizSummary;
  onStart: () => void;
  starting: boolean;
  pageLinked: boolean;
}) {
  const text = useQuizTexts();
  const left = quiz.attempts_used < quiz.attempts_allowed;
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <Box sx={{ flex: 1 }}>
          <Typography fontWeight={700} component="h3">
            {quiz.quiz_title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[
              quiz.video_id === null ? text.final : text.afterLesson,
              quiz.time_limit_minutes === null ? text.noTimeLimit : text.timeLimit(quiz.time_limit_minutes),
              text.passMark(quiz.pass_percent),
              text.attempts(quiz.attempts_used, quiz.attempts_allowed),
            ].join(' · ')}
          </Typography>
        </Box>
        {quiz.required_for_certificate && !quiz.passed && (
          <Chip color="info" size="small" variant="outlined" label={text.forCertificate} />
        )}
        {quiz.pass_to_continue && !quiz.passed && (
          <Chip color="warning" size="small" variant="outlined" label={text.passToContinue} />
        )}
        {quiz.passed && <Chip color="success" size="small" label={text.passed} />}
        {pageLinked && (
          <Button component={RouterLink} to={courseTestPath(quiz.product_id, quiz.id)}>
            {text.openPage}
          </Button>
        )}
        {quiz.held_by ? (
          <Typography variant="body2" color="warning.dark" sx={{ fontWeight: 500 }}>
            {text.heldBy(quiz.held_by.title)}
          </Typography>
        ) : quiz.open_attempt_id !== null || left ? (
          <Button variant="contained" onClick={onStart} disabled={starting}>
            {quiz.open_attempt_id !== null ? text.resume : quiz.attempts_used > 0 ? text.retake : text.start}
          </Button>
        ) : (
          <Typography variant="body2">{text.noAttemptsLeft}</Typography>
        )}
      </Stack>
    </Box>
  );
}

/**
 * Taking tests, the same in the course dialog and on a test's own page: each test's card (start, continue, retake),
 * an attempt in progress, and its result. `pageLinked` offers each test's page from the dialog.
 */
export function QuizTaker({ quizzes, pageLinked }: { quizzes: readonly QuizSummary[]; pageLinked: boolean }) {
  const lang = useLang();
  const start = useStartQuiz();
  const [attempt, setAttempt] = useState<QuizAttemptView | null>(null);
  if (attempt?.result) return <QuizResultView attempt={attempt} onBack={() => setAttempt(null)} />;
  if (attempt) return <QuizRunner key={attempt.id} attempt={attempt} onDone={setAttempt} />;
  return (
    <Stack spacing={1}>
      {start.isError && <Alert severity="error">{inLanguage(start.error.message, lang)}</Alert>}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {quizzes.map((quiz) => (
          <QuizCard
            key={quiz.id}
            quiz={quiz}
            starting={start.isPending}
            pageLinked={pageLinked}
            onStart={() => start.mutate(quiz.id, { onSuccess: setAttempt })}
          />
        ))}
      </Stack>
    </Stack>
  );
}
