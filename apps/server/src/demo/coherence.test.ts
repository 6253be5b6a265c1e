import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testApp } from '../../test/app.js';
import { courses } from './content.js';
import { seedDemo } from './seed.js';

// The demo shop must not contradict itself: a picture belongs to what it is shown with. (The news pictures say
// their own article's headline: assets/README.md.)

let t: Awaited<ReturnType<typeof testApp>>;
const dataDir = mkdtempSync(join(tmpdir(), 'sikkha-coherence-'));

beforeAll(async () => {
  t = await testApp({ dataDir });
  await seedDemo(t.db, { dataDir, clock: t.clock });
});
afterAll(() => t.close());

test("each lesson's thumbnail carries its own number in its course", async () => {
  const staff = await t.staff('coherence-staff');
  for (const course of courses) {
    const res = await staff.get(`/api/courseView?title=${encodeURIComponent(course.product_title)}`);
    expect(res.statusCode, course.product_title).toBe(200);
    const lessons: { video_path: string | null }[] = res.json().data.lessons;
    expect(lessons.map((lesson) => lesson.video_path)).toEqual(lessons.map((_, i) => `lesson-${i + 1}.jpg`));
  }
});
