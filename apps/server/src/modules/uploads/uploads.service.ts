import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type FileType, fileTypeInfo, fileTypes, type UploadKind } from '@sikkha/contract';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { upload } from '../../db/schema/index.js';
import { fail } from '../../errors.js';
import { attemptCounter, type Limit } from '../../http/attempt-counter.js';
import { type Actor, authorize, type SignedIn } from '../../policies/index.js';
import type { Storage } from '../../providers/storage.js';
import { detectFileType } from './file-type.js';
import { cleanImage, isImageType } from './image-clean.js';

/** Uploads one member may make (slips, signatures, their picture, all kinds together): a day's work, not a flood. */
export const MEMBER_UPLOADS: Limit = { max: 30, windowMs: 24 * 60 * 60 * 1000 };

/** One file as it came in a multipart request. */
export interface IncomingFile {
  data: Buffer;
  /** The name on the client's disk: kept for the download name, never used to store or type the file. */
  filename: string;
}

/** A large media file (a video) as it streams in, its type already told by its first bytes. */
export interface IncomingStream {
  type: FileType;
  filename: string;
  data: AsyncIterable<Uint8Array>;
  /** Whether the stream was cut at the kind's size limit (known once it has ended). */
  truncated: () => boolean;
}

export interface ServedFile {
  stream: Readable;
  size: number;
  mime: string;
  image: boolean;
  /** A name to offer when the file is downloaded. */
  downloadName: string;
}

/** The type a stored name stands for: the server names files `<uuid>.<extension of the detected type>`. */
export function typeOfStoredName(name: string): FileType | null {
  const dot = name.lastIndexOf('.');
  if (dot < 1) return null;
  const extension = name.slice(dot + 1).toLowerCase();
  if (extension === 'jpeg') return 'jpeg';
  return fileTypes.find((t) => fileTypeInfo[t].extension === extension) ?? null;
}

/** A client file name made safe to keep: its last path segment, no control characters, at most 255 characters. */
export function cleanOriginalName(filename: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const last = (filename.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = [...last.normalize('NFC')].slice(0, 255).join('');
  return name === '' ? null : name;
}

function uploadRow(
  actor: SignedIn,
  kind: UploadKind,
  file: { name: string; type: FileType; filename: string; size: number },
  now: string,
) {
  const { name, type, filename, size } = file;
  return {
    upload_kind: kind.endpoint,
    upload_name: name,
    upload_original: cleanOriginalName(filename),
    upload_mime: fileTypeInfo[type].mime,
    upload_size: size,
    // A member's file is theirs (owner access reads user_id); staff files belong to no member.
    user_id: actor.kind === 'member' ? actor.id : null,
    create_by: actor.id,
    create_at: now,
    update_at: now,
  };
}

export function uploadsService(deps: { db: Db; storage: Storage; clock: Clock }) {
  const { db, storage, clock } = deps;
  const counter = attemptCounter(db, clock);

  async function row(kind: UploadKind, name: string) {
    const [found] = await db
      .select({ user_id: upload.user_id, upload_original: upload.upload_original })
      .from(upload)
      .where(and(eq(upload.upload_kind, kind.endpoint), eq(upload.upload_name, name)))
      .limit(1);
    return found;
  }

  return {
    /**
     * Throws unless the actor may upload this kind, and (a member) has uploads left today; asked before the body
     * is read.
     */
    async authorizeUpload(actor: Actor, kind: UploadKind) {
      await authorize({ db, now: clock.now() }, actor, 'file.upload', kind);
      if (actor.kind === 'member') await counter.limit(`uploads-member:${actor.id}`, MEMBER_UPLOADS);
    },

    /**
     * Checks every file's bytes against the kind's types, then stores them all and records who uploaded them; for
     * files the actor was allowed to upload (`authorizeUpload`). All or nothing: one bad file refuses the whole
     * request. Returns the stored names, in the order given.
     */
    async store(actor: SignedIn, kind: UploadKind, files: (IncomingFile | string)[]): Promise<string[]> {
      const typed = files
        .filter((file) => typeof file !== 'string')
        .map((file) => {
          const type = detectFileType(file.data);
          if (!type || !kind.types.includes(type)) throw fail('UNSUPPORTED_MEDIA_TYPE', 'fileType');
          return { ...file, type, name: `${randomUUID()}.${fileTypeInfo[type].extension}` };
        });
      // Pictures are stored as decoded and encoded again, never as sent; documents as sent.
      for (const file of typed) {
        if (isImageType(file.type)) file.data = await cleanImage(file.data, file.type);
      }
      const stored: string[] = [];
      try {
        for (const file of typed) {
          await storage.put(kind.serve, file.name, file.data);
          stored.push(file.name);
        }
        if (typed.length > 0) {
          await db
            .insert(upload)
            .values(
              typed.map((file) =>
                uploadRow(actor, kind, { ...file, size: file.data.length }, clock.now().toISOString()),
              ),
            );
        }
      } catch (error) {
        await Promise.allSettled(stored.map((name) => storage.remove(kind.serve, name)));
        throw error;
      }
      return files.map((file) => (typeof file === 'string' ? file : typed.shift()!.name));
    },

    /**
     * Stores a kind's large media file (a video) in the kind's media folder as it streams in, and records it: for
     * an actor allowed to upload the kind. A file cut at the size limit is removed and refused (413).
     */
    async storeStream(actor: SignedIn, kind: UploadKind, file: IncomingStream): Promise<string> {
      if (!kind.media) throw fail('UNSUPPORTED_MEDIA_TYPE', 'fileType');
      const { folder } = kind.media;
      const name = `${randomUUID()}.${fileTypeInfo[file.type].extension}`;
      try {
        const size = await storage.putStream(folder, name, file.data);
        if (file.truncated()) throw fail('PAYLOAD_TOO_LARGE', 'tooLarge');
        await db.insert(upload).values(uploadRow(actor, kind, { ...file, name, size }, clock.now().toISOString()));
      } catch (error) {
        await storage.remove(folder, name);
        throw error;
      }
      return name;
    },

    /** Throws unless the actor may read the file (a visitor is turned away by the route's sign-in guard first). */
    authorizeRead: (actor: Actor, kind: UploadKind, name: string) =>
      authorize({ db, now: clock.now() }, actor, 'file.read', { kind, name }),

    /** The stored file with what the route needs to serve it, or null. */
    async open(kind: UploadKind, name: string): Promise<ServedFile | null> {
      const type = typeOfStoredName(name);
      const info = type ? fileTypeInfo[type] : undefined;
      const image = info?.image ?? false;
      // Documents are downloaded under the name they were uploaded with, when we know it.
      const original = image ? undefined : (await row(kind, name))?.upload_original;
      const file = await storage.read(kind.serve, name);
      if (!file) return null;
      return {
        ...file,
        mime: info?.mime ?? 'application/octet-stream',
        image,
        downloadName: original ? withExtension(original, info?.extension) : name,
      };
    },
  };
}

function withExtension(filename: string, extension: string | undefined): string {
  if (!extension) return filename;
  const dot = filename.lastIndexOf('.');
  const stem = dot > 0 ? filename.slice(0, dot) : filename;
  return `${stem}.${extension}`;
}

export type UploadsService = ReturnType<typeof uploadsService>;
