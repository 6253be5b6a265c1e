import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';

/**
 * A back-office screen of its own (not a resource list): the title in the app bar and as the page's one heading,
 * a line saying what the screen is for, and the screen, with the same margins on a phone and a desktop.
 */
export function AdminPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: intro ? 1 : 2 }}>
        {title}
      </Typography>
      {intro && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Box>
  );
}
