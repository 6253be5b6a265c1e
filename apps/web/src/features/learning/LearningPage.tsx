import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { progressPercent } from '@sikkha/contract/rules';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { type CourseProgress, useCourseProgress } from '../../api/course-progress';
import { useToken } from '../../api/session';
import { SignInPrompt } from '../../components/SignInPrompt';
import { wrapLongStrings } from '../../components/text-wrap';
import { usePageTitle } from '../../hooks/use-page-title';
import { useLang } from '../../i18n/texts';
import { courseOverPage, OVERLAY_STATE } from '../../lib/course-paths';
import { type Period, useChart, usePeriodTotal } from './api';
import { FIRST_CHART_MONTH, monthName, shiftMonth } from './months';
import { playPosition, useLearningTexts } from './texts';

// MUI X Charts loads after the page's figures, in a chunk of its own.
const WatchChart = lazy(() => import('./WatchChart').then((m) => ({ default: m.WatchChart })));

const CHART_HEIGHT = { xs: 220, md: 280 } as const;

/**
 * /learning — the member's learning (issue #9): time watched today, this week and this month on Bangkok days, a
 * chart per day of a month, and per course the lessons completed and a link that reopens the course at the lesson
 * to resume. Visitors are asked to log in.
 */
export function LearningPage() {
  const text = useLearningTexts();
  const token = useToken();
  usePageTitle(text.title);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', md: '2.1rem' } }}>
        {text.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        {text.intro}
      </Typography>
      {token === null ? (
        <SignInPrompt prompt={text.signInPrompt} label={text.signIn} />
      ) : (
        <>
          <Totals />
          <MonthChart />
          <Courses />
        </>
      )}
    </Container>
  );
}

function Totals() {
  const text = useLearningTexts();
  const periods: [Period, string, ReturnType<typeof usePeriodTotal>][] = [
    ['day', text.today, usePeriodTotal('day')],
    ['week', text.thisWeek, usePeriodTotal('week')],
    ['month', text.thisMonth, usePeriodTotal('month')],
  ];
  if (periods.some(([, , total]) => total.isError)) {
    return (
      <LoadError
        onRetry={() => {
          for (const [, , total] of periods) void total.refetch();
        }}
      />
    );
  }
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        mb: 3,
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
      }}
    >
      {periods.map(([period, label, total]) => (
        <Paper
          key={period}
          variant="outlined"
          sx={{
            px: 2.5,
            py: { xs: 1.5, sm: 2.5 },
            display: 'flex',
            flexDirection: { xs: 'row', sm: 'column' },
            alignItems: { xs: 'center', sm: 'flex-start' },
            justifyContent: 'space-between',
            gap: 0.5,
          }}
        >
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            data-period={period}
            sx={{ m: 0, fontWeight: 700, fontSize: { xs: '1.25rem', sm: '1.6rem' }, color: 'primary.main' }}
          >
            {total.data ? text.duration(total.data.seconds) : <Skeleton width={96} />}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function MonthChart() {
  const text = useLearningTexts();
  const lang = useLang();
  // null: this Bangkok month, as the server's clock says (the browser's zone and date may differ).
  const [month, setMonth] = useState<string | null>(null);
  const chart = useChart(month);
  const thisMonth = usePeriodTotal('month').data?.from.slice(0, 7);
  const shown = month ?? chart.data?.[0]?.date.slice(0, 7) ?? thisMonth ?? null;
  const total = chart.data?.reduce((sum, day) => sum + day.seconds, 0) ?? 0;

  let body: ReactNode;
  if (chart.isError) {
    body = <LoadError onRetry={() => void chart.refetch()} />;
  } else if (!chart.data || shown === null) {
    body = <Skeleton variant="rounded" sx={{ height: CHART_HEIGHT }} />;
  } else {
    const summary = text.chartSummary(text.duration(total), monthName(shown, lang));
    body = (
      <>
        <Typography color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {total > 0 ? summary : text.emptyMonth}
        </Typography>
        <Box sx={{ height: CHART_HEIGHT, opacity: chart.isPlaceholderData ? 0.5 : 1, transition: 'opacity 0.2s' }}>
          <Suspense fallback={<Skeleton variant="rounded" sx={{ height: CHART_HEIGHT }} />}>
            <WatchChart days={chart.data} label={summary} />
          </Suspense>
        </Box>
      </>
    );
  }

  return (
    <Paper component="section" aria-labelledby="learning-chart" variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="learning-chart" variant="h6" component="h2" sx={{ fontWeight: 700, flex: 1, minWidth: 160 }}>
          {text.chartTitle}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <IconButton
            aria-label={text.previousMonth}
            disabled={shown === null || shown <= FIRST_CHART_MONTH}
            onClick={() => shown && setMonth(shiftMonth(shown, -1))}
          >
            <ChevronLeftIcon />
          </IconButton>
          <Typography component="p" sx={{ minWidth: 130, textAlign: 'center', fontWeight: 600 }}>
            {shown ? monthName(shown, lang) : ''}
          </Typography>
          <IconButton
            aria-label={text.nextMonth}
            disabled={shown === null || thisMonth === undefined || shown >= thisMonth}
            onClick={() => shown && setMonth(shiftMonth(shown, 1))}
          >
            <ChevronRightIcon />
          </IconButton>
        </Box>
      </Box>
      {body}
    </Paper>
  );
}

function Courses() {
  const text = useLearningTexts();
  const courses = useCourseProgress();

  let body: ReactNode;
  if (courses.isError) {
    body = <LoadError onRetry={() => void courses.refetch()} />;
  } else if (!courses.data) {
    body = (
      <Box sx={courseGrid} aria-busy>
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={150} />
        ))}
      </Box>
    );
  } else if (courses.data.length === 0) {
    body = (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/courses/onlyOrder" color="inherit" size="small">
            {text.browse}
          </Button>
        }
      >
        {text.empty}
      </Alert>
    );
  } else {
    body = (
      <Box component="ul" sx={{ ...courseGrid, listStyle: 'none', p: 0, m: 0 }}>
        {courses.data.map((course) => (
          <li key={course.product_id}>
            <CourseEntry course={course} />
          </li>
        ))}
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby="learning-courses">
      <Typography id="learning-courses" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {text.courses}
      </Typography>
      {body}
    </Box>
  );
}

const courseGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } } as const;

function CourseEntry({ course }: { course: CourseProgress }) {
  const text = useLearningTexts();
  const location = useLocation();
  const title = course.product_title ?? '';
  const started = course.last !== null;
  // A course only marked, never played, has progress but no lesson to resume.
  const done =
    started || course.completed > 0
      ? text.lessonsDone(course.completed, course.lessons)
      : text.notStarted(course.lessons);
  const percent = progressPercent(course.completed, course.lessons);
  return (
    <Paper variant="outlined" sx={{ p: 2.5, height: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.35 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={done}
          color={percent >= 100 ? 'success' : 'primary'}
          sx={{ height: 8, borderRadius: 4, flex: 1 }}
        />
        <Typography variant="body2" component="span" data-progress={percent} sx={{ fontWeight: 700, minWidth: 40 }}>
          {percent}%
        </Typography>
      </Box>
      <Typography variant="body2">
        {started ? `${done} · ${text.watched(text.duration(course.seconds))}` : done}
      </Typography>
      {course.last && (
        <Typography variant="body2" color="text.secondary" sx={{ ...wrapLongStrings }}>
          {text.resumeAt(course.last.video_name ?? text.untitledLesson, playPosition(course.last.resumeAt))}
        </Typography>
      )}
      <Box sx={{ mt: 'auto', pt: 1 }}>
        <Button
          component={RouterLink}
          to={courseOverPage(location, course.product_id, course.last?.video_id)}
          state={OVERLAY_STATE}
          variant="contained"
          startIcon={<PlayArrowIcon />}
          aria-label={started ? text.resumeLabel(title) : text.startLabel(title)}
        >
          {started ? text.resume : text.start}
        </Button>
      </Box>
    </Paper>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const text = useLearningTexts();
  return (
    <Alert
      severity="error"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {text.retry}
        </Button>
      }
    >
      {text.loadError}
    </Alert>
  );
}
