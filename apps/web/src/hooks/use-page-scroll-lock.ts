import { useEffect } from 'react';

/**
 * While `locked`, the page behind a dialog drawn in place (not in a portal) stays still: MUI locks only the container
 * it was given, and an in-place dialog's container is the layout, not the page's scrolling element. The scrollbar's
 * width is kept as padding so the page does not shift sideways.
 */
export function usePageScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const { body, documentElement } = document;
    const before = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    return () => {
      body.style.overflow = before.overflow;
      body.style.paddingRight = before.paddingRight;
    };
  }, [locked]);
}
