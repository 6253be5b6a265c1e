import type { AppModule } from '../module.js';
import { registerPlaybackRoutes } from './playback.routes.js';
import { playbackService } from './playback.service.js';
import { ticketSigner } from './tickets.js';

/** Protected playback: signed, expiring, per-viewer HLS sessions of AES-128 packages, and external sources. */
export const playbackModule: AppModule = {
  name: 'playback',
  register(app, { db, clock, config, providers }) {
    const signer = ticketSigner(config.jwtSecret);
    registerPlaybackRoutes(app, playbackService({ db, clock, signer, packages: providers.packages }));
  },
};
