import { createTheme, type Theme } from '@mui/material/styles';

// Sarabun is self-hosted (@fontsource); the Thai system fonts are only a fallback while it loads.
const fontFamily = ['Sarabun', '"TH Sarabun New"', 'Loma', 'Tahoma', 'sans-serif'].join(',');

let created: Theme | undefined;

/**
 * The shop's theme, made when the app first renders rather than while its modules evaluate (MUI's createTheme is one
 * of the costlier steps of a phone's first load, and the module evaluation is one long task).
 * Colours chosen for at least 4.5:1 contrast with white text (WCAG AA).
 */
export const theme = (): Theme =>
  (created ??= createTheme({
    palette: {
      primary: { main: '#0f4c81' },
      secondary: { main: '#b2400b' },
      background: { default: '#f7f8fa' },
    },
    typography: {
      fontFamily,
      button: { textTransform: 'none', fontWeight: 500 },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // A clear keyboard focus ring everywhere, not only on MUI's ripple-based buttons.
          ':focus-visible': { outline: '3px solid #f5a623', outlineOffset: 2 },
          // A dialog takes focus itself when it opens so the next Tab lands inside; that is not a keyboard target.
          '.MuiDialog-paper:focus-visible': { outline: 'none' },
        },
      },
    },
  }));
