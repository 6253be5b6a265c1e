import { text as readText } from 'node:stream/consumers';
import type { PlaybackSource } from '@sikkha/contract';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { video, videoPackage } from '../../db/schema/index.js';
import { fail, forbidden, notFound, unauthorized } from '../../errors.js';
import { type Actor, authorize, type Lesson, lessonStatusOf } from '../../policies/index.js';
import type { PackageStore, StoredFile } from '../../providers/storage.js';
import { MASTER, MEDIA, renditionName, segmentName } from '../../providers/video/hls.js';
import { signMaster, signMedia } from './playlists.js';
import type { Scope, Ticket, TicketSigner, Viewer } from './tickets.js';

/** How long a playback session lasts: a long lesson with pauses fits, a copied URL dies the same day. */
export const SESSION_SECONDS = 3 * 60 * 60;
/** How long a key URL is good for after its playlist was fetched: players fetch the key at once. */
export const KEY_SECONDS = 5 * 60;
/** How long a native player has to open the playlist URL it was handed. */
export const NATIVE_START_SECONDS = 2 * 60;

/** A request for something under a ticket: who sent it, with which token problem, and its `e` and `s`. */
export interface MediaRequest {
  ticket: string;
  actor: Actor;
  tokenProblem?: string;
  query: { e?: string; s?: string };
}

export type MediaFile = StoredFile;

/** The account a ticket was made for, as the policies see an actor (the key route re-checks its right). */
function actorOf(viewer: Viewer, ticket: Ticket): Actor {
  if (viewer.kind === 'anyone') return { kind: 'visitor' };
  return {
    kind: viewer.kind,
    id: viewer.id,
    jti: 'playback',
    expiresAt: new Date(ticket.expires * 1000).toISOString(),
  };
}

export function playbackService(deps: { db: Db; clock: Clock; signer: TicketSigner; packages: PackageStore }) {
  const { db, clock, signer, packages } = deps;
  const seconds = () => Math.floor(clock.now().getTime() / 1000);
  const policy = () => ({ db, now: clock.now() });

  /**
   * The ticket of a media request, if its signature holds and it has not expired, and the request comes from its
   * viewer: anyone for an unbound ticket; otherwise the viewer's own bearer token, or, for a ticket made for a
   * native player (Safari's own HLS sends no header), with no token at all, a URL signature of this scope. A ticket
   * made for hls.js, which sends the token with every request, never goes by signature alone: a playlist or key URL
   * copied out of it plays nothing for a visitor. Someone else's token is refused even with a good signature. A key
   * URL always needs its own short-lived signature, so only a playlist fetched moments ago leads to the key.
   */
  function admit(request: MediaRequest, scope: Scope): Ticket {
    const now = seconds();
    const ticket = signer.read(request.ticket, now);
    if (!ticket) throw forbidden();
    const signed = signer.checkUrl(request.ticket, scope, request.query, now);
    if (scope === 'key' && !signed) throw forbidden();
    const { viewer } = ticket;
    if (viewer.kind === 'anyone') return ticket;
    const { actor } = request;
    if (actor.kind !== 'visitor') {
      if (actor.kind !== viewer.kind || actor.id !== viewer.id) throw forbidden();
      return ticket;
    }
    if (request.tokenProblem || !signed || !ticket.native) throw unauthorized();
    return ticket;
  }

  async function packageOf(videoId: number) {
    const [row] = await db
      .select({ folder: videoPackage.folder, key: videoPackage.key, status: video.video_status })
      .from(video)
      .innerJoin(videoPackage, eq(videoPackage.video_file, video.video_file))
      .where(eq(video.id, videoId))
      .limit(1);
    if (row?.status !== 'ready') throw notFound();
    return row;
  }

  async function openFile(folder: string, path: string): Promise<MediaFile> {
    const file = await packages.read(folder, path);
    if (!file) throw notFound();
    return file;
  }

  const readPlaylist = async (folder: string, path: string) => readText((await openFile(folder, path)).stream);

  const media = (ticket: string, ends: number) => signer.urlSignature(ticket, 'media', ends);

  return {
    /**
     * How the caller plays a lesson they may watch: a signed playlist URL for a video packaged here (bound to the
     * caller when the lesson is private), or the external source staff entered.
     */
    async source(actor: Actor, lesson: Lesson, native: boolean): Promise<PlaybackSource> {
      await authorize(policy(), actor, 'lesson.play', lesson);
      const [row] = await db
        .select({
          file: video.video_file,
          status: video.video_status,
          duration: video.video_duration,
          format: video.video_formath,
          hls: video.video_HLS,
          iframe: video.video_iframe,
          embed: video.video_embed,
          contentId: video.video_content_id,
        })
        .from(video)
        .where(eq(video.id, lesson.videoId))
        .limit(1);
      if (!row) throw notFound();
      if (!row.file) {
        const { format, hls, iframe, embed, contentId } = row;
        return { type: 'external', format, hls, iframe, embed, contentId };
      }
      if (row.status !== 'ready') throw fail('CONFLICT', 'videoNotReady');
      const bound = (await lessonStatusOf(db, actor, lesson)) === 'private';
      const viewer: Viewer =
        bound && actor.kind !== 'visitor' ? { kind: actor.kind, id: actor.id } : { kind: 'anyone' };
      const expires = seconds() + SESSION_SECONDS;
      const signedAlone = native && viewer.kind !== 'anyone';
      const ticket = signer.issue({ ...lesson, viewer, expires, native: signedAlone });
      const start = Math.min(seconds() + NATIVE_START_SECONDS, expires);
      const query = signedAlone ? `?${media(ticket, start)}` : '';
      return {
        type: 'hls',
        url: `/api/hls/${ticket}/${MASTER}${query}`,
        expiresAt: new Date(expires * 1000).toISOString(),
        bound: viewer.kind !== 'anyone',
        duration: row.duration,
      };
    },

    /** The master playlist, its rendition URIs signed until the session ends. */
    async master(request: MediaRequest): Promise<string> {
      const ticket = admit(request, 'media');
      const { folder } = await packageOf(ticket.videoId);
      const text = await readPlaylist(folder, MASTER);
      return signMaster(text, media(request.ticket, ticket.expires));
    },

    /** A rendition's playlist, or one of its segments (streamed from the package store). */
    async rendition(request: MediaRequest, rendition: string, file: string): Promise<string | MediaFile> {
      const ticket = admit(request, 'media');
      if (!renditionName.test(rendition) || !(file === MEDIA || segmentName.test(file))) throw notFound();
      const { folder } = await packageOf(ticket.videoId);
      const path = `${rendition}/${file}`;
      if (file !== MEDIA) return openFile(folder, path);
      const text = await readPlaylist(folder, path);
      const keyEnds = Math.min(seconds() + KEY_SECONDS, ticket.expires);
      return signMedia(
        text,
        media(request.ticket, ticket.expires),
        signer.urlSignature(request.ticket, 'key', keyEnds),
      );
    },

    /**
     * The video's key, after the viewer's right is checked again: a purchase's window may have ended, or staff may
     * have made a lesson private, since the ticket was made.
     */
    async key(request: MediaRequest): Promise<Buffer> {
      const ticket = admit(request, 'key');
      await authorize(policy(), actorOf(ticket.viewer, ticket), 'lesson.play', ticket);
      const { key } = await packageOf(ticket.videoId);
      return Buffer.from(key, 'hex');
    },
  };
}

export type PlaybackService = ReturnType<typeof playbackService>;
