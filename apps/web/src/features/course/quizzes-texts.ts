import { defineTexts } from '../../i18n/texts';

interface QuizTexts {
  heading: string;
  none: string;
  final: string;
  afterLesson: string;
  attempts: (used: number, allowed: number) => string;
  timeLimit: (minutes: number) => string;
  noTimeLimit: string;
  passMark: (percent: number) => string;
  passed: string;
  forCertificate: string;
  start: string;
  resume: string;
  retake: string;
  noAttemptsLeft: string;
  timeLeft: string;
  progress: (answered: number, total: number) => string;
  points: (points: number) => string;
  question: (n: number) => string;
  true: string;
  false: string;
  yourAnswer: string;
  saving: string;
  saved: string;
  submit: string;
  submitting: string;
  submitConfirm: (unanswered: number) => string;
  result: string;
  score: (points: number, max: number, percent: number) => string;
  youPassed: string;
  youFailed: string;
  right: string;
  wrong: string;
  expected: string;
  back: string;
  timeUp: string;
  passToContinue: string;
  /** A test after a lesson that an earlier test still holds. */
  heldBy: (test: string) => string;
  openPage: string;
  /** The test's own page. */
  pageTitle: string;
  backToCourse: string;
  signInToTake: string;
  signIn: string;
  retry: string;
  buyersOnly: string;
  notFound: string;
  loadError: string;
}

/** The tests, in the course dialog and on a test's own page: the list for a buyer, taking one, and its result. */
export const useQuizTexts = defineTexts<QuizTexts>('quizzes', {
  th: {
    heading: 'แบบทดสอบ',
    none: 'คอร์สนี้ยังไม่มีแบบทดสอบ',
    final: 'แบบทดสอบท้ายคอร์ส',
    afterLesson: 'แบบทดสอบหลังบทเรียน',
    attempts: (used, allowed) => `ทำแล้ว ${used} จาก ${allowed} ครั้ง`,
    timeLimit: (minutes) => `เวลา ${minutes} นาที`,
    noTimeLimit: 'ไม่จำกัดเวลา',
    passMark: (percent) => `ผ่านเมื่อได้ ${percent}% ขึ้นไป`,
    passed: 'ผ่านแล้ว',
    forCertificate: 'ต้องผ่านเพื่อรับใบประกาศนียบัตร',
    start: 'เริ่มทำแบบทดสอบ',
    resume: 'ทำต่อ',
    retake: 'ทำอีกครั้ง',
    noAttemptsLeft: 'ทำครบจำนวนครั้งแล้ว',
    timeLeft: 'เวลาที่เหลือ',
    progress: (answered, total) => `ตอบแล้ว ${answered} จาก ${total} ข้อ`,
    points: (points) => `${points} คะแนน`,
    question: (n) => `ข้อ ${n}`,
    true: 'ถูก',
    false: 'ผิด',
    yourAnswer: 'คำตอบของคุณ',
    saving: 'กำลังบันทึกคำตอบ…',
    saved: 'บันทึกคำตอบแล้ว',
    submit: 'ส่งคำตอบ',
    submitting: 'กำลังส่ง…',
    submitConfirm: (unanswered) =>
      unanswered > 0 ? `ยังไม่ได้ตอบ ${unanswered} ข้อ ต้องการส่งคำตอบเลยหรือไม่?` : 'ต้องการส่งคำตอบหรือไม่?',
    result: 'ผลการทดสอบ',
    score: (points, max, percent) => `ได้ ${points} จาก ${max} คะแนน (${percent}%)`,
    youPassed: 'ยินดีด้วย คุณผ่านแบบทดสอบนี้',
    youFailed: 'ยังไม่ผ่านเกณฑ์',
    right: 'ถูก',
    wrong: 'ผิด',
    expected: 'คำตอบที่ถูก',
    back: 'กลับไปที่รายการแบบทดสอบ',
    timeUp: 'หมดเวลาแล้ว กำลังส่งคำตอบที่บันทึกไว้',
    passToContinue: 'ต้องผ่านเพื่อเรียนบทถัดไป',
    heldBy: (test) => `ผ่านแบบทดสอบ “${test}” ก่อนจึงจะทำแบบทดสอบนี้ได้`,
    openPage: 'เปิดเต็มหน้า',
    pageTitle: 'แบบทดสอบ',
    backToCourse: 'กลับไปที่คอร์สเรียน',
    signInToTake: 'กรุณาเข้าสู่ระบบด้วยบัญชีที่ซื้อคอร์สนี้เพื่อทำแบบทดสอบ',
    signIn: 'เข้าสู่ระบบ',
    retry: 'ลองอีกครั้ง',
    buyersOnly: 'แบบทดสอบนี้สำหรับผู้ที่ซื้อคอร์สนี้แล้วเท่านั้น ซื้อคอร์สเพื่อทำแบบทดสอบ',
    notFound: 'ไม่พบแบบทดสอบนี้ อาจถูกปิดไปแล้วหรือลิงก์ไม่ถูกต้อง',
    loadError: 'โหลดแบบทดสอบไม่สำเร็จ',
  },
  en: {
    heading: 'Tests',
    none: 'This course has no tests yet',
    final: 'Final test',
    afterLesson: 'Test after a lesson',
    attempts: (used, allowed) => `${used} of ${allowed} attempts used`,
    timeLimit: (minutes) => `${minutes} minutes`,
    noTimeLimit: 'No time limit',
    passMark: (percent) => `Pass with ${percent}% or more`,
    passed: 'Passed',
    forCertificate: 'Pass it for the certificate',
    start: 'Start the test',
    resume: 'Continue',
    retake: 'Take it again',
    noAttemptsLeft: 'No attempts left',
    timeLeft: 'Time left',
    progress: (answered, total) => `${answered} of ${total} answered`,
    points: (points) => `${points} ${points === 1 ? 'point' : 'points'}`,
    question: (n) => `Question ${n}`,
    true: 'True',
    false: 'False',
    yourAnswer: 'Your answer',
    saving: 'Saving your answer…',
    saved: 'Answer saved',
    submit: 'Submit',
    submitting: 'Submitting…',
    submitConfirm: (unanswered) =>
      unanswered > 0 ? `${unanswered} questions are unanswered. Submit anyway?` : 'Submit your answers?',
    result: 'Result',
    score: (points, max, percent) => `${points} of ${max} points (${percent}%)`,
    youPassed: 'Well done: you passed this test',
    youFailed: 'Not passed yet',
    right: 'Right',
    wrong: 'Wrong',
    expected: 'Correct answer',
    back: 'Back to the tests',
    timeUp: 'Time is up: submitting the answers saved',
    passToContinue: 'Pass it to open the next lessons',
    heldBy: (test) => `Pass the test “${test}” first to take this one`,
    openPage: 'Open as a page',
    pageTitle: 'Test',
    backToCourse: 'Back to the course',
    signInToTake: 'Sign in with the account that bought this course to take the test',
    signIn: 'Sign in',
    retry: 'Try again',
    buyersOnly: 'This test is for buyers of the course only: buy the course to take it',
    notFound: 'This test was not found: it may have been closed, or the link is wrong',
    loadError: 'The test could not be loaded',
  },
});
