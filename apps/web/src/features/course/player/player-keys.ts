import type { KeyboardEvent } from 'react';

/** Seconds the arrow keys move. */
const SEEK_STEP = 5;

export interface KeyActions {
  togglePlay: () => void;
  seek: (to: number) => void;
  toggleFullscreen: () => void;
  toggleMute: () => void;
}

/**
 * The player's keys, pressed anywhere inside it: space or K plays and pauses, the arrows move 5 s, F is full screen,
 * M mutes. Space and the arrows belong to a focused button, slider or menu. Answers whether the key was the player's
 * (and so taken from the page).
 */
export function playerKey(
  event: KeyboardEvent<HTMLElement>,
  root: HTMLElement | null,
  video: HTMLVideoElement | null,
  actions: KeyActions,
): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  const target = event.target as HTMLElement;
  const inControl = target !== root && target.closest('button, input, a, [role="menu"], [role="slider"]');
  switch (event.key) {
    case ' ':
      if (inControl) return false;
      actions.togglePlay();
      break;
    case 'k':
    case 'K':
      actions.togglePlay();
      break;
    case 'ArrowLeft':
    case 'ArrowRight':
      if (inControl || !video) return false;
      actions.seek(video.currentTime + (event.key === 'ArrowLeft' ? -SEEK_STEP : SEEK_STEP));
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
      return false;
  }
  event.preventDefault();
  return true;
}
