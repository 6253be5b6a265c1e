import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { PLAYER_HEIGHT } from '@sikkha/contract/rules';
import { webLink } from '@sikkha/contract/rules/links';
import { courseTestPath } from '@sikkha/contract/rules/pages';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useToken } from '../../../api/session';
import { statisticsKeys } from '../../../lib/query-keys';
import { type CourseView, type Lesson, lessonThumbnailUrl } from '../api';
import { useCourseTexts } from '../texts';
import { advertImageUrl, type ShownAdvert, useAdvert, useLessonProgress } from './api';
import { LessonPlayer, type SeekRequest } from './LessonPlayer';
import { onStatisticsSaved } from './statistics-queue';
import { usePlayerTexts } from './texts';
import { advertShown, nextLessonIndex } from './viewing';

const Img = styled('img')({});

export interface CoursePlayerProps {
  view: Pick<CourseView, 'state' | 'lessons'> & { product: Pick<CourseView['product'], 'id'> };
  index: number;
  onSelect: (index: number) => void;
  open: boolean;
  /** A lesson time chosen under the player (a question's "03:15"), for the lesson on it. */
  seekTo?: SeekRequest | undefined;
}

/**
 * The player of the course dialog (spec 1 §2 "Video player with lesson list", §4, §9), at the player's height: the
 * chosen lesson plays at once (the preview when the dialog opens), resumes where the member stopped, and in a
 * finished course the next lesson follows at the end, the first after the last. A locked lesson shows its lock and
 * never asks for its media. Rate and mute carry over from lesson to lesson, and so does the advert's clock.
 */
export function CoursePlayer({ view, index, onSelect, open, seekTo }: CoursePlayerProps) {
  const courseText = useCourseTexts();
  const playerText = usePlayerTexts();
  const token = useToken();
  const queryClient = useQueryClient();
  const productId = view.product.id;
  const lesson = view.lessons[index];
  // The course view says 'notLogin' for visitors and staff: statistics are the members' (spec 1 §4).
  const member = view.state !== 'notLogin';
  const progress = useLessonProgress(productId, token, member);
  const [rate, setRate] = useState(1);
  const [muted, setMuted] = useState(false);
  const [round, setRound] = useState(0);
  const advert = useAdvert();
  const advertClock = useAdvertClock();

  useEffect(
    () => onStatisticsSaved(() => void queryClient.invalidateQueries({ queryKey: statisticsKeys.all })),
    [queryClient],
  );

  const recording = member && lesson?.status !== 'preview';
  // A member's lesson starts where it resumes, so it waits for the answer (an error starts it from 0).
  const waiting = recording && progress.isPending && progress.fetchStatus !== 'idle';

  let body: ReactNode;
  if (!lesson) {
    body = <Still lesson={undefined} caption={courseText.noLessons} />;
  } else if (lesson.locked_by_quiz) {
    body = (
      <Still lesson={lesson} caption={courseText.lockedByQuiz(lesson.locked_by_quiz.title)}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
          <LockIcon aria-hidden sx={{ fontSize: { xs: 48, md: 72 }, color: 'warning.light' }} />
          <Button
            component={RouterLink}
            to={courseTestPath(productId, lesson.locked_by_quiz.id)}
            variant="contained"
            color="warning"
          >
            {courseText.takeTest}
          </Button>
        </Box>
      </Still>
    );
  } else if (lesson.locked) {
    body = (
      <Still lesson={lesson} caption={courseText.lockedLesson}>
        <LockIcon aria-hidden sx={{ fontSize: { xs: 48, md: 72 }, color: 'error.light' }} />
      </Still>
    );
  } else if (waiting) {
    body = (
      <Still lesson={lesson} caption="">
        <CircularProgress aria-label={playerText.loading} sx={{ color: 'common.white' }} />
      </Still>
    );
  } else {
    body = (
      <LessonPlayer
        key={`${lesson.id}:${round}:${recording}`}
        productId={productId}
        lesson={lesson}
        recording={recording}
        serverResumeAt={progress.data?.find((p) => p.video_id === lesson.video_id)?.resumeAt}
        open={open}
        rate={rate}
        onRate={setRate}
        muted={muted}
        onMuted={setMuted}
        onPlayed={advertClock.played}
        onEnded={() => {
          if (view.state !== 'finish') return;
          const next = nextLessonIndex(index, view.lessons.length);
          if (next === index) setRound((r) => r + 1);
          else onSelect(next);
        }}
        overlay={advertClock.shown && advert.data ? <AdvertOverlay advert={advert.data} /> : null}
        seekTo={seekTo}
      />
    );
  }
  return <Box sx={{ height: PLAYER_HEIGHT, borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.900' }}>{body}</Box>;
}

/**
 * Seconds of playing in this dialog, across its lessons, as the lessons report them (their own clock at their rate,
 * so a faster rate does not hurry the advert and a stall does not count), and whether the advert is up at that count.
 */
function useAdvertClock() {
  const total = useRef(0);
  const [shown, setShown] = useState(false);
  const played = useCallback((seconds: number) => {
    total.current += seconds;
    setShown(advertShown(total.current));
  }, []);
  return { shown, played };
}

function AdvertOverlay({ advert }: { advert: ShownAdvert }) {
  const text = usePlayerTexts();
  // An advert saved before links were held to http(s) shows its picture only.
  const link = webLink(advert.advert_link);
  const picture = (
    <Img
      src={advertImageUrl(advert.advert_img)}
      alt={text.advert}
      sx={{ display: 'block', maxWidth: { xs: 140, sm: 240, md: 320 }, maxHeight: { xs: 70, sm: 120, md: 160 } }}
    />
  );
  return (
    <Box
      role="complementary"
      aria-label={text.advert}
      sx={{
        position: 'absolute',
        right: 12,
        top: 12,
        p: 0.5,
        bgcolor: 'rgba(255, 255, 255, 0.92)',
        borderRadius: 1,
        boxShadow: 3,
      }}
    >
      {link ? (
        <Link href={link} target="_blank" rel="noopener noreferrer sponsored">
          {picture}
        </Link>
      ) : (
        picture
      )}
    </Box>
  );
}

/** The player's place without a player: the lesson's picture, with its lock or a spinner over it. */
function Still({ lesson, caption, children }: { lesson: Lesson | undefined; caption: string; children?: ReactNode }) {
  return (
    <Box sx={{ position: 'relative', height: '100%', color: 'common.white' }}>
      {lesson?.video_path && (
        <Img
          src={lessonThumbnailUrl(lesson.video_path)}
          alt=""
          width={1280}
          height={720}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', opacity: 0.75, display: 'block' }}
        />
      )}
      {children && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {children}
        </Box>
      )}
      <Box
        sx={{
          position: 'absolute',
          insetInline: 0,
          bottom: 0,
          px: 2,
          py: 1,
          background: 'linear-gradient(transparent, rgba(0, 0, 0, 0.85))',
        }}
      >
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, lineHeight: 1.3 }} noWrap>
          {lesson?.video_name}
        </Typography>
        <Typography variant="caption" component="p">
          {caption}
        </Typography>
      </Box>
    </Box>
  );
}
