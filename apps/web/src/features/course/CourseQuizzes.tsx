import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QuizTaker } from './QuizTaker';
import { useCourseQuizzes } from './quizzes-api';
import { useQuizTexts } from './quizzes-texts';

/** The course dialog's tests for a buyer, each with a link to its own page. */
export function CourseQuizzes({ productId }: { productId: number }) {
  const text = useQuizTexts();
  const quizzes = useCourseQuizzes(productId);
  const list = quizzes.data ?? [];
  return (
    <Stack spacing={1}>
      {quizzes.isSuccess && list.length === 0 && <Typography color="text.secondary">{text.none}</Typography>}
      <QuizTaker quizzes={list} pageLinked />
    </Stack>
  );
}
