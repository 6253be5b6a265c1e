/** A piece of a lesson question's text: words as written, or a lesson time the player can jump to. */
export type TextPiece = { text: string } | { text: string; seconds: number };

// 3:15, 03:15 or 1:02:03, standing alone: not part of a longer run of digits and colons (12:345, 1:02:03:04). A time
// past the lesson's end is still a time: the player goes no further than the end.
const TIME = /(?<![\d:])(?:(\d{1,2}):)?(\d{1,2}):([0-5]\d)(?![\d:])/g;

/**
 * Splits a member's text into plain pieces and lesson times ("ดูที่ 03:15" → "ดูที่ ", 03:15 at 195 s), so the page
 * draws the times as buttons that move the player. Minutes past 59 are read only without hours ("75:00").
 */
export function lessonTimes(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let from = 0;
  for (const match of text.matchAll(TIME)) {
    const [whole, hours, minutes, seconds] = match;
    if (hours !== undefined && Number(minutes) > 59) continue;
    const at = match.index;
    if (at > from) pieces.push({ text: text.slice(from, at) });
    pieces.push({ text: whole, seconds: Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds) });
    from = at + whole.length;
  }
  if (from < text.length) pieces.push({ text: text.slice(from) });
  return pieces;
}
