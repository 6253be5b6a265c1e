/**
 * Starts a lesson nobody pressed play for: the one chosen as the dialog opens, the next after an ending and the
 * first after the last (spec 1 §4: it plays). A browser may refuse sound without a fresh tap (a phone's, for a media
 * element it has not seen played yet); then it plays muted, which browsers allow, and the player shows it muted for
 * a tap to unmute. Answers whether it plays.
 */
export async function playOrMuted(
  media: Pick<HTMLMediaElement, 'play' | 'muted'>,
  onMuted: (muted: boolean) => void,
): Promise<boolean> {
  try {
    await media.play();
    return true;
  } catch (error) {
    // Anything else (a source that failed, a pause that came first) is the player's to show, not a refusal.
    if (!(error instanceof DOMException && error.name === 'NotAllowedError') || media.muted) return false;
  }
  media.muted = true;
  onMuted(true);
  try {
    await media.play();
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the shopper asked for this course: a tap, click or key on this page, or a link inside the shop that
 * opened it (a click that landed before the page's script took over). Then a lesson starts at once. On a page opened
 * from outside (a shared link, a search result), the player, its library and the video wait for the play button,
 * which saves a phone's data and the page's first seconds.
 */
export function hasUserActivation(): boolean {
  if (navigator.userActivation?.hasBeenActive ?? true) return true;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}
