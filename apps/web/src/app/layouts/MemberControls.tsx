import { UserMenu } from '../../features/account/UserMenu';
import { NotificationBell } from '../../features/notifications/NotificationBell';

/** The top bar's signed-in part, in one lazy chunk: the notification bell and the user menu (spec §2). */
export function MemberControls() {
  return (
    <>
      <NotificationBell />
      <UserMenu />
    </>
  );
}
