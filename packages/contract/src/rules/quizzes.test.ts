import { describe, expect, test } from 'vitest';
import {
  answerIsCorrect,
  answerOnTime,
  normaliseAnswer,
  QUIZ_GRACE_SECONDS,
  type QuizKey,
  scoreQuiz,
} from './quizzes.js';

describe('normaliseAnswer', () => {
  test('trims, collapses whitespace and folds Latin case', () => {
    expect(normaliseAnswer('  Hello \t  World\n')).toBe('hello world');
  });
  test('reads Thai digits as Arabic ones', () => {
    expect(normaliseAnswer('พ.ศ. ๒๕๖๙')).toBe('พ.ศ. 2569');
  });
  test('composes decomposed letters (NFC)', () => {
    expect(normaliseAnswer('Cafe\u0301')).toBe('caf\u00e9');
  });
  test('keeps Thai letters as they are', () => {
    expect(normaliseAnswer('กรุงเทพมหานคร')).toBe('กรุงเทพมหานคร');
  });
});

const single: QuizKey = { key: 'q1', kind: 'single', points: 2, correct: 'b' };
const multiple: QuizKey = { key: 'q2', kind: 'multiple', points: 3, correct: ['a', 'c'] };
const truth: QuizKey = { key: 'q3', kind: 'trueFalse', points: 1, correct: false };
const short: QuizKey = { key: 'q4', kind: 'short', points: 4, accepted: ['กรุงเทพ', 'Bangkok'] };

describe('answerIsCorrect', () => {
  test('single choice: the one right key', () => {
    expect(answerIsCorrect(single, 'b')).toBe(true);
    expect(answerIsCorrect(single, 'a')).toBe(false);
    expect(answerIsCorrect(single, ['b'])).toBe(false);
  });
  test('multiple choice: exactly the right set, in any order', () => {
    expect(answerIsCorrect(multiple, ['c', 'a'])).toBe(true);
    expect(answerIsCorrect(multiple, ['a'])).toBe(false);
    expect(answerIsCorrect(multiple, ['a', 'b', 'c'])).toBe(false);
    expect(answerIsCorrect(multiple, 'a')).toBe(false);
  });
  test('true/false: the right truth, not a string', () => {
    expect(answerIsCorrect(truth, false)).toBe(true);
    expect(answerIsCorrect(truth, true)).toBe(false);
    expect(answerIsCorrect(truth, 'false')).toBe(false);
  });
  test('short answer: any accepted text after normalisation', () => {
    expect(answerIsCorrect(short, ' กรุงเทพ ')).toBe(true);
    expect(answerIsCorrect(short, 'BANGKOK')).toBe(true);
    expect(answerIsCorrect(short, 'เชียงใหม่')).toBe(false);
  });
  test('an unanswered question is wrong', () => {
    expect(answerIsCorrect(single, undefined)).toBe(false);
  });
});

describe('scoreQuiz', () => {
  const questions = [single, multiple, truth, short];
  test('adds the points of right answers and says which were right', () => {
    const score = scoreQuiz(questions, { q1: 'b', q2: ['a'], q3: false, q4: 'bangkok' }, 60);
    expect(score).toEqual({
      points: 7,
      maxPoints: 10,
      percent: 70,
      passed: true,
      correct: { q1: true, q2: false, q3: true, q4: true },
    });
  });
  test('the pass mark is compared exactly: 7 of 9 (77.7 %) fails 78, passes 77', () => {
    const nine = [single, multiple, short];
    const answers = { q1: 'x', q2: ['a', 'c'], q4: 'กรุงเทพ' };
    expect(scoreQuiz(nine, answers, 78)).toMatchObject({ points: 7, maxPoints: 9, percent: 77, passed: false });
    expect(scoreQuiz(nine, answers, 77).passed).toBe(true);
  });
  test('no answers score nothing; a test without points never passes', () => {
    expect(scoreQuiz(questions, {}, 0)).toMatchObject({ points: 0, percent: 0, passed: true });
    expect(scoreQuiz([], {}, 0)).toMatchObject({ maxPoints: 0, passed: false });
  });
});

test('answerOnTime: no limit, within the grace, after it', () => {
  const deadline = new Date('2026-11-28T03:00:00Z');
  expect(answerOnTime(null, new Date('2030-01-01T00:00:00Z'))).toBe(true);
  expect(answerOnTime(deadline, new Date(deadline.getTime() + QUIZ_GRACE_SECONDS * 1000))).toBe(true);
  expect(answerOnTime(deadline, new Date(deadline.getTime() + QUIZ_GRACE_SECONDS * 1000 + 1))).toBe(false);
});
