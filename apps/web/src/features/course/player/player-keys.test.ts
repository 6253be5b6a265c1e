import type { KeyboardEvent } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { type KeyActions, playerKey } from './player-keys';

/** A key pressed on `target` inside the player `root`; the element is a stand-in with `closest`, as the DOM's. */
function press(
  key: string,
  target: { closest: (selector: string) => unknown },
  modifiers: Partial<KeyboardEvent> = {},
) {
  const preventDefault = vi.fn();
  const event = { key, target, altKey: false, ctrlKey: false, metaKey: false, preventDefault, ...modifiers };
  return { event: event as unknown as KeyboardEvent<HTMLElement>, preventDefault };
}

const root = { closest: () => null };
const button = { closest: (selector: string) => (selector.includes('button') ? {} : null) };
const actions = () => ({
  togglePlay: vi.fn<() => void>(),
  seek: vi.fn<(to: number) => void>(),
  toggleFullscreen: vi.fn<() => void>(),
  toggleMute: vi.fn<() => void>(),
});
const video = { currentTime: 30 } as HTMLVideoElement;

describe('the player’s keys', () => {
  test.each([
    [' ', 'togglePlay'],
    ['k', 'togglePlay'],
    ['K', 'togglePlay'],
    ['f', 'toggleFullscreen'],
    ['m', 'toggleMute'],
  ])('%j on the player does %s and is taken from the page', (key, action) => {
    const a = actions();
    const { event, preventDefault } = press(key, root);
    expect(playerKey(event, root as unknown as HTMLElement, video, a)).toBe(true);
    expect(a[action as keyof KeyActions]).toHaveBeenCalledOnce();
    expect(preventDefault).toHaveBeenCalledOnce();
  });

  test('the arrows move 5 seconds back and forth from where the video is', () => {
    const a = actions();
    playerKey(press('ArrowLeft', root).event, root as unknown as HTMLElement, video, a);
    playerKey(press('ArrowRight', root).event, root as unknown as HTMLElement, video, a);
    expect(a.seek.mock.calls).toEqual([[25], [35]]);
  });

  test('space and the arrows belong to a focused button; the letters still work there', () => {
    const a = actions();
    for (const key of [' ', 'ArrowLeft', 'ArrowRight']) {
      const { event, preventDefault } = press(key, button);
      expect(playerKey(event, root as unknown as HTMLElement, video, a)).toBe(false);
      expect(preventDefault).not.toHaveBeenCalled();
    }
    expect(playerKey(press('k', button).event, root as unknown as HTMLElement, video, a)).toBe(true);
    expect(a.togglePlay).toHaveBeenCalledOnce();
    expect(a.seek).not.toHaveBeenCalled();
  });

  test('a key with Ctrl, Alt or Cmd, or one the player has no use for, is left to the page', () => {
    const a = actions();
    for (const [key, modifiers] of [
      ['f', { ctrlKey: true }],
      ['m', { altKey: true }],
      ['k', { metaKey: true }],
      ['x', {}],
      ['Enter', {}],
    ] as const) {
      expect(playerKey(press(key, root, modifiers).event, root as unknown as HTMLElement, video, a)).toBe(false);
    }
    expect(Object.values(a).every((fn) => fn.mock.calls.length === 0)).toBe(true);
  });

  test('the arrows do nothing before there is a video', () => {
    const a = actions();
    expect(playerKey(press('ArrowRight', root).event, root as unknown as HTMLElement, null, a)).toBe(false);
    expect(a.seek).not.toHaveBeenCalled();
  });
});
