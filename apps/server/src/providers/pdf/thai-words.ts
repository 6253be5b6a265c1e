/** Between two Thai words: the template's cue that a line may break here and nowhere inside either (thai.typ). */
export const WORD_BREAK = '\u200B';

const words = new Intl.Segmenter('th', { granularity: 'word' });
const THAI = /\p{Script=Thai}/u;

/**
 * The text with a zero-width space between each two Thai words, found by ICU's Thai dictionary (the one Chromium
 * breaks Thai lines with). Typst breaks Thai by a model that splits some words ("กรุงเทพมหาน" / "คร"); with the
 * words marked, a template keeps each whole (templates/thai.typ) and the marks themselves are never drawn.
 */
export function markThaiWords(text: string): string {
  if (!THAI.test(text)) return text;
  let marked = '';
  let thaiBefore = false;
  for (const { segment } of words.segment(text)) {
    const thai = THAI.test(segment);
    if (thai && thaiBefore) marked += WORD_BREAK;
    marked += segment;
    thaiBefore = thai;
  }
  return marked;
}

/** Every string in a template's data, its Thai words marked. */
export function markThaiWordsIn(value: unknown): unknown {
  if (typeof value === 'string') return markThaiWords(value);
  if (Array.isArray(value)) return value.map(markThaiWordsIn);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, markThaiWordsIn(item)]));
  }
  return value;
}
