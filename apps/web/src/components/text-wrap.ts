/**
 * Long unbroken strings (a URL, an e-mail, a reference) wrap instead of overflowing their box, while Thai text
 * still breaks only between its words: `overflow-wrap: anywhere` would also let a box that shrinks to fit (a flex
 * item, a grid column, a table cell) cut a Thai word mid-way ("ตัว/จริง").
 */
export const wrapLongStrings = { overflowWrap: 'break-word' } as const;
