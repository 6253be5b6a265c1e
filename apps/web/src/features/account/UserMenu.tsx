import InsightsIcon from '@mui/icons-material/Insights';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import MonetizationOnIcon from '@mui/icons-material/MonetizationOn';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SchoolIcon from '@mui/icons-material/School';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { visuallyHidden } from '@mui/utils';
import { type MouseEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../api/session';
import { MemberCrown } from '../../components/MemberCrown';
import { useTranslation } from '../../i18n';
import { initialOf } from '../../lib/initial';
import { openAccountDialog } from '../../stores/account-dialogs';
import { ACCOUNT_NS } from './texts';

const points = new Intl.NumberFormat('th-TH');
/** On a phone the badge says a large balance short (12.5K, 1.2M); the menu and the button's name say it in full. */
const shortPoints = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * The top bar's user menu once signed in (spec §2): My courses, My learning (issue #9), Coin with the point balance,
 * Coin history, Change password and Logout. A Premium member's avatar wears the crown (spec §4).
 */
export function UserMenu() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();

  const name = user?.nickname || user?.name_th || user?.email || t('menu.member');
  const balance = points.format(user?.point ?? 0);
  const badge = (
    <>
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {balance}
      </Box>
      <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
        {shortPoints.format(user?.point ?? 0)}
      </Box>
    </>
  );
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        sx={{ gap: 1, minWidth: 0, px: { xs: 0.5, sm: 1 } }}
      >
        {/* The name read out: what the button shows (name and balance) said in words, from its own content so
            that it always contains the visible name; the crown after it says its own name. */}
        <Box component="span" sx={visuallyHidden}>
          {`${t('menu.button', { name })}, ${t('menu.coinBalance', { points: balance })}`}
        </Box>
        <Badge
          badgeContent={badge}
          color="secondary"
          max={Number.MAX_SAFE_INTEGER}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          slotProps={{ badge: { 'aria-hidden': true } }}
          sx={{ '& .MuiBadge-badge': { fontSize: 11, height: 18, px: 0.5 } }}
        >
          <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 16 }} aria-hidden>
            {initialOf(name)}
          </Avatar>
          <MemberCrown
            status={user?.status}
            label={t('menu.premium')}
            sx={{
              position: 'absolute',
              top: -9,
              left: -7,
              fontSize: 18,
              transform: 'rotate(-20deg)',
              // A white edge keeps the gold apart from the avatar and from a dark top bar alike.
              filter: 'drop-shadow(0 0 1px #fff) drop-shadow(0 0 1px #fff)',
            }}
          />
        </Badge>
        <Box
          component="span"
          aria-hidden
          sx={{ display: { xs: 'none', sm: 'inline' }, maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {name}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem component={RouterLink} to="/courses/onlyOrder" onClick={close}>
          <ListItemIcon>
            <SchoolIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.myCourses')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to="/learning" onClick={close}>
          <ListItemIcon>
            <InsightsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.myLearning')}</ListItemText>
        </MenuItem>
        {/* Coin opens the coin coupon dialog over the coin page (the page reads this state); the history is that
            page without the dialog. */}
        <MenuItem component={RouterLink} to="/coin" state={{ coinCoupons: true }} onClick={close}>
          <ListItemIcon>
            <MonetizationOnIcon fontSize="small" sx={{ color: '#b8860b' }} />
          </ListItemIcon>
          <ListItemText secondary={t('menu.coinBalance', { points: balance })}>{t('menu.coin')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to="/coin" onClick={close}>
          <ListItemIcon>
            <ReceiptLongIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.coinHistory')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            openAccountDialog({ name: 'changeOwnPassword' });
          }}
        >
          <ListItemIcon>
            <LockResetIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.changePassword')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem component={RouterLink} to="/logout" onClick={close}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
