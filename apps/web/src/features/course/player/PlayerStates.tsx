import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePlayerTexts } from './texts';

const Frame = styled('iframe')({});

/** Where a lesson's player is. */
export type Phase =
  /** Nothing fetched until the play button: the page opened on this course's address, without a tap or click. */
  | { kind: 'waiting' }
  | { kind: 'loading' }
  | { kind: 'ready' }
  | { kind: 'error'; message: string | null }
  /** A lesson hosted on a video site, played in its host's frame. */
  | { kind: 'frame'; url: string };

/**
 * What the middle of the picture says: a spinner while loading or stalled, the error with "try again", or the big
 * play button while paused; nothing while playing.
 */
export function PlayerCenter({
  phase,
  busy,
  paused,
  onRetry,
  onPlay,
}: {
  phase: Phase;
  busy: boolean;
  paused: boolean;
  onRetry: () => void;
  onPlay: () => void;
}) {
  const text = usePlayerTexts();
  let shown: ReactNode = null;
  if (busy) {
    shown = <CircularProgress aria-label={text.loading} sx={{ color: 'common.white' }} />;
  } else if (phase.kind === 'error') {
    shown = (
      <Alert
        severity="error"
        variant="filled"
        sx={{ pointerEvents: 'auto', mx: 2 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {text.retry}
          </Button>
        }
      >
        {text.cannotPlay}
        <Typography variant="body2">{phase.message ?? text.cannotPlayDetail}</Typography>
      </Alert>
    );
  } else if (paused) {
    shown = (
      <IconButton
        aria-label={text.play}
        onClick={onPlay}
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
    );
  }
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
      {shown}
    </Box>
  );
}

/**
 * A lesson hosted on a video site, in its host's frame, with the host's own controls; taken away when the dialog
 * closes, which stops it.
 */
export function FramedLesson({ url, name, open }: { url: string; name: string; open: boolean }) {
  const text = usePlayerTexts();
  return (
    <Box role="region" aria-label={text.player(name)} sx={{ height: '100%', bgcolor: 'common.black' }}>
      {open && (
        <Frame
          src={url}
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
