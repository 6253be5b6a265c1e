import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Lesson } from '../../policies/index.js';

/** Who a ticket plays for: one signed-in account, or anyone (preview and public lessons). */
export type Viewer = { kind: 'anyone' } | { kind: 'member' | 'staff'; id: number };

/**
 * A playback session of one lesson, for one viewer, until `expires` (seconds since the epoch). `native`: made for
 * the browser's own HLS player (Safari), which sends no bearer token, so its URLs' signatures stand in for it.
 */
export interface Ticket extends Lesson {
  viewer: Viewer;
  expires: number;
  native: boolean;
}

/**
 * What a signature on a URL inside a ticket covers: `media` the playlists and segments (the whole session), `key`
 * the key, for a short while only, so that a key URL copied out of a playlist soon stops working.
 */
export type Scope = 'media' | 'key';

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const TICKET = /^(\d{1,10})-(\d{1,10})-(a|[ms]\d{1,10}n?)-(\d{1,12})-([A-Za-z0-9_-]{43})$/;

/** `a` for anyone, `m<id>` or `s<id>` for an account, with `n` after it for a native player's ticket. */
const viewerCode = (ticket: Pick<Ticket, 'viewer' | 'native'>) => {
  const { viewer } = ticket;
  if (viewer.kind === 'anyone') return 'a';
  return `${viewer.kind === 'member' ? 'm' : 's'}${viewer.id}${ticket.native ? 'n' : ''}`;
};

function viewerOf(code: string): Pick<Ticket, 'viewer' | 'native'> {
  if (code === 'a') return { viewer: { kind: 'anyone' }, native: false };
  const native = code.endsWith('n');
  const id = Number(code.slice(1, native ? -1 : undefined));
  return { viewer: { kind: code[0] === 'm' ? 'member' : 'staff', id }, native };
}

/**
 * Signs and checks playback tickets and the URLs inside them with HMAC-SHA256, under a key of its own derived from
 * the session secret (a ticket is never a session token, nor the reverse).
 */
export function ticketSigner(sessionSecret: string) {
  const key = createHmac('sha256', sessionSecret).update('sikkha playback tickets v1').digest();
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  return {
    /** The ticket as it goes into a URL path: `<product>-<video>-<viewer>-<expires>-<signature>`. */
    issue(ticket: Ticket): string {
      const body = `${ticket.productId}-${ticket.videoId}-${viewerCode(ticket)}-${ticket.expires}`;
      return `${body}-${sign(`ticket|${body}`)}`;
    },

    /** The ticket a path part stands for, when it is one of ours and has not expired at `now` (seconds). */
    read(text: string, now: number): Ticket | null {
      const match = TICKET.exec(text);
      if (!match) return null;
      const [, product, video, viewer, expires, signature] = match;
      const body = `${product}-${video}-${viewer}-${expires}`;
      if (!same(signature!, sign(`ticket|${body}`))) return null;
      const ticket = {
        productId: Number(product),
        videoId: Number(video),
        ...viewerOf(viewer!),
        expires: +expires!,
      };
      return ticket.expires > now ? ticket : null;
    },

    /** `e=<expires>&s=<signature>`: lets a URL inside a ticket be fetched without the bearer token until `expires`. */
    urlSignature(ticket: string, scope: Scope, expires: number): string {
      return `e=${expires}&s=${sign(`${scope}|${ticket}|${expires}`)}`;
    },

    /** Whether `e` and `s` of a request sign this scope of the ticket and are still good at `now` (seconds). */
    checkUrl(ticket: string, scope: Scope, query: { e?: string; s?: string }, now: number): boolean {
      const expires = Number(query.e);
      if (!Number.isSafeInteger(expires) || expires <= now || !query.s || !SIGNATURE.test(query.s)) return false;
      return same(query.s, sign(`${scope}|${ticket}|${expires}`));
    },
  };
}

export type TicketSigner = ReturnType<typeof ticketSigner>;
