import { packageVideoJob } from '../../jobs/video.job.js';
import type { AppContext, AppModule } from '../module.js';
import { videosService } from './videos.service.js';

const serviceOf = (ctx: AppContext) =>
  videosService({
    db: ctx.db,
    transact: ctx.transact,
    jobs: ctx.jobs,
    storage: ctx.providers.storage,
    packages: ctx.providers.packages,
    ffmpeg: ctx.config.ffmpegPath,
  });

/**
 * Video packaging: a video saved with an uploaded file (`video_file`) is packaged by a job into AES-128 HLS with
 * renditions, a thumbnail and its duration; `video_status` follows (create, processing, ready or failed).
 */
export const videosModule: AppModule = {
  name: 'videos',
  resourceHooks: (ctx) => {
    const videos = serviceOf(ctx);
    return { video: { beforeWrite: (values, { work }) => videos.fileNamed(values, work) } };
  },
  register(_app, ctx) {
    const videos = serviceOf(ctx);
    ctx.jobs.handle(packageVideoJob, ({ file }, job) => videos.package(file, job));
  },
};
