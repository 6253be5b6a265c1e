import type { LessonQuestion } from '@sikkha/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { apiDouble, ok } from '../../../test/api-double';
import { TOKEN_KEY } from '../../api/client';
import type { Lesson } from './api';
import { LessonQuestions } from './LessonQuestions';

const lesson = { id: 7, video_id: 42, video_name: 'บทที่ 2' } as Lesson;

const question = (over: Partial<LessonQuestion> = {}): LessonQuestion => ({
  id: 1,
  parent_id: null,
  video_id: 42,
  text: 'ช่วง 0:08 หมายถึงอะไร <b>ครับ</b>',
  author: 'แอน',
  author_kind: 'member',
  mine: false,
  state: 'shown',
  create_at: '2026-11-28T03:00:00.000Z',
  answers: [],
  ...over,
});

function shown(onTime = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LessonQuestions productId={3} lesson={lesson} onTime={onTime} />
    </QueryClientProvider>,
  );
  return onTime;
}

beforeEach(() => localStorage.setItem(TOKEN_KEY, 'member-token'));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

test('asks for the lesson’s questions with the member’s token, and says when there are none', async () => {
  const api = apiDouble({ 'GET /api/lessonComments': () => ok([], { total: 0, coaches: [] }) });
  shown();
  expect(await screen.findByText('ยังไม่มีคำถามในบทเรียนนี้ ถามเป็นคนแรกได้เลย')).toBeTruthy();
  const asked = api.seen.find((r) => r.path === '/api/lessonComments')!;
  expect(Object.fromEntries(asked.query)).toMatchObject({ product_id: '3', video_id: '42', page: '1' });
  expect(asked.token).toBe('member-token');
});

test('a time in the text is a button that moves the player; the words stay text, markup included', async () => {
  apiDouble({ 'GET /api/lessonComments': () => ok([question()], { total: 1, coaches: [] }) });
  const onTime = shown();
  const jump = await screen.findByRole('button', { name: 'เล่นวิดีโอที่ 0:08' });
  await userEvent.click(jump);
  expect(onTime).toHaveBeenCalledWith(8);
  expect(screen.getByText('หมายถึงอะไร <b>ครับ</b>', { exact: false })).toBeTruthy();
  expect(document.querySelector('b')).toBeNull();
});

test('answers carry their marks: the coach by name, the staff as the team, the member’s own as theirs', async () => {
  apiDouble({
    'GET /api/lessonComments': () =>
      ok(
        [
          question({
            mine: true,
            author: 'ใจ',
            answers: [
              question({ id: 2, parent_id: 1, text: 'ตอบโดยโค้ช', author: 'ครูบี', author_kind: 'coach' }),
              question({ id: 3, parent_id: 1, text: 'ตอบโดยทีมงาน', author: '', author_kind: 'staff' }),
            ],
          }),
        ],
        { total: 1, coaches: [] },
      ),
  });
  shown();
  const answers = await screen.findByRole('list', { name: '2 คำตอบ' });
  const [coach, staff] = within(answers).getAllByRole('listitem');
  expect(within(coach!).getByText('ครูบี')).toBeTruthy();
  expect(within(coach!).getByText('โค้ช')).toBeTruthy();
  expect(within(staff!).getByText('ทีมงาน')).toBeTruthy();
  // Only the member's own question offers delete.
  expect(screen.getAllByRole('button', { name: 'ลบ' })).toHaveLength(1);
  expect(screen.getByText('คุณ')).toBeTruthy();
});

test('the server’s refusal shows under the text box; a sent question clears the box and the list is asked again', async () => {
  const questions: LessonQuestion[] = [];
  const api = apiDouble({
    'GET /api/lessonComments': () => ok(questions, { total: questions.length, coaches: [] }),
    'POST /api/lessonCommentSave': ({ body }) => {
      const text = String((body as { text: string }).text).trim();
      if (!text) {
        return {
          status: 400,
          body: {
            result: false,
            message: 'text: กรุณาพิมพ์ข้อความ',
            code: 'BAD_REQUEST',
            fields: [{ path: 'text', code: 'required', message: 'กรุณาพิมพ์ข้อความ' }],
          },
        };
      }
      const made = question({ id: 9, text, mine: true });
      questions.unshift(made);
      return ok(made);
    },
  });
  shown();
  const box = await screen.findByRole('textbox', { name: 'คำถามของคุณ' });
  await userEvent.click(screen.getByRole('button', { name: 'ส่งคำถาม' }));
  expect(await screen.findByText('กรุณาพิมพ์ข้อความ')).toBeTruthy();
  await userEvent.type(box, 'ตอน 1:30 ไม่เข้าใจ');
  await userEvent.click(screen.getByRole('button', { name: 'ส่งคำถาม' }));
  await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  expect(await screen.findByRole('button', { name: 'เล่นวิดีโอที่ 1:30' })).toBeTruthy();
  const saves = api.seen.filter((r) => r.path === '/api/lessonCommentSave');
  expect(saves.at(-1)!.body).toEqual({ product_id: 3, video_id: 42, text: 'ตอน 1:30 ไม่เข้าใจ' });
  expect(api.seen.filter((r) => r.path === '/api/lessonComments').length).toBeGreaterThanOrEqual(2);
});

test('a list the server could not give says so, and tries again on request', async () => {
  let fail = true;
  apiDouble({
    'GET /api/lessonComments': () =>
      fail
        ? { status: 503, body: { result: false, message: 'ระบบไม่พร้อมใช้งาน', data: null } }
        : ok([question()], { total: 1, coaches: [] }),
  });
  shown();
  expect(await screen.findByText('โหลดคำถามไม่สำเร็จ')).toBeTruthy();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
  expect(await screen.findByRole('button', { name: 'เล่นวิดีโอที่ 0:08' })).toBeTruthy();
});
