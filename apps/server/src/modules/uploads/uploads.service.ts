import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type FileType, fileTypeInfo, fileTypes, type UploadKind } from '@sikkha/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { certificate, productDetailList, upload } from '../../db/schema/index.js';
import type { Actor } from '../../http/auth.js';
import { fail, forbidden, notFound } from '../../http/errors.js';
import type { Storage } from '../../providers/storage.js';
import { coursesOf } from '../orders/entitlement.js';
import { detectFileType } from './file-type.js';

type SignedIn = Exclude<Actor, { kind: 'visitor' }>;

/** One file as it came in a multipart request. */
export interface IncomingFile {
  data: Buffer;
  /** The name on the client's disk: kept for the download name, never used to store or type the file. */
  filename: string;
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

export function uploadsService(deps: { db: Db; storage: Storage; clock: Clock }) {
  const { db, storage, clock } = deps;

  /** Whether a member may watch (within the 2-year window) a course whose document list names the file. */
  async function boughtCourseWith(userId: number, name: string): Promise<boolean> {
    const { finished } = await coursesOf(db, userId, clock.now());
    if (finished.length === 0) return false;
    const [hit] = await db
      .select({ id: productDetailList.id })
      .from(productDetailList)
      .where(
        and(
          eq(productDetailList.product_detail_list_file, name),
          inArray(
            productDetailList.product_id,
            finished.map((c) => c.product_id),
          ),
        ),
      )
      .limit(1);
    return hit !== undefined;
  }

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
     * Checks every file's bytes against the kind's types, then stores them all and records who uploaded them.
     * All or nothing: one bad file refuses the whole request. Returns the stored names, in the order given.
     */
    async store(actor: SignedIn, kind: UploadKind, files: IncomingFile[]): Promise<string[]> {
      if (actor.kind === 'member' && kind.uploader === 'staff') throw forbidden();
      const typed = files.map((file) => {
        const type = detectFileType(file.data);
        if (!type || !kind.types.includes(type)) throw fail('UNSUPPORTED_MEDIA_TYPE', 'fileType');
        return { ...file, type, name: `${randomUUID()}.${fileTypeInfo[type].extension}` };
      });
      const stored: string[] = [];
      try {
        for (const file of typed) {
          await storage.put(kind.serve, file.name, file.data);
          stored.push(file.name);
        }
        const now = clock.now().toISOString();
        await db.insert(upload).values(
          typed.map((file) => ({
            upload_kind: kind.endpoint,
            upload_name: file.name,
            upload_original: cleanOriginalName(file.filename),
            upload_mime: fileTypeInfo[file.type].mime,
            upload_size: file.data.length,
            // A member's file is theirs (owner access reads user_id); staff files belong to no member.
            user_id: actor.kind === 'member' ? actor.id : null,
            create_by: actor.id,
            create_at: now,
            update_at: now,
          })),
        );
      } catch (error) {
        await Promise.allSettled(stored.map((name) => storage.remove(kind.serve, name)));
        throw error;
      }
      return typed.map((file) => file.name);
    },

    /**
     * Whether the actor may read a file of a protected kind; throws otherwise. Someone else's private file
     * answers 404 as if it did not exist. Visitors are turned away by the route before this is asked.
     */
    async authorizeRead(actor: SignedIn, kind: UploadKind, name: string): Promise<void> {
      if (kind.access === 'public' || actor.kind === 'staff') return;
      switch (kind.access) {
        case 'owner': {
          const found = await row(kind, name);
          if (found?.user_id !== actor.id) throw notFound();
          return;
        }
        case 'buyer':
          if (!(await boughtCourseWith(actor.id, name))) throw forbidden();
          return;
        case 'certificate': {
          const [mine] = await db
            .select({ id: certificate.id })
            .from(certificate)
            .where(and(eq(certificate.path, name), eq(certificate.user_id, actor.id)))
            .limit(1);
          if (!mine) throw notFound();
          return;
        }
        default: {
          const never: never = kind.access;
          throw new Error(`unknown access ${String(never)}`);
        }
      }
    },

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
