// Dialog sizes by CSS breakpoints rather than useMediaQuery, which would render each dialog twice on open.

/**
 * A form dialog's paper (login, coupon, address): at most `maxWidth`, and on a phone the whole width but a small
 * margin, so a 600 px form is still usable at 390 px.
 */
export const formPaperSx = (maxWidth: number) => ({
  maxWidth,
  width: { xs: 'calc(100% - 24px)', sm: 'calc(100% - 64px)' },
  m: { xs: 1.5, sm: 4 },
});

/**
 * A large dialog (course, payment, help): the whole screen on a phone, a sheet of at most `maxWidth` above. Only its
 * content scrolls: the paper clips instead of scrolling, so nothing that overflows it (a wheel, or the focus moving to
 * a field) can push the title and its ✕ out of sight and leave the actions floating above an empty band.
 */
export const fullScreenOnPhoneSx = (maxWidth?: number) => ({
  '& .MuiDialog-paper': {
    overflow: 'clip',
    ...(maxWidth === undefined ? {} : { maxWidth }),
    m: { xs: 0, sm: 2, md: 4 },
    width: { xs: '100%', sm: 'calc(100% - 32px)', md: 'calc(100% - 64px)' },
    maxHeight: { xs: '100%', sm: 'calc(100% - 32px)', md: 'calc(100% - 64px)' },
    height: { xs: '100%', sm: 'auto' },
    borderRadius: { xs: 0, sm: 1 },
  },
});
