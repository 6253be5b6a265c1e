import CampaignIcon from '@mui/icons-material/Campaign';
import ChatIcon from '@mui/icons-material/Chat';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import InfoIcon from '@mui/icons-material/Info';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { visuallyHidden } from '@mui/utils';
import { type ComponentType, type MouseEvent, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../api/session';
import { internalTarget, isUnread, type Notification, timeAgo, useMarkRead, useNotifications } from './api';
import { useNotificationTexts } from './texts';

// notification_icon names the sender's choice of icon (Material icon names); unknown names get the bell.
const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  check_circle: CheckCircleIcon,
  schedule: ScheduleIcon,
  error: ErrorOutlineIcon,
  info: InfoIcon,
  campaign: CampaignIcon,
};
/** Where a notification's picture is served: the Send screen's upload kind (SendImage) in the contract. */
const imageUrl = (name: string) => `/api/sendImage/${encodeURIComponent(name)}`;

const COLORS = ['primary', 'secondary', 'success', 'warning', 'error', 'info'] as const;
type IconColor = (typeof COLORS)[number];
const colorOf = (color: string | null): IconColor | 'action' =>
  (COLORS as readonly string[]).includes(color ?? '') ? (color as IconColor) : 'action';

/** The dialog that links LINE and Messenger, opened from the bell's menu; the messaging feature owns it. */
export type ChatLinkDialogType = ComponentType<{ open: boolean; onClose: () => void }>;

/**
 * The top bar's notification bell (spec §2): the unread count, and the member's own notifications in a menu.
 * Choosing one saves it as read, refreshes the list, then goes to its notification_to (spec §4).
 */
export function NotificationBell({ ChatLinkDialog }: { ChatLinkDialog: ChatLinkDialogType }) {
  const { text, lang } = useNotificationTexts();
  const { user } = useSession();
  const { data: items, isPending, isError } = useNotifications(user?.id);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [linking, setLinking] = useState<boolean | null>(null);
  const menuId = useId();
  const unread = items?.filter(isUnread).length ?? 0;
  const now = Date.now();

  const choose = async (item: Notification) => {
    setAnchor(null);
    if (isUnread(item)) await markRead.mutateAsync(item.id).catch(() => undefined);
    const target = internalTarget(item.notification_to);
    if (target) void navigate(target);
  };

  return (
    <>
      <IconButton
        aria-label={text.button(unread)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          {unread > 0 ? <NotificationsIcon /> : <NotificationsNoneIcon />}
        </Badge>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: { 'aria-label': text.title, dense: true },
          paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)', maxHeight: 440 } },
        }}
      >
        {isPending || isError || !items?.length ? (
          <MenuItem disabled>{isPending ? text.loading : isError ? text.loadError : text.empty}</MenuItem>
        ) : (
          items.map((item) => {
            const Icon = ICONS[item.notification_icon ?? ''] ?? NotificationsIcon;
            const fresh = isUnread(item);
            return (
              <MenuItem
                key={item.id}
                onClick={() => void choose(item)}
                sx={{
                  alignItems: 'flex-start',
                  whiteSpace: 'normal',
                  py: 1.25,
                  bgcolor: fresh ? 'action.hover' : undefined,
                }}
              >
                <ListItemIcon sx={{ mt: 0.25 }}>
                  <Icon color={colorOf(item.notification_color)} fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={
                    <>
                      {fresh && <Box component="span" sx={visuallyHidden}>{`${text.unread}: `}</Box>}
                      {item.notification_message}
                      {item.notification_image && (
                        <Box
                          component="img"
                          src={imageUrl(item.notification_image)}
                          alt=""
                          loading="lazy"
                          sx={{ display: 'block', maxWidth: '100%', maxHeight: 160, mt: 0.5, borderRadius: 1 }}
                        />
                      )}
                    </>
                  }
                  secondary={[item.notification_from, timeAgo(item.create_at, now, lang)].filter(Boolean).join(' · ')}
                  slotProps={{ primary: { sx: { fontWeight: fresh ? 700 : 400 } } }}
                />
                {fresh && (
                  <Box
                    aria-hidden
                    sx={{
                      width: 8,
                      height: 8,
                      borderRadius: '50%',
                      bgcolor: 'error.main',
                      mt: 1,
                      ml: 1,
                      flexShrink: 0,
                    }}
                  />
                )}
              </MenuItem>
            );
          })
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setLinking(true);
          }}
        >
          <ListItemIcon>
            <ChatIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{text.chatLink}</ListItemText>
        </MenuItem>
      </Menu>
      {linking !== null && (
        <Suspense fallback={null}>
          <ChatLinkDialog open={linking} onClose={() => setLinking(false)} />
        </Suspense>
      )}
    </>
  );
}
