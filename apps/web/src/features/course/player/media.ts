import type { PlaybackSource } from '@sikkha/contract';
import type Hls from 'hls.js';
import type { ErrorData, HlsConfig } from 'hls.js';
import { getToken } from '../../../api/session';
import { MAX_RENEWALS, recoveryFor } from './recovery';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** A rendition the viewer may choose, by its height. */
export interface Quality {
  index: number;
  height: number;
}

export interface MediaCallbacks {
  /** The renditions, when the playlist offers more than one. */
  onQualities: (qualities: Quality[]) => void;
  /** The rendition playing now (hls.js switches by itself in auto). */
  onQuality: (index: number) => void;
  /** Playback cannot go on (after renewing the source did not help). */
  onFatal: (error: unknown) => void;
}

export interface MediaHandle {
  /** A rendition's index, or -1 for automatic. */
  setQuality: (index: number) => void;
  destroy: () => void;
}

/**
 * Where the browser plays HLS itself and has no Media Source Extensions for hls.js (Safari on iPhone before
 * ManagedMediaSource), the video element is handed a playlist URL that carries its own signature (`native=1`).
 * Everywhere else hls.js plays it, sending the member's bearer token with each request, and offers the renditions.
 */
export function playsNatively(video: HTMLVideoElement): boolean {
  const mse = 'MediaSource' in window || 'ManagedMediaSource' in window;
  return !mse && video.canPlayType(HLS_TYPE) !== '';
}

/** The bearer goes only to this shop, never to an external video host. */
const ownOrigin = (url: string) => new URL(url, window.location.href).origin === window.location.origin;

const urlOf = (source: PlaybackSource) => (source.type === 'hls' ? source.url : source.hls);

/**
 * Plays `source` in `video`, starting at `start` seconds. `renew` asks /api/playback again: a ticket runs out after
 * a few hours (or a native URL's start window after minutes), and a refused request (403) may be an expired one;
 * playback goes on from where it stood with the new URL.
 */
export async function attachSource(
  video: HTMLVideoElement,
  source: PlaybackSource,
  start: number,
  renew: () => Promise<PlaybackSource>,
  callbacks: MediaCallbacks,
): Promise<MediaHandle> {
  const url = urlOf(source);
  if (!url) throw new Error('no playable source');
  if (playsNatively(video)) return attachNative(video, url, start, renew, callbacks);
  const { default: HlsClass } = await import('hls.js');
  if (!HlsClass.isSupported()) throw new Error('HLS is not supported in this browser');
  return attachHls(HlsClass, video, url, start, renew, callbacks);
}

function attachNative(
  video: HTMLVideoElement,
  url: string,
  start: number,
  renew: () => Promise<PlaybackSource>,
  { onFatal }: MediaCallbacks,
): MediaHandle {
  let renewals = 0;
  let destroyed = false;
  const seekTo = (at: number) => {
    const seek = () => {
      if (at > 0) video.currentTime = at;
    };
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) seek();
    else video.addEventListener('loadedmetadata', seek, { once: true });
  };
  const onError = async () => {
    if (destroyed) return;
    if (renewals >= MAX_RENEWALS) return onFatal(video.error);
    renewals += 1;
    const at = video.currentTime;
    const playing = !video.paused;
    try {
      const fresh = urlOf(await renew());
      if (destroyed || !fresh) return;
      video.src = fresh;
      seekTo(at);
      if (playing) void video.play().catch(() => undefined);
    } catch (error) {
      onFatal(error);
    }
  };
  const onPlaying = () => {
    renewals = 0;
  };
  video.addEventListener('error', onError);
  video.addEventListener('playing', onPlaying);
  video.src = url;
  seekTo(start);
  return {
    setQuality: () => undefined,
    destroy: () => {
      destroyed = true;
      video.removeEventListener('error', onError);
      video.removeEventListener('playing', onPlaying);
      video.removeAttribute('src');
      video.load();
    },
  };
}

function attachHls(
  HlsClass: typeof Hls,
  video: HTMLVideoElement,
  url: string,
  start: number,
  renew: () => Promise<PlaybackSource>,
  { onQualities, onQuality, onFatal }: MediaCallbacks,
): MediaHandle {
  const config: Partial<HlsConfig> = {
    startPosition: start > 0 ? start : -1,
    xhrSetup: (xhr, requestUrl) => {
      const token = getToken();
      if (token && ownOrigin(requestUrl)) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    },
  };
  const hls = new HlsClass(config);
  let renewals = 0;
  let destroyed = false;
  let recovered = false;
  let current = url;
  const load = (next: string, at: number) => {
    current = next;
    hls.loadSource(next);
    hls.startLoad(at);
  };

  hls.on(HlsClass.Events.MANIFEST_PARSED, (_event, data) => {
    const qualities = data.levels.map((level, index) => ({ index, height: level.height }));
    onQualities(qualities.length > 1 ? qualities : []);
  });
  hls.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) => onQuality(data.level));
  hls.on(HlsClass.Events.FRAG_BUFFERED, () => {
    renewals = 0;
    recovered = false;
  });
  hls.on(HlsClass.Events.ERROR, (_event, data: ErrorData) => {
    if (!data.fatal || destroyed) return;
    const { ErrorTypes, ErrorDetails } = HlsClass;
    const error = {
      network: data.type === ErrorTypes.NETWORK_ERROR,
      media: data.type === ErrorTypes.MEDIA_ERROR,
      manifest:
        data.details === ErrorDetails.MANIFEST_LOAD_ERROR || data.details === ErrorDetails.MANIFEST_LOAD_TIMEOUT,
      status: data.response?.code,
    };
    const at = video.currentTime;
    switch (recoveryFor(error, { renewals, recovered })) {
      case 'renew':
        renewals += 1;
        renew()
          .then((fresh) => {
            const next = urlOf(fresh);
            if (!destroyed && next) load(next, at);
          })
          .catch(fail);
        return;
      case 'recoverMedia':
        recovered = true;
        hls.recoverMediaError();
        return;
      case 'reloadSource':
        recovered = true;
        load(current, at);
        return;
      case 'restartLoading':
        recovered = true;
        hls.startLoad(at);
        return;
      case 'fail':
        fail(data.error);
    }
  });

  function fail(error: unknown) {
    if (destroyed) return;
    hls.stopLoad();
    onFatal(error);
  }

  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    setQuality: (index) => {
      hls.currentLevel = index;
    },
    destroy: () => {
      destroyed = true;
      hls.destroy();
    },
  };
}
