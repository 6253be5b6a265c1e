import { describe, expect, it } from 'vitest';
import { lessonTimes } from './lesson-times.js';

describe('lessonTimes', () => {
  it('reads minutes and seconds, with or without a leading zero', () => {
    expect(lessonTimes('ดูที่ 03:15 ครับ')).toEqual([{ text: 'ดูที่ ' }, { text: '03:15', seconds: 195 }, { text: ' ครับ' }]);
    expect(lessonTimes('3:05')).toEqual([{ text: '3:05', seconds: 185 }]);
  });

  it('reads hours, and minutes past an hour when no hours are given', () => {
    expect(lessonTimes('ช่วง 1:02:03')).toEqual([{ text: 'ช่วง ' }, { text: '1:02:03', seconds: 3723 }]);
    expect(lessonTimes('75:00')).toEqual([{ text: '75:00', seconds: 4500 }]);
  });

  it('finds every time in a text, and Thai words around them stay whole', () => {
    const pieces = lessonTimes('ระหว่าง 0:30 ถึง 1:45 ไม่เข้าใจ');
    expect(pieces.filter((p) => 'seconds' in p).map((p) => (p as { seconds: number }).seconds)).toEqual([30, 105]);
    expect(pieces.map((p) => p.text).join('')).toBe('ระหว่าง 0:30 ถึง 1:45 ไม่เข้าใจ');
  });

  it('leaves what is not a lesson time as text', () => {
    for (const text of ['12:345', '1:2', '10:61', '1:75:00', 'ราคา 1,500 บาท', '', '::', '1:02:03:04']) {
      expect(
        lessonTimes(text).every((p) => !('seconds' in p)),
        text,
      ).toBe(true);
      expect(
        lessonTimes(text)
          .map((p) => p.text)
          .join(''),
      ).toBe(text);
    }
  });
});
