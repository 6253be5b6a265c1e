import { defineTexts } from '../../i18n/texts';

interface LessonQuestionTexts {
  heading: string;
  count: (n: number) => string;
  none: string;
  askLabel: string;
  askHint: string;
  ask: string;
  answerLabel: (author: string) => string;
  answer: string;
  reply: string;
  cancel: string;
  sending: string;
  sent: string;
  remove: string;
  removeQuestionConfirm: string;
  removeAnswerConfirm: string;
  removed: string;
  hiddenByStaff: string;
  staff: string;
  coach: string;
  you: string;
  loadError: string;
  retry: string;
  pages: string;
  jumpTo: (time: string) => string;
  answersOf: (n: number) => string;
}

/** Questions and answers under the lesson on the player (issue #24). */
export const useLessonQuestionTexts = defineTexts<LessonQuestionTexts>('lessonQuestions', {
  th: {
    heading: 'ถาม-ตอบในบทเรียนนี้',
    count: (n) => `${n.toLocaleString('th-TH')} คำถาม`,
    none: 'ยังไม่มีคำถามในบทเรียนนี้ ถามเป็นคนแรกได้เลย',
    askLabel: 'คำถามของคุณ',
    askHint: 'พิมพ์เวลาในบทเรียน เช่น 03:15 เพื่อให้ผู้อ่านกดไปยังช่วงนั้นได้',
    ask: 'ส่งคำถาม',
    answerLabel: (author) => `ตอบ ${author}`,
    answer: 'ส่งคำตอบ',
    reply: 'ตอบ',
    cancel: 'ยกเลิก',
    sending: 'กำลังส่ง…',
    sent: 'ส่งข้อความเรียบร้อย',
    remove: 'ลบ',
    removeQuestionConfirm: 'ลบคำถามนี้และคำตอบทั้งหมดใช่หรือไม่',
    removeAnswerConfirm: 'ลบคำตอบนี้ใช่หรือไม่',
    removed: 'ลบเรียบร้อย',
    hiddenByStaff: 'ข้อความนี้ถูกซ่อนโดยเจ้าหน้าที่ จึงไม่แสดงต่อผู้อื่น',
    staff: 'ทีมงาน',
    coach: 'โค้ช',
    you: 'คุณ',
    loadError: 'โหลดคำถามไม่สำเร็จ',
    retry: 'ลองอีกครั้ง',
    pages: 'หน้าคำถาม',
    jumpTo: (time) => `เล่นวิดีโอที่ ${time}`,
    answersOf: (n) => `${n.toLocaleString('th-TH')} คำตอบ`,
  },
  en: {
    heading: 'Questions on this lesson',
    count: (n) => `${n.toLocaleString('en-GB')} question${n === 1 ? '' : 's'}`,
    none: 'No questions on this lesson yet: ask the first',
    askLabel: 'Your question',
    askHint: 'Type a time in the lesson, such as 03:15, and readers can jump there',
    ask: 'Ask',
    answerLabel: (author) => `Answer ${author}`,
    answer: 'Send answer',
    reply: 'Answer',
    cancel: 'Cancel',
    sending: 'Sending…',
    sent: 'Sent',
    remove: 'Delete',
    removeQuestionConfirm: 'Delete this question and all its answers?',
    removeAnswerConfirm: 'Delete this answer?',
    removed: 'Deleted',
    hiddenByStaff: 'Staff hid this: others do not see it',
    staff: 'Staff',
    coach: 'Coach',
    you: 'You',
    loadError: 'Could not load the questions',
    retry: 'Try again',
    pages: 'Question pages',
    jumpTo: (time) => `Play the video at ${time}`,
    answersOf: (n) => `${n.toLocaleString('en-GB')} answer${n === 1 ? '' : 's'}`,
  },
});
