import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { progressPercent, remainingDays } from '@sikkha/contract/rules';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { type Product, useProducts } from '../../api/catalogue';
import { type CourseProgress, useCourseProgress } from '../../api/course-progress';
import { type CurrentUser, useSession } from '../../api/session';
import { SignInPrompt } from '../../components/SignInPrompt';
import { usePageTitle } from '../../hooks/use-page-title';
import { useTranslation } from '../../i18n';
import { courseOverPage } from '../../lib/course-paths';
import { CourseCard } from './CourseCard';
import { courseGridSx } from './CourseGrid';
import { useStorefrontTexts } from './texts';

/** A course of the member's, as the signed-in user object's parallel lists say (spec §3 User). */
type MyCourse =
  | { product: Product; state: 'finish'; days: number }
  | { product: Product; state: 'wait'; type: string; ref: string };

function myCoursesOf(user: CurrentUser, products: Product[]): MyCourse[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  const courses: MyCourse[] = [];
  user.finish.forEach((id, i) => {
    const product = byId.get(id);
    if (product) courses.push({ product, state: 'finish', days: remainingDays(user.day[i] ?? 0, user.count[i] ?? 0) });
  });
  user.wait.forEach((id, i) => {
    const product = byId.get(id);
    if (product) courses.push({ product, state: 'wait', type: user.waitType[i] ?? '', ref: user.waitRef[i] ?? '' });
  });
  return courses;
}

/** Pending by card or QR code: the page that pays it (the same links as the course dialog). */
function payPath(type: string, ref: string): string | null {
  if (type === 'credit') return `/creditCard/${encodeURIComponent(ref)}`;
  if (type === 'qrcode') return `/qrPlayment/${encodeURIComponent(ref)}`;
  return null;
}

/**
 * /courses/onlyOrder (spec §2): the member's purchased and pending courses; visitors are asked to log in. `orders`
 * (the waiting orders and book posting, from checkout) shows above the courses for a signed-in member.
 */
export function MyCourses({ orders }: { orders?: ReactNode }) {
  const text = useStorefrontTexts();
  const { t } = useTranslation();
  const { token, user } = useSession();
  const products = useProducts();
  const progress = useCourseProgress();
  const location = useLocation();
  usePageTitle(text.myCourses);

  let body: ReactNode;
  if (!token) {
    body = <SignInPrompt prompt={text.signInPrompt} label={text.signIn} />;
  } else if (products.error) {
    body = (
      <Alert severity="error">
        {t('courses.loadError')}: {products.error.message}
      </Alert>
    );
  } else if (!user || products.isPending) {
    body = (
      <Box sx={courseGridSx} aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={360} />
        ))}
      </Box>
    );
  } else {
    const courses = myCoursesOf(user, products.data);
    body =
      courses.length === 0 ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/courses" color="inherit" size="small">
              {text.browse}
            </Button>
          }
        >
          {text.myCoursesEmpty}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {[
              text.owns(courses.filter((c) => c.state === 'finish').length),
              text.waits(courses.filter((c) => c.state === 'wait').length),
            ].join(' · ')}
          </Typography>
          <Box component="ul" sx={courseGridSx}>
            {courses.map((course) => (
              <li key={course.product.id}>
                <CourseCard product={course.product} to={courseOverPage(location, course.product.id)}>
                  <CourseStatus
                    course={course}
                    progress={progress.data?.find((p) => p.product_id === course.product.id)}
                  />
                </CourseCard>
              </li>
            ))}
          </Box>
        </>
      );
  }

  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {text.myCourses}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text.myCoursesIntro}
      </Typography>
      {token && orders}
      {body}
    </Container>
  );
}

/** A bought course's chip, days left and progress (once the member's progress has loaded); a pending one's payment. */
function CourseStatus({ course, progress }: { course: MyCourse; progress: CourseProgress | undefined }) {
  const text = useStorefrontTexts();
  if (course.state === 'finish') {
    return (
      <Box sx={{ px: 2, pb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip size="small" color="success" icon={<CheckCircleIcon />} label={text.owned} />
        <Typography variant="body2">{text.remainingDays(course.days)}</Typography>
        {progress && <ProgressBar progress={progress} />}
      </Box>
    );
  }
  const pay = payPath(course.type, course.ref);
  return (
    <Box sx={{ px: 2, pb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Chip size="small" icon={<HourglassTopIcon sx={{ '&&': { color: '#a34d00' } }} />} label={text.pending} />
      {pay ? (
        <Button size="small" variant="contained" component={RouterLink} to={pay}>
          {text.payNow}
        </Button>
      ) : (
        <Typography variant="body2">{text.waiting}</Typography>
      )}
    </Box>
  );
}

function ProgressBar({ progress }: { progress: CourseProgress }) {
  const text = useStorefrontTexts();
  const percent = progressPercent(progress.completed, progress.lessons);
  return (
    <Box sx={{ flexBasis: '100%', display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={text.lessonsDone(progress.completed, progress.lessons)}
        color={percent >= 100 ? 'success' : 'primary'}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
      />
      <Typography variant="body2" data-progress={percent} sx={{ fontWeight: 700 }}>
        {text.learned(percent)}
      </Typography>
    </Box>
  );
}
