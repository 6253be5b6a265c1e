import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { type KeyboardEvent, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { type Lesson, lessonThumbnailUrl } from '../api';
import { DrawnByServer } from '../drawn-by-server';
import { playbackSource } from './api';
import { playOrMuted } from './autoplay';
import { framedPlayerUrl } from './external';
import { attachSource, type MediaHandle, playsNatively, type Quality } from './media';
import { type ControlsState, PlayerControls } from './PlayerControls';
import { flushStatistics, lastSavedRow, onPageLeave, recordStretch } from './statistics-queue';
import { usePlayerTexts } from './texts';
import {
  clock,
  newViewing,
  onEnded,
  onPause,
  onPlay,
  onProgress,
  onSeeked,
  type Stretch,
  startPosition,
  type Viewing,
} from './viewing';

const Video = styled('video')({});
const Frame = styled('iframe')({});

/** Seconds the arrow keys move. */
const SEEK_STEP = 5;
/**
 * Whether the shopper asked for this course: a tap, click or key on this page, or a link inside the shop that
 * opened it (a click that landed before the page's script took over). Then a lesson starts at once. On a page opened
 * from outside (a shared link, a search result), the player, its library and the video wait for the play button,
 * which saves a phone's data and the page's first seconds.
 */
function hasUserActivation(): boolean {
  if (navigator.userActivation?.hasBeenActive ?? true) return true;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

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

type Phase =
  /** Nothing fetched until the play button: the page opened on this course's address, without a tap or click. */
  | { kind: 'waiting' }
  | { kind: 'loading' }
  | { kind: 'ready' }
  | { kind: 'error'; message: string | null }
  /** A lesson hosted on a video site, played in its host's frame. */
  | { kind: 'frame'; url: string };

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

  // The viewing statistics of this lesson, from the media element's own events.
  // biome-ignore lint/correctness/useExhaustiveDependencies: bound to the lesson, which never changes while mounted
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !recording) return;
    let viewing: Viewing = newViewing();
    let position = 0;
    let seekFrom: number | null = null;
    const length = () => (Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null);
    const keep = (step: { viewing: Viewing; save: Stretch | null }) => {
      viewing = step.viewing;
      if (step.save) recordStretch({ productId, videoId: lesson.video_id, duration: length() }, step.save);
    };
    const onPlaying = () => keep(onPlay(viewing, video.currentTime));
    const onTime = () => {
      if (video.seeking) return;
      position = video.currentTime;
      if (!video.paused) viewing = onProgress(viewing, position);
    };
    const onSeeking = () => {
      seekFrom ??= position;
    };
    const onSeekedEvent = () => {
      keep(onSeeked(viewing, seekFrom ?? video.currentTime, video.currentTime));
      seekFrom = null;
      position = video.currentTime;
    };
    const onPauseEvent = () => keep(onPause(viewing, video.currentTime, length()));
    const onEndedEvent = () => keep(onEnded(viewing, length() ?? video.currentTime));
    /** Leaving the page or the lesson while it plays saves the stretch so far, as a pause would. */
    const leave = () => {
      if (!video.paused && !video.ended) keep(onPause(viewing, video.currentTime, length()));
    };
    const events: [string, () => void][] = [
      ['playing', onPlaying],
      ['timeupdate', onTime],
      ['seeking', onSeeking],
      ['seeked', onSeekedEvent],
      ['pause', onPauseEvent],
      ['ended', onEndedEvent],
    ];
    for (const [name, fn] of events) video.addEventListener(name, fn);
    const stopLeaving = onPageLeave(leave);
    return () => {
      leave();
      stopLeaving();
      for (const [name, fn] of events) video.removeEventListener(name, fn);
      void flushStatistics();
    };
  }, []);

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
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    // Space and the arrows belong to a focused button, slider or menu; the letters work from anywhere inside.
    const inControl = target !== rootRef.current && target.closest('button, input, a, [role="menu"], [role="slider"]');
    const v = video();
    let handled = true;
    switch (event.key) {
      case ' ':
        if (inControl) return;
        actions.togglePlay();
        break;
      case 'k':
      case 'K':
        actions.togglePlay();
        break;
      case 'ArrowLeft':
      case 'ArrowRight':
        if (inControl || !v) return;
        actions.seek(v.currentTime + (event.key === 'ArrowLeft' ? -SEEK_STEP : SEEK_STEP));
        break;
      case 'f':
      case 'F':
        actions.toggleFullscreen();
        break;
      case 'm':
      case 'M':
        actions.toggleMute();
        break;
      default:
        handled = false;
    }
    if (handled) {
      event.preventDefault();
      wake();
    }
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

  // The host's player has its own controls and keys, and says nothing of what was watched (no statistics); it is
  // taken away when the dialog closes, which stops it.
  if (phase.kind === 'frame') {
    return (
      <Box role="region" aria-label={text.player(name)} sx={{ height: '100%', bgcolor: 'common.black' }}>
        {open && (
          <Frame
            src={phase.url}
            title={name}
            allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
            sx={{ width: '100%', height: '100%', border: 0, display: 'block' }}
          />
        )}
      </Box>
    );
  }

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

      <Center>
        {phase.kind === 'loading' || (buffering && !paused) ? (
          <CircularProgress aria-label={text.loading} sx={{ color: 'common.white' }} />
        ) : phase.kind === 'error' ? (
          <Alert
            severity="error"
            variant="filled"
            sx={{ pointerEvents: 'auto', mx: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => setAttempt((a) => a + 1)}>
                {text.retry}
              </Button>
            }
          >
            {text.cannotPlay}
            <Typography variant="body2">{phase.message ?? text.cannotPlayDetail}</Typography>
          </Alert>
        ) : paused ? (
          <IconButton
            aria-label={text.play}
            onClick={actions.togglePlay}
            sx={{
              pointerEvents: 'auto',
              bgcolor: 'rgba(0, 0, 0, 0.55)',
              color: 'common.white',
              '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.75)' },
              '&.Mui-focusVisible': { outline: '3px solid #fff' },
            }}
          >
            <PlayArrowIcon sx={{ fontSize: { xs: 40, md: 64 } }} />
          </IconButton>
        ) : null}
      </Center>

      {props.overlay}

      {phase.kind === 'ready' && (
        <Box className="player-chrome" sx={{ position: 'absolute', insetInline: 0, bottom: 0 }}>
          <PlayerControls state={controls} actions={actions} container={rootRef.current} />
        </Box>
      )}
    </Box>
  );
}

function Center({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        pointerEvents: 'none',
      }}
    >
      {children}
    </Box>
  );
}
