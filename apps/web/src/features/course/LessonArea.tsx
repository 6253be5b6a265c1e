import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LockIcon from '@mui/icons-material/Lock';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useEffect, useRef, useState } from 'react';
import { type CourseView, type Lesson, lessonThumbnailUrl } from './api';
import { LessonQuestions } from './LessonQuestions';
import { type LessonMarks, useLessonMarks } from './lesson-marks';
import { CoursePlayer } from './player/CoursePlayer';
import type { SeekRequest } from './player/LessonPlayer';
import { clock } from './player/viewing';
import { useCourseTexts } from './texts';

/** Spec §9: lesson list height 500, item height 64. */
const LIST_HEIGHT = 500;
const ITEM_HEIGHT = 64;

// An <img> that keeps width and height as attributes (Box would read them as CSS).
const Img = styled('img')({});

interface LessonListProps {
  lessons: Lesson[];
  index: number;
  onSelect: (index: number) => void;
  marks: LessonMarks;
}

interface LessonAreaProps {
  view: CourseView;
  index: number;
  onSelect: (index: number) => void;
  /** The dialog is open: closing it pauses the player. */
  open: boolean;
}

/**
 * The player with its lesson list (spec §2 "Video player with lesson list"): the player takes 8 of 12 columns from
 * md up and the list 4. The list is the curriculum: each lesson's length when known and a tick once the member has
 * done it; under the player a buyer marks the lesson complete and, below, asks and answers questions about it, whose
 * lesson times move the player (issue #24).
 */
export function LessonArea({ view, index, onSelect, open }: LessonAreaProps) {
  const marks = useLessonMarks(view);
  const lesson = view.lessons[index];
  const playerRef = useRef<HTMLDivElement>(null);
  const [seekTo, setSeekTo] = useState<SeekRequest>();
  const jump = (seconds: number) => {
    setSeekTo((previous) => ({ seconds, n: (previous?.n ?? 0) + 1 }));
    playerRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  };
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 8fr) 4fr' },
        // On a phone the lesson list comes before the questions, which can run long.
        gridTemplateAreas: { xs: '"player" "list" "questions"', md: '"player list" "questions ."' },
      }}
    >
      <Box sx={{ minWidth: 0, gridArea: 'player' }}>
        <Box ref={playerRef}>
          <CoursePlayer view={view} index={index} onSelect={onSelect} open={open} seekTo={seekTo} />
        </Box>
        {/* A lesson a test still holds (pass to continue) is not there to be marked yet. */}
        {view.state === 'finish' && lesson && !lesson.locked && <MarkComplete lesson={lesson} marks={marks} />}
      </Box>
      <Box sx={{ minWidth: 0, gridArea: 'list' }}>
        <LessonList lessons={view.lessons} index={index} onSelect={onSelect} marks={marks} />
      </Box>
      {view.state === 'finish' && lesson && (
        <Box sx={{ minWidth: 0, gridArea: 'questions' }}>
          <LessonQuestions productId={view.product.id} lesson={lesson} onTime={jump} />
        </Box>
      )}
    </Box>
  );
}

/**
 * The buyer's "I have finished this lesson" toggle for the lesson on the player. A lesson watched to 90% is done
 * whatever its mark, so it says so instead, unless the member marked it too (and may take that back).
 */
function MarkComplete({ lesson, marks }: { lesson: Lesson; marks: LessonMarks }) {
  const text = useCourseTexts();
  const { marked, done } = marks.of(lesson);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
      {done && !marked ? (
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'success.dark', fontWeight: 500 }}>
          <CheckCircleIcon aria-hidden fontSize="small" />
          {text.watchedLesson}
        </Typography>
      ) : (
        <Button
          variant={marked ? 'contained' : 'outlined'}
          color="success"
          aria-pressed={marked}
          startIcon={marked ? <CheckCircleIcon /> : <CheckCircleOutlineIcon />}
          // Never disabled while saving, so focus stays on it; the mark is set, not toggled, on the server.
          onClick={() => marks.mark(lesson, !marked)}
          sx={{ minHeight: 44 }}
        >
          {text.markComplete}
        </Button>
      )}
      <Typography role="status" variant="body2" color={marks.failed ? 'error' : 'text.secondary'}>
        {marks.failed ? text.markFailed : marked ? text.markedHint : ''}
      </Typography>
    </Box>
  );
}

