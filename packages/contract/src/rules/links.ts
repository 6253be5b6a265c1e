/**
 * The schemes a stored link may have. Any other (javascript:, data:, vbscript:) would run or load something in the
 * shop's own page when followed.
 */
export const WEB_LINK_SCHEME = /^https?$/;

/**
 * The address to link to for a stored URL, or null when it is not an http(s) address: rows saved before the
 * contract refused other schemes are shown as plain text, never followed.
 */
export function webLink(stored: string | null | undefined): string | null {
  const text = stored?.trim();
  if (!text || !URL.canParse(text)) return null;
  const url = new URL(text);
  return WEB_LINK_SCHEME.test(url.protocol.slice(0, -1)) ? url.href : null;
}
