import { UserMenu } from '../../features/account/UserMenu';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { lazyWithReload } from '../../lib/lazy-with-reload';

// Linking LINE and Messenger loads when a member opens it from the bell, never with the page.
const ChatLinkDialog = lazyWithReload(() =>
  import('../../features/messaging/ChatLinkDialog').then((m) => m.ChatLinkDialog),
);

/** The top bar's signed-in part, in one lazy chunk: the notification bell and the user menu (spec §2). */
export function MemberControls() {
  return (
    <>
      <NotificationBell ChatLinkDialog={ChatLinkDialog} />
      <UserMenu />
    </>
  );
}
