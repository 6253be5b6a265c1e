import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { PLAYBACK_RATES } from '@sikkha/contract/rules';
import { useId, useState } from 'react';
import type { Quality } from './media';
import { usePlayerTexts } from './texts';
import { clock } from './viewing';

export interface ControlsState {
  paused: boolean;
  time: number;
  duration: number;
  muted: boolean;
  rate: number;
  qualities: Quality[];
  /** The chosen rendition, -1 for automatic. */
  quality: number;
  /** The rendition playing now. */
  playingQuality: number;
  fullscreen: boolean;
}

export interface ControlsActions {
  togglePlay: () => void;
  seek: (to: number) => void;
  toggleMute: () => void;
  setRate: (rate: number) => void;
  setQuality: (index: number) => void;
  toggleFullscreen: () => void;
}

const rateLabel = (rate: number) => `${rate}x`;

/**
 * The bar under the picture: the position slider, play or pause, mute, the time, the speed (spec 1 §9's rates), the
 * quality when there are several renditions, and full screen. Menus open inside the player, so they show in full
 * screen too.
 */
export function PlayerControls({
  state,
  actions,
  container,
}: {
  state: ControlsState;
  actions: ControlsActions;
  container: HTMLElement | null;
}) {
  const text = usePlayerTexts();
  const [dragging, setDragging] = useState<number | null>(null);
  const shown = dragging ?? state.time;
  const heightOf = (index: number) => state.qualities.find((q) => q.index === index)?.height;
  const qualityLabel =
    state.quality === -1
      ? `${text.auto}${heightOf(state.playingQuality) ? ` (${heightOf(state.playingQuality)}p)` : ''}`
      : `${heightOf(state.quality)}p`;

  return (
    <Box sx={{ px: { xs: 1, sm: 1.5 }, pb: 0.5, background: 'linear-gradient(transparent, rgba(0, 0, 0, 0.8))' }}>
      <Slider
        size="small"
        aria-label={text.seek}
        min={0}
        max={state.duration || 1}
        step={1}
        value={Math.min(shown, state.duration || 0)}
        getAriaValueText={(v) => text.time(clock(v), clock(state.duration))}
        onChange={(_e, value) => setDragging(value as number)}
        onChangeCommitted={(_e, value) => {
          setDragging(null);
          actions.seek(value as number);
        }}
        sx={{ color: 'common.white', py: 1, display: 'block', '& .MuiSlider-thumb.Mui-focusVisible': focusRing }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 }, color: 'common.white' }}>
        <IconButton
          aria-label={state.paused ? text.play : text.pause}
          onClick={actions.togglePlay}
          size="small"
          sx={buttonSx}
        >
          {state.paused ? <PlayArrowIcon /> : <PauseIcon />}
        </IconButton>
        <IconButton
          aria-label={state.muted ? text.unmute : text.mute}
          aria-pressed={state.muted}
          onClick={actions.toggleMute}
          size="small"
          sx={buttonSx}
        >
          {state.muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
        </IconButton>
        <Typography variant="caption" sx={{ flex: 1, whiteSpace: 'nowrap', ml: 0.5 }} aria-hidden>
          {clock(shown)} / {clock(state.duration)}
        </Typography>
        <ChoiceMenu
          label={text.rate(rateLabel(state.rate))}
          title={text.rateMenu}
          value={rateLabel(state.rate)}
          container={container}
          options={PLAYBACK_RATES.map((rate) => ({ key: rate, label: rateLabel(rate), selected: rate === state.rate }))}
          onChoose={(rate) => actions.setRate(rate)}
        />
        {state.qualities.length > 1 && (
          <ChoiceMenu
            label={text.quality(qualityLabel)}
            title={text.qualityMenu}
            value={state.quality === -1 ? text.auto : `${heightOf(state.quality)}p`}
            container={container}
            options={[
              { key: -1, label: text.auto, selected: state.quality === -1 },
              ...[...state.qualities]
                .sort((a, b) => b.height - a.height)
                .map((q) => ({ key: q.index, label: `${q.height}p`, selected: q.index === state.quality })),
            ]}
            onChoose={(index) => actions.setQuality(index)}
          />
        )}
        <IconButton
          aria-label={state.fullscreen ? text.exitFullscreen : text.fullscreen}
          onClick={actions.toggleFullscreen}
          size="small"
          sx={buttonSx}
        >
          {state.fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
        </IconButton>
      </Box>
    </Box>
  );
}

const focusRing = { outline: '2px solid #fff', outlineOffset: 2 };
const buttonSx = { color: 'common.white', '&.Mui-focusVisible': focusRing };

function ChoiceMenu<K extends number>({
  label,
  title,
  value,
  options,
  onChoose,
  container,
}: {
  label: string;
  title: string;
  value: string;
  options: { key: K; label: string; selected: boolean }[];
  onChoose: (key: K) => void;
  container: HTMLElement | null;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ ...buttonSx, minWidth: 0, px: 1, fontWeight: 700, textTransform: 'none' }}
      >
        {value}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        container={container}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': title, dense: true } }}
      >
        {options.map((option) => (
          <MenuItem
            key={option.key}
            selected={option.selected}
            onClick={() => {
              setAnchor(null);
              onChoose(option.key);
            }}
          >
            {option.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
