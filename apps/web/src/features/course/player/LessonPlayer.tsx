import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { type KeyboardEvent, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { type Lesson, lessonThumbnailUrl } from '../api';
import { DrawnByServer } from '../drawn-by-server';
import { playbackSource } from './api';
import { hasUserActivation, playOrMuted } from './autoplay';
import { framedPlayerUrl } from './external';
import { attachSource, type MediaHandle, playsNatively, type Quality } from './media';
import { type ControlsState, PlayerControls } from './PlayerControls';
import { FramedLesson, type Phase, PlayerCenter } from './PlayerStates';
import { playerKey } from './player-keys';
import { lastSavedRow } from './statistics-queue';
import { usePlayerTexts } from './texts';
import { useViewingStatistics } from './use-viewing-statistics';
import { clock, startPosition } from './viewing';

const Video = styled('video')({});

/** The controls fade while playing after this long without the pointer moving. */
const IDLE_MS = 3000;
/** More of the video's time than this between two 'timeupdate's is a jump, not playing. */
const MAX_PLAYED_STEP = 3;

export interface LessonPlayerProps {
  productId: number;
  lesson: Lesson;
  /** Statistics are saved for signed-in members, never for previews (spec 1 §4). */
  recording: boolean;
  /** Where the server says this lesson resumes, for a member. */
  serverResumeAt: number | undefined;
  /** The dialog is open; closing it pauses (spec 1 §4). */
  open: boolean;
  rate: number;
  onRate: (rate: number) => void;
  muted: boolean;
  onMuted: (muted: boolean) => void;
  /**
   * Seconds of playing just done, by the video's own clock at its rate (1 s of a lesson at 2x is 0.5 s): a stall
   * for data, a busy machine or a seek never counts. The advert's clock.
   */
  onPlayed: (seconds: number) => void;
  onEnded: () => void;
  /** Drawn over the picture (the advert), inside the player so it shows in full screen too. */
  overlay: ReactNode;
  /** A lesson time the member chose elsewhere (a "03:15" in a question): play from there. */
  seekTo?: SeekRequest | undefined;
}

/** A jump asked for from outside the player; `n` tells two asks for the same time apart. */
export interface SeekRequest {
  seconds: number;
  n: number;
}

/**
 * One lesson playing: the source from /api/playback (hls.js, or the browser's own HLS), started where the lesson
 * resumes, with its controls and keys, saving the viewing statistics as it goes. Mounted once per lesson.
 */
export function LessonPlayer(props: LessonPlayerProps) {
  const { productId, lesson, recording, open, rate, muted } = props;
  const text = usePlayerTexts();
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const handleRef = useRef<MediaHandle | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const keysId = useId();

  // The server cannot know whether the visitor asked for the course: its markup has the play button, and a hydrated
  // player that finds a tap or a link from inside the shop starts at once.
  const drawnByServer = useContext(DrawnByServer);
  const [phase, setPhase] = useState<Phase>(() => ({
    kind: !drawnByServer && hasUserActivation() ? 'loading' : 'waiting',
  }));
  const [attempt, setAttempt] = useState(0);
  const [buffering, setBuffering] = useState(false);
  const [paused, setPaused] = useState(true);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [qualities, setQualities] = useState<Quality[]>([]);
  const [quality, setQuality] = useState(-1);
  const [playingQuality, setPlayingQuality] = useState(-1);
  const [fullscreen, setFullscreen] = useState(false);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [active, setActive] = useState(true);
  /** Where the last 'timeupdate' found playback, for the played seconds between two of them. */
  const lastTime = useRef<number | null>(null);
  /** A time asked for before the lesson was loaded: it starts there instead of where it resumes. */
  const askedStart = useRef<number | null>(null);

  // Load and start the lesson (again on "try again").
  // biome-ignore lint/correctness/useExhaustiveDependencies: one start per lesson and attempt; the rest is read from `latest`
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // Decided once, as the player mounts: without a tap or a link from inside the shop, the play button starts attempt 1.
    if (attempt === 0 && phase.kind === 'waiting' && !hasUserActivation()) return;
    let cancelled = false;
    setPhase({ kind: 'loading' });
    const native = playsNatively(video);
    const source = () => playbackSource(productId, lesson.video_id, native);
    void (async () => {
      try {
        const first = await source();
        if (cancelled) return;
        const frame = framedPlayerUrl(first);
        if (frame) return setPhase({ kind: 'frame', url: frame });
        const known = first.type === 'hls' ? first.duration : null;
        const { recording: saving, serverResumeAt } = latest.current;
        const asked = askedStart.current;
        askedStart.current = null;
        const resumeAt = saving ? startPosition(lastSavedRow(productId, lesson.video_id), serverResumeAt, known) : 0;
        const start = asked ?? resumeAt;
        const handle = await attachSource(video, first, start, source, {
          onQualities: setQualities,
          onQuality: setPlayingQuality,
          onFatal: () => {
            if (!cancelled) setPhase({ kind: 'error', message: null });
          },
        });
        if (cancelled) {
          handle.destroy();
          return;
        }
        handleRef.current = handle;
        video.defaultPlaybackRate = latest.current.rate;
        video.playbackRate = latest.current.rate;
        setPhase({ kind: 'ready' });
        if (asked === null && start >= 1) setResumedAt(start);
        if (latest.current.open) await playOrMuted(video, latest.current.onMuted);
      } catch (error) {
        if (!cancelled) {
          setPhase({ kind: 'error', message: error instanceof ApiError && error.status < 500 ? error.message : null });
        }
      }
    })();
    return () => {
      cancelled = true;
      handleRef.current?.destroy();
      handleRef.current = null;
    };
  }, [attempt]);

  useViewingStatistics(videoRef, { recording, productId, videoId: lesson.video_id });

  // Closing the dialog pauses; the dialog unmounts the player after its closing transition.
  useEffect(() => {
    if (!open) videoRef.current?.pause();
  }, [open]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
  }, [rate]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  useEffect(() => {
    if (resumedAt === null) return;
    const timer = setTimeout(() => setResumedAt(null), 4000);
    return () => clearTimeout(timer);
  }, [resumedAt]);

  // The controls fade while playing when the pointer rests; any move or key brings them back.
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const wake = () => {
    setActive(true);
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(() => setActive(false), IDLE_MS);
  };
  useEffect(() => () => clearTimeout(idleTimer.current), []);

  const video = () => videoRef.current;
  const actions = {
    togglePlay: () => {
      if (phase.kind === 'waiting') return setAttempt((a) => a + 1);
      const v = video();
      if (!v || phase.kind !== 'ready') return;
      if (v.paused || v.ended) void v.play().catch(() => undefined);
      else v.pause();
    },
    seek: (to: number) => {
      const v = video();
      if (!v || phase.kind !== 'ready') return;
      v.currentTime = Math.max(0, Math.min(to, Number.isFinite(v.duration) ? v.duration : to));
    },
    toggleMute: () => props.onMuted(!muted),
    setRate: props.onRate,
    setQuality: (index: number) => {
      setQuality(index);
      handleRef.current?.setQuality(index);
    },
    toggleFullscreen: () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      else void rootRef.current?.requestFullscreen?.().catch(() => undefined);
    },
  };

  // A time chosen in a question: jump there and play. A lesson not loaded yet starts there; an ask made before this
  // player mounted (another lesson's, or before a replay) is not this player's.
  const seenSeek = useRef(props.seekTo?.n);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per ask; the rest is read as it is then
  useEffect(() => {
    const asked = props.seekTo;
    if (!asked || asked.n === seenSeek.current) return;
    seenSeek.current = asked.n;
    const v = video();
    if (v && phase.kind === 'ready') {
      actions.seek(asked.seconds);
      if (v.paused) void v.play().catch(() => undefined);
      return;
    }
    if (phase.kind === 'frame') return;
    askedStart.current = asked.seconds;
    if (phase.kind === 'waiting' || phase.kind === 'error') setAttempt((a) => a + 1);
  }, [props.seekTo?.n]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (playerKey(event, rootRef.current, video(), actions)) wake();
  };

  const controls: ControlsState = {
    paused,
    time,
    duration,
    muted,
    rate,
    qualities,
    quality,
    playingQuality,
    fullscreen,
  };
  const showControls = paused || active || phase.kind !== 'ready';
  const name = lesson.video_name ?? '';

  // The host's player has its own controls and keys, and says nothing of what was watched (no statistics).
  if (phase.kind === 'frame') return <FramedLesson url={phase.url} name={name} open={open} />;

  return (
    <Box
      ref={rootRef}
      role="region"
      aria-label={text.player(name)}
      aria-describedby={keysId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerMove={wake}
      onPointerDown={wake}
      data-playing={paused ? undefined : ''}
      sx={{
        position: 'relative',
        height: '100%',
        bgcolor: 'common.black',
        color: 'common.white',
        overflow: 'hidden',
        outline: 'none',
        cursor: showControls ? 'auto' : 'none',
        // An outline is painted over the children (the video), an inset shadow under them.
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: '-3px' },
        '& .player-chrome': { opacity: showControls ? 1 : 0, transition: 'opacity 200ms' },
        '&:focus-within .player-chrome': { opacity: 1 },
      }}
    >
      <Box id={keysId} sx={visuallyHidden}>
        {text.keys}
      </Box>
      <Video
        ref={videoRef}
        playsInline
        preload="metadata"
        poster={lesson.video_path ? lessonThumbnailUrl(lesson.video_path) : undefined}
        onClick={actions.togglePlay}
        onPlay={() => {
          setPaused(false);
          wake();
        }}
        onPause={() => setPaused(true)}
        onEnded={props.onEnded}
        onSeeked={(e) => {
          lastTime.current = e.currentTarget.currentTime;
        }}
        onTimeUpdate={(e) => {
          const v = e.currentTarget;
          setTime(v.currentTime);
          const step = lastTime.current === null ? 0 : v.currentTime - lastTime.current;
          lastTime.current = v.currentTime;
          if (!v.paused && !v.seeking && step > 0 && step < MAX_PLAYED_STEP) props.onPlayed(step / v.playbackRate);
        }}
        onDurationChange={(e) => setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
        onWaiting={() => setBuffering(true)}
        onPlaying={() => setBuffering(false)}
        onCanPlay={() => setBuffering(false)}
        onRateChange={(e) => {
          // The browser's own menu (picture-in-picture, media keys) may change it too.
          if (e.currentTarget.playbackRate !== rate) props.onRate(e.currentTarget.playbackRate);
        }}
        sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block', bgcolor: 'common.black' }}
      />

      <Box
        className="player-chrome"
        sx={{
          position: 'absolute',
          insetInline: 0,
          top: 0,
          px: 2,
          py: 1,
          pointerEvents: 'none',
          background: 'linear-gradient(rgba(0, 0, 0, 0.7), transparent)',
        }}
      >
        <Typography variant="subtitle1" component="p" noWrap sx={{ fontWeight: 700 }}>
          {name}
        </Typography>
      </Box>

      {resumedAt !== null && (
        <Chip
          role="status"
          label={text.resumed(clock(resumedAt))}
          size="small"
          sx={{ position: 'absolute', left: 12, top: 44, bgcolor: 'rgba(0, 0, 0, 0.7)', color: 'common.white' }}
        />
      )}

      <PlayerCenter
        phase={phase}
        busy={phase.kind === 'loading' || (buffering && !paused)}
        paused={paused}
        onRetry={() => setAttempt((a) => a + 1)}
        onPlay={actions.togglePlay}
      />

      {props.overlay}

      {phase.kind === 'ready' && (
        <Box className="player-chrome" sx={{ position: 'absolute', insetInline: 0, bottom: 0 }}>
          <PlayerControls state={controls} actions={actions} container={rootRef.current} />
        </Box>
      )}
    </Box>
  );
}
