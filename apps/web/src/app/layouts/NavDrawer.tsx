import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router';
import { useTranslation } from '../../i18n';
import { NAV_ITEMS } from './nav-items';

interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  onOpenHelp: () => void;
}

/** The menu on small screens, behind the top bar's hamburger button. */
export function NavDrawer({ open, onClose, onOpenHelp }: NavDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': t('nav.label') } }}>
      <List component="nav" aria-label={t('nav.label')} sx={{ width: 260 }}>
        {NAV_ITEMS.map((item) => (
          <ListItemButton key={item.to} component={NavLink} to={item.to} end onClick={onClose}>
            <ListItemText primary={t(`nav.${item.label}`)} />
          </ListItemButton>
        ))}
        {/* Opening Help replaces the drawer: the layout shows one panel at a time. */}
        <ListItemButton onClick={onOpenHelp}>
          <ListItemText primary={t('nav.help')} />
        </ListItemButton>
      </List>
    </Drawer>
  );
}
