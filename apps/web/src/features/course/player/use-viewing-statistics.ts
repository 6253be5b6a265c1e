import { type RefObject, useEffect } from 'react';
import { flushStatistics, onPageLeave, recordStretch } from './statistics-queue';
import { newViewing, onEnded, onPause, onPlay, onProgress, onSeeked, type Stretch, type Viewing } from './viewing';

/**
 * The viewing statistics of one lesson, from the media element's own events (spec 1 §4): the stretches played go
 * to the statistics queue as they end (a pause, a seek, the end, leaving the page or the lesson). Nothing is kept
 * when `recording` is off (visitors, previews). Bound to the lesson, which never changes while the player is mounted.
 */
export function useViewingStatistics(
  videoRef: RefObject<HTMLVideoElement | null>,
  { recording, productId, videoId }: { recording: boolean; productId: number; videoId: number },
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: bound to the lesson, which never changes while mounted
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !recording) return;
    let viewing: Viewing = newViewing();
    let position = 0;
    let seekFrom: number | null = null;
    const length = () => (Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null);
    const keep = (step: { viewing: Viewing; save: Stretch | null }) => {
      viewing = step.viewing;
      if (step.save) recordStretch({ productId, videoId, duration: length() }, step.save);
    };
    const onPlaying = () => keep(onPlay(viewing, video.currentTime));
    const onTime = () => {
      if (video.seeking) return;
      position = video.currentTime;
      if (!video.paused) viewing = onProgress(viewing, position);
    };
    const onSeeking = () => {
      seekFrom ??= position;
    };
    const onSeekedEvent = () => {
      keep(onSeeked(viewing, seekFrom ?? video.currentTime, video.currentTime));
      seekFrom = null;
      position = video.currentTime;
    };
    const onPauseEvent = () => keep(onPause(viewing, video.currentTime, length()));
    const onEndedEvent = () => keep(onEnded(viewing, length() ?? video.currentTime));
    /** Leaving the page or the lesson while it plays saves the stretch so far, as a pause would. */
    const leave = () => {
      if (!video.paused && !video.ended) keep(onPause(viewing, video.currentTime, length()));
    };
    const events: [string, () => void][] = [
      ['playing', onPlaying],
      ['timeupdate', onTime],
      ['seeking', onSeeking],
      ['seeked', onSeekedEvent],
      ['pause', onPauseEvent],
      ['ended', onEndedEvent],
    ];
    for (const [name, fn] of events) video.addEventListener(name, fn);
    const stopLeaving = onPageLeave(leave);
    return () => {
      leave();
      stopLeaving();
      for (const [name, fn] of events) video.removeEventListener(name, fn);
      void flushStatistics();
    };
  }, []);
}
