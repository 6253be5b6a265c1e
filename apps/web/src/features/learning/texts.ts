import { defineTexts } from '../../i18n/texts';

interface LearningTexts {
  title: string;
  intro: string;
  signInPrompt: string;
  signIn: string;
  today: string;
  thisWeek: string;
  thisMonth: string;
  /** Time watched, e.g. "1 ชม. 5 นาที". */
  duration: (seconds: number) => string;
  /** A chart day's minutes, as the tooltip says them. */
  minutes: (minutes: number) => string;
  chartTitle: string;
  month: string;
  /** "Minutes" on the chart's side. */
  minutesAxis: string;
  /** The day of the month under the chart. */
  dayAxis: string;
  chartSummary: (total: string, month: string) => string;
  previousMonth: string;
  nextMonth: string;
  /** No lesson played in the month shown. */
  emptyMonth: string;
  courses: string;
  lessonsDone: (completed: number, lessons: number) => string;
  watched: (time: string) => string;
  resumeAt: (lesson: string, at: string) => string;
  resume: string;
  resumeLabel: (course: string) => string;
  /** A bought course with no lesson played yet: its lessons, and the button that opens it. */
  notStarted: (lessons: number) => string;
  start: string;
  startLabel: (course: string) => string;
  untitledLesson: string;
  empty: string;
  browse: string;
  loadError: string;
  retry: string;
}

/** A position in a video: "12:34", or "1:02:03" past an hour. */
export function playPosition(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Hours and minutes, or seconds under a minute. */
function spoken(seconds: number, units: { h: string; m: string; s: string }) {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} ${units.s}`;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  return h > 0 ? `${h} ${units.h} ${m} ${units.m}` : `${m} ${units.m}`;
}

/** The member's learning page: time watched, the chart per day, and progress per course. */
export const useLearningTexts = defineTexts<LearningTexts>('learning', {
  th: {
    title: 'การเรียนของฉัน',
    intro: 'เวลาที่ดูบทเรียน (นับเฉพาะช่วงที่เล่นจริง ดูซ้ำไม่นับเพิ่มในวันเดียวกัน) และความคืบหน้าของแต่ละคอร์ส',
    signInPrompt: 'เข้าสู่ระบบเพื่อดูสถิติการเรียนของคุณ',
    signIn: 'เข้าสู่ระบบ',
    today: 'วันนี้',
    thisWeek: 'สัปดาห์นี้',
    thisMonth: 'เดือนนี้',
    duration: (seconds) => spoken(seconds, { h: 'ชม.', m: 'นาที', s: 'วินาที' }),
    minutes: (minutes) => `${minutes} นาที`,
    chartTitle: 'เวลาเรียนรายวัน',
    month: 'เดือน',
    minutesAxis: 'นาที',
    dayAxis: 'วันที่',
    chartSummary: (total, month) => `รวม ${total} ใน${month}`,
    previousMonth: 'เดือนก่อนหน้า',
    nextMonth: 'เดือนถัดไป',
    emptyMonth: 'ยังไม่มีการเรียนในเดือนนี้',
    courses: 'คอร์สที่กำลังเรียน',
    lessonsDone: (completed, lessons) => `เรียนจบ ${completed} จาก ${lessons} บท`,
    watched: (time) => `ดูแล้ว ${time}`,
    resumeAt: (lesson, at) => `ล่าสุด: ${lesson} (${at})`,
    resume: 'เรียนต่อ',
    resumeLabel: (course) => `เรียนต่อ ${course}`,
    notStarted: (lessons) => `ยังไม่ได้เริ่มเรียน · ${lessons} บท`,
    start: 'เริ่มเรียน',
    startLabel: (course) => `เริ่มเรียน ${course}`,
    untitledLesson: 'บทเรียน',
    empty: 'ยังไม่มีประวัติการเรียน เริ่มดูบทเรียนในคอร์สของคุณได้เลย',
    browse: 'ดูคอร์สของฉัน',
    loadError: 'โหลดสถิติการเรียนไม่สำเร็จ',
    retry: 'ลองอีกครั้ง',
  },
  en: {
    title: 'My learning',
    intro:
      'Time spent on lessons (only what was actually played; watching a part again the same day adds nothing) and your progress in each course.',
    signInPrompt: 'Log in to see your learning statistics.',
    signIn: 'Log in',
    today: 'Today',
    thisWeek: 'This week',
    thisMonth: 'This month',
    duration: (seconds) => spoken(seconds, { h: 'h', m: 'min', s: 's' }),
    minutes: (minutes) => `${minutes} min`,
    chartTitle: 'Time watched per day',
    month: 'Month',
    minutesAxis: 'Minutes',
    dayAxis: 'Day',
    chartSummary: (total, month) => `${total} in ${month}`,
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    emptyMonth: 'No lessons watched this month yet',
    courses: 'Your courses',
    lessonsDone: (completed, lessons) => `${completed} of ${lessons} lessons completed`,
    watched: (time) => `Watched ${time}`,
    resumeAt: (lesson, at) => `Last: ${lesson} (${at})`,
    resume: 'Resume',
    resumeLabel: (course) => `Resume ${course}`,
    notStarted: (lessons) => `Not started yet · ${lessons} lessons`,
    start: 'Start',
    startLabel: (course) => `Start ${course}`,
    untitledLesson: 'Lesson',
    empty: 'No learning history yet: start a lesson of one of your courses.',
    browse: 'My courses',
    loadError: 'Could not load your learning statistics',
    retry: 'Try again',
  },
});