function LessonList({ lessons, index, onSelect, marks }: LessonListProps) {
  const text = useCourseTexts();
  const selected = useRef<HTMLDivElement>(null);
  // Keep the chosen lesson in view when the previous and next buttons move past the list's edge.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the chosen lesson changes
  useEffect(() => {
    selected.current?.scrollIntoView?.({ block: 'nearest' });
  }, [index]);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="course-lessons-title"
      sx={{ display: 'flex', flexDirection: 'column', height: { md: LIST_HEIGHT }, minHeight: 0 }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id="course-lessons-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700, flex: 1 }}>
          {text.lessons}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({text.lessonCount(lessons.length)})
          </Typography>
        </Typography>
        <Button
          size="small"
          aria-label={text.previous}
          disabled={index <= 0}
          onClick={() => onSelect(index - 1)}
          sx={{ minWidth: 0, px: 1 }}
        >
          <ChevronLeftIcon />
        </Button>
        <Button
          size="small"
          aria-label={text.next}
          disabled={index >= lessons.length - 1}
          onClick={() => onSelect(index + 1)}
          sx={{ minWidth: 0, px: 1 }}
        >
          <ChevronRightIcon />
        </Button>
      </Box>
      {lessons.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {text.noLessons}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ overflowY: 'auto', flex: 1, maxHeight: { xs: ITEM_HEIGHT * 5, md: 'none' } }}>
          {lessons.map((lesson, i) => {
            const done = marks.of(lesson).done;
            return (
              <ListItem key={lesson.id} disablePadding data-done={done ? '' : undefined}>
                <ListItemButton
                  ref={i === index ? selected : undefined}
                  selected={i === index}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => onSelect(i)}
                  sx={{ height: ITEM_HEIGHT, gap: 1.5, py: 0.5 }}
                >
                  <LessonThumb lesson={lesson} />
                  <ListItemText
                    primary={lesson.video_name}
                    secondary={
                      <>
                        <Box component="span" sx={visuallyHidden}>
                          {lesson.locked ? text.locked : text.unlocked}
                          {lesson.status === 'preview' ? `, ${text.preview}` : ''}
                          {done ? `, ${text.done}` : ''}. {lesson.duration !== null && `${text.length} `}
                        </Box>
                        {lesson.duration !== null && (
                          <Box component="span" data-length sx={{ fontVariantNumeric: 'tabular-nums', mr: 1 }}>
                            {clock(lesson.duration)}
                          </Box>
                        )}
                        {lesson.locked_by_quiz ? (
                          <Box component="span" data-held-by-test sx={{ color: 'warning.dark', fontWeight: 500 }}>
                            {text.lockedByQuiz(lesson.locked_by_quiz.title)}
                          </Box>
                        ) : (
                          lesson.video_detail
                        )}
                      </>
                    }
                    slotProps={{
                      primary: { noWrap: true, sx: { fontWeight: 500 } },
                      secondary: { noWrap: true },
                    }}
                    sx={{ minWidth: 0, flex: 1 }}
                  />
                  {done && <CheckCircleIcon aria-hidden color="success" sx={{ flexShrink: 0 }} />}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}

/** The lesson's picture with a green play badge when it can be watched, a red lock badge when it cannot. */
function LessonThumb({ lesson }: { lesson: Lesson }) {
  const badge = lesson.locked ? <LockIcon sx={{ fontSize: 12 }} /> : <PlayArrowIcon sx={{ fontSize: 14 }} />;
  return (
    <Badge
      overlap="rectangular"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      badgeContent={badge}
      aria-hidden
      sx={{
        flexShrink: 0,
        '& .MuiBadge-badge': {
          p: 0,
          minWidth: 20,
          width: 20,
          height: 20,
          borderRadius: '50%',
          color: 'common.white',
          bgcolor: lesson.locked ? 'error.main' : 'success.main',
          border: 2,
          borderColor: 'background.paper',
        },
      }}
    >
      {lesson.video_path ? (
        <Img
          src={lessonThumbnailUrl(lesson.video_path)}
          alt=""
          loading="lazy"
          width={80}
          height={45}
          sx={{ width: 80, height: 45, objectFit: 'cover', borderRadius: 0.5, display: 'block' }}
        />
      ) : (
        <Box sx={{ width: 80, height: 45, bgcolor: 'grey.300', borderRadius: 0.5 }} />
      )}
    </Badge>
  );
}
