import DashboardIcon from '@mui/icons-material/Dashboard';
import { Box, Chip, ListSubheader, MenuItem, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Layout, Menu, useBasename, useSidebarState, useTranslate } from 'react-admin';
import { customPaths } from './custom-pages';
import { isBuilt, sidebar } from './menu';
import { adminResources } from './resources';
import { useWaitingOrders } from './waiting-orders';

function AdminMenu() {
  const translate = useTranslate();
  // Menu links are router paths: under the back office's basename (/admin), not the storefront's root.
  const basename = useBasename();
  const waiting = useWaitingOrders();
  const [open] = useSidebarState();
  return (
    <Menu>
      <Menu.Item to={`${basename}/`} primaryText={translate('ra.page.dashboard')} leftIcon={<DashboardIcon />} />
      {sidebar.map(({ group, entries }) => [
        open && (
          <ListSubheader key={`${group}-head`} sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent' }}>
            {translate(`admin.menu.${group}`)}
          </ListSubheader>
        ),
        ...entries.map((entry) => {
          const title = translate(`admin.pages.${entry.page}`);
          const label =
            entry.badge && waiting ? (
              // The count sits after the title, not over its last letters as a corner badge would.
              <Box
                key="badge"
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
                aria-label={`${title} ${translate('admin.menu.waiting', { count: waiting })}`}
              >
                {title}
                <Chip component="span" size="small" color="error" label={waiting} sx={{ height: 20 }} />
              </Box>
            ) : (
              title
            );
          return isBuilt(entry, adminResources, customPaths) ? (
            <Menu.Item key={entry.path} to={`${basename}/${entry.path}`} primaryText={label} leftIcon={<span />} />
          ) : (
            // Screens of other parts of the back office that are not built yet: named, not linked.
            <MenuItem key={entry.path} disabled sx={{ pl: 7 }}>
              <Typography variant="body2">
                {label}{' '}
                <Typography component="span" variant="caption">
                  ({translate('admin.menu.soon')})
                </Typography>
              </Typography>
            </MenuItem>
          );
        }),
      ])}
    </Menu>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    // The content column may shrink below its tables' width: a wide table then scrolls in its card on a phone
    // instead of widening the whole page past the app bar.
    <Layout
      menu={AdminMenu}
      sx={{
        minWidth: 0,
        '& .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main, & .RaShow-main': { minWidth: 0 },
        // A long page title ends in "…" before the app bar's buttons on a phone. The title sits in react-admin's
        // inline-block wrapper, which an ellipsis on the heading alone would cut mid-letter instead.
        '& .RaAppBar-title, & .RaAppBar-title .RaConfigurable-root': {
          display: 'block',
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        },
      }}
    >
      {children}
    </Layout>
  );
}
