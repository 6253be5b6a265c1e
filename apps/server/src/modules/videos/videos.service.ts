import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { message, type UploadKind, uploadKinds } from '@sikkha/contract';
import { and, eq, isNull, like } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { upload, video, videoPackage } from '../../db/schema/index.js';
import type { Transact, Work } from '../../db/unit-of-work.js';
import { invalidField } from '../../errors.js';

type Values = Record<string, unknown>;

import type { Jobs } from '../../jobs/jobs.js';
import type { RunningJob } from '../../jobs/runner.js';
import { packageVideoJob } from '../../jobs/video.job.js';
import type { PackageStore, Storage } from '../../providers/storage.js';
import { ffmpegPath } from '../../providers/video/ffmpeg.js';
import { packageVideo, UnpackableVideo } from '../../providers/video/packager.js';

const videoKind: UploadKind = uploadKinds.find((k) => k.endpoint === 'Video')!;
const sources = videoKind.media!.folder;
const REASON_MAX = 1000;

export interface VideosDeps {
  db: Db;
  transact: Transact;
  jobs: Pick<Jobs, 'enqueue'>;
  storage: Storage;
  packages: PackageStore;
  ffmpeg: string | undefined;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Uploaded videos become encrypted HLS packages, by a job on the durable queue. */
export function videosService({ db, transact, jobs, storage, packages, ffmpeg }: VideosDeps) {
  const setFailed = (file: string, reason: string) =>
    db
      .update(video)
      .set({ video_status: 'failed', video_status_reason: reason.slice(0, REASON_MAX) })
      .where(eq(video.video_file, file));

  /** The uploaded source, copied where ffmpeg can read it; null when it is gone. */
  async function sourceCopy(file: string, dir: string): Promise<string | null> {
    const stored = await storage.read(sources, file);
    if (!stored) return null;
    const path = join(dir, file);
    await pipeline(stored.stream, createWriteStream(path));
    return path;
  }

  return {
    /**
     * Before a video row is saved with a `video_file`: the file must be an uploaded video. A file already packaged
     * (or on its way, or failed) gives the row its state; a new one is enqueued for packaging in the same unit of
     * work, once per file.
     */
    async fileNamed(values: Values, work: Work): Promise<Values> {
      const file = values.video_file;
      if (typeof file !== 'string' || file === '') return values;
      const [known] = await work.db
        .select({ status: video.video_status, reason: video.video_status_reason, duration: video.video_duration })
        .from(video)
        .where(eq(video.video_file, file))
        .limit(1);
      const [packaged] = await work.db
        .select({ id: videoPackage.id })
        .from(videoPackage)
        .where(eq(videoPackage.video_file, file));
      if (packaged || known) {
        const ready = packaged ? ({ video_status: 'ready', video_status_reason: null } as const) : {};
        return {
          ...values,
          ...(known ? { video_status: known.status, video_status_reason: known.reason } : {}),
          ...(known?.duration != null ? { video_duration: known.duration } : {}),
          ...ready,
        };
      }
      const [source] = await work.db
        .select({ id: upload.id })
        .from(upload)
        .where(
          and(
            eq(upload.upload_kind, videoKind.endpoint),
            eq(upload.upload_name, file),
            like(upload.upload_mime, 'video/%'),
          ),
        )
        .limit(1);
      if (!source) throw invalidField('video_file', 'invalid', message('notFound'));
      await jobs.enqueue(work, packageVideoJob, { file }, { key: `${packageVideoJob.name}:${file}` });
      return { ...values, video_status: 'create', video_status_reason: null };
    },

    /**
     * The packaging job: `processing`, then `ready` with the duration, a thumbnail (when the video has none) and the
     * package with its key, in one unit of work; or `failed` with ffmpeg's reason. A source ffmpeg cannot read fails
     * at once; anything else (ffmpeg missing or killed, a full disk, the store out of reach) is retried, and fails
     * with its last attempt. What a failed attempt made (work folders, a package, a thumbnail) does not stay.
     */
    async package(file: string, job: RunningJob): Promise<void> {
      await db
        .update(video)
        .set({ video_status: 'processing', video_status_reason: null })
        .where(eq(video.video_file, file));
      const work = await mkdtemp(join(tmpdir(), 'sikkha-source-'));
      const folder = randomUUID();
      const thumbnail = `${randomUUID()}.jpg`;
      try {
        const source = await sourceCopy(file, work);
        if (!source) return void (await setFailed(file, 'ไม่พบไฟล์วิดีโอที่อัปโหลด (source file missing)'));
        const key = randomBytes(16);
        const result = await packageVideo(ffmpegPath(ffmpeg), source, join(work, folder), key);
        await packages.save(folder, join(work, folder));
        await storage.put(videoKind.serve, thumbnail, result.thumbnail);
        await transact(async ({ db: tx, afterCommit }) => {
          const [previous] = await tx
            .select({ folder: videoPackage.folder })
            .from(videoPackage)
            .where(eq(videoPackage.video_file, file))
            .for('update');
          // A package made again (a retried or repeated job) replaces the old one; its folder goes only once the
          // new one is committed, so a rolled-back swap never leaves the video without a package.
          if (previous && previous.folder !== folder) {
            afterCommit(() => packages.remove(previous.folder));
          }
          await tx
            .insert(videoPackage)
            .values({ video_file: file, folder, key: key.toString('hex') })
            .onConflictDoUpdate({ target: videoPackage.video_file, set: { folder, key: key.toString('hex') } });
          await tx
            .update(video)
            .set({ video_status: 'ready', video_status_reason: null, video_duration: result.duration })
            .where(eq(video.video_file, file));
          await tx
            .update(video)
            .set({ video_path: thumbnail })
            .where(and(eq(video.video_file, file), isNull(video.video_path)));
        });
      } catch (error) {
        // What this attempt stored goes. With the store out of reach it cannot: that is logged, and the failure
        // that decides the video's state stays the one that stopped the packaging.
        const leftovers = [packages.remove(folder), storage.remove(videoKind.serve, thumbnail)];
        for (const cleanup of await Promise.allSettled(leftovers)) {
          if (cleanup.status === 'rejected') {
            job.log.warn({ err: cleanup.reason, folder, thumbnail }, 'a failed packaging left files');
          }
        }
        if (error instanceof UnpackableVideo) return void (await setFailed(file, `ไฟล์วิดีโอใช้ไม่ได้: ${error.message}`));
        if (job.attempt >= packageVideoJob.maxAttempts) await setFailed(file, `แปลงวิดีโอไม่สำเร็จ: ${reasonOf(error)}`);
        throw error;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}
