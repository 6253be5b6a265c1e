import { KEY_URI } from '../../providers/video/hls.js';

const isUri = (line: string) => line !== '' && !line.startsWith('#');

/** The stored master playlist with each rendition's URI signed (relative URIs stay under the ticket's path). */
export function signMaster(text: string, media: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => (isUri(line) ? `${line}?${media}` : line))
    .join('\n');
}

/** A stored media playlist with its segment URIs signed for the session and its key URI for a short while. */
export function signMedia(text: string, media: string, key: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      if (line.startsWith('#EXT-X-KEY:')) return line.replace(`URI="${KEY_URI}"`, `URI="../key?${key}"`);
      return isUri(line) ? `${line}?${media}` : line;
    })
    .join('\n');
}
