import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import '../i18n';
import { theme } from '../theme';

/** One per browser tab, and one per page the server renders (a visitor's answers, never shared between pages). */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      // The catalogue changes rarely; refetching on every tab switch only costs the shopper data.
      queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });

/**
 * `emotionCache` (style-cache.ts): on the server it collects the page's styles for its HTML; in the browser it takes
 * over the styles the server wrote.
 */
export function Providers({
  client,
  emotionCache,
  children,
}: {
  client: QueryClient;
  emotionCache: EmotionCache;
  children: ReactNode;
}) {
  return (
    <CacheProvider value={emotionCache}>
      <QueryClientProvider client={client}>
        <ThemeProvider theme={theme()}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </QueryClientProvider>
    </CacheProvider>
  );
}
