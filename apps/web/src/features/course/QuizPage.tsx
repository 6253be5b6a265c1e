import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useToken } from '../../api/session';
import { usePageTitle } from '../../hooks/use-page-title';
import { courseOverPage } from '../../lib/course-paths';
import { openAccountDialog } from '../../stores/account-dialogs';
import { useCourseView } from './api';
import { QuizTaker } from './QuizTaker';
import { useCourseQuizzes } from './quizzes-api';
import { useQuizTexts } from './quizzes-texts';

const idOf = (param: string | undefined) => {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /course/:product/test/:quiz — a buyer takes one of a course's tests full-page, with the same parts as the course
 * dialog's tests. A visitor is asked to sign in, a member who did not buy is told the test is the buyers'.
 */
export function QuizPage() {
  const text = useQuizTexts();
  const params = useParams();
  const productId = idOf(params.product);
  const quizId = idOf(params.quiz);
  const token = useToken();
  const quizzes = useCourseQuizzes(productId ?? 0);
  const course = useCourseView(productId === null ? null : { id: productId });
  const quiz = quizzes.data?.find((q) => q.id === quizId);
  usePageTitle(quiz?.quiz_title ?? text.pageTitle);

  const status = quizzes.error instanceof ApiError ? quizzes.error.status : null;
  let body: ReactNode;
  if (productId === null || quizId === null || status === 404 || (quizzes.isSuccess && !quiz)) {
    body = <Alert severity="info">{text.notFound}</Alert>;
  } else if (token === null) {
    body = (
      <Alert
        severity="info"
        action={
          <Button color="inherit" onClick={() => openAccountDialog({ name: 'login' })}>
            {text.signIn}
          </Button>
        }
      >
        {text.signInToTake}
      </Alert>
    );
  } else if (status === 403) {
    body = <Alert severity="info">{text.buyersOnly}</Alert>;
  } else if (quizzes.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void quizzes.refetch()}>
            {text.retry}
          </Button>
        }
      >
        {text.loadError}
      </Alert>
    );
  } else if (!quiz) {
    body = (
      <Box aria-busy>
        <Skeleton variant="text" sx={{ fontSize: '1.5rem' }} width="60%" />
        <Skeleton variant="rectangular" height={72} />
      </Box>
    );
  } else {
    body = (
      <>
        {quiz.quiz_detail && (
          <Typography sx={{ whiteSpace: 'pre-wrap', mb: 2 }} color="text.secondary">
            {quiz.quiz_detail}
          </Typography>
        )}
        <QuizTaker quizzes={[quiz]} pageLinked={false} />
      </>
    );
  }

  const courseTitle = course.data?.product.product_title;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 5 } }}>
      {productId !== null && (
        <Button
          component={RouterLink}
          to={courseOverPage({ pathname: '/', search: '' }, productId)}
          startIcon={<ArrowBackIcon />}
          sx={{ mb: 1, ml: -1 }}
        >
          {text.backToCourse}
        </Button>
      )}
      {courseTitle && (
        <Typography color="text.secondary" sx={{ fontWeight: 500 }}>
          {courseTitle}
        </Typography>
      )}
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, mb: 2, fontSize: { xs: '1.5rem', md: '2rem' }, overflowWrap: 'anywhere' }}
      >
        {quiz?.quiz_title ?? text.pageTitle}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {body}
      </Paper>
    </Container>
  );
}
