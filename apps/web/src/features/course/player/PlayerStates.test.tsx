import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { FramedLesson, PlayerCenter } from './PlayerStates';

afterEach(cleanup);

const handlers = () => ({ onRetry: vi.fn(), onPlay: vi.fn() });

test('loading or stalled while playing: a spinner, and nothing to press', () => {
  render(<PlayerCenter phase={{ kind: 'loading' }} busy paused={false} {...handlers()} />);
  expect(screen.getByRole('progressbar', { name: 'กำลังโหลดวิดีโอ…' })).toBeTruthy();
  expect(screen.queryByRole('button')).toBeNull();
});

test('paused: the play button plays', async () => {
  const h = handlers();
  render(<PlayerCenter phase={{ kind: 'ready' }} busy={false} paused {...h} />);
  await userEvent.click(screen.getByRole('button', { name: 'เล่น' }));
  expect(h.onPlay).toHaveBeenCalledOnce();
});

test('an error says why, the server’s words when it gave them, and "try again" tries again', async () => {
  const h = handlers();
  const { rerender } = render(<PlayerCenter phase={{ kind: 'error', message: null }} busy={false} paused {...h} />);
  expect(screen.getByRole('alert').textContent).toContain('ไม่สามารถเล่นวิดีโอได้');
  await userEvent.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
  expect(h.onRetry).toHaveBeenCalledOnce();
  rerender(<PlayerCenter phase={{ kind: 'error', message: 'บทเรียนนี้ยังล็อกอยู่' }} busy={false} paused {...h} />);
  expect(screen.getByRole('alert').textContent).toContain('บทเรียนนี้ยังล็อกอยู่');
  expect(screen.queryByRole('button', { name: 'เล่น' })).toBeNull();
});

test('playing: the middle of the picture is empty', () => {
  const { container } = render(<PlayerCenter phase={{ kind: 'ready' }} busy={false} paused={false} {...handlers()} />);
  expect(container.textContent).toBe('');
});

test('a lesson on a video site plays in its host’s sandboxed frame, taken away when the dialog closes', () => {
  const url = 'https://www.youtube-nocookie.com/embed/abc';
  const { rerender } = render(<FramedLesson url={url} name="บทที่ 1" open />);
  const frame = screen.getByTitle('บทที่ 1') as HTMLIFrameElement;
  expect(frame.src).toBe(url);
  expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation allow-popups');
  rerender(<FramedLesson url={url} name="บทที่ 1" open={false} />);
  expect(screen.queryByTitle('บทที่ 1')).toBeNull();
});
