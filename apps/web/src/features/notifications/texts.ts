import { defineTexts, useLang } from '../../i18n/texts';

const texts = {
  th: {
    title: 'การแจ้งเตือน',
    button: (unread: number) => (unread > 0 ? `การแจ้งเตือน ยังไม่อ่าน ${unread} รายการ` : 'การแจ้งเตือน'),
    empty: 'ยังไม่มีการแจ้งเตือน',
    loading: 'กำลังโหลด…',
    loadError: 'โหลดการแจ้งเตือนไม่สำเร็จ',
    unread: 'ยังไม่อ่าน',
    chatLink: 'รับการแจ้งเตือนทาง LINE / Messenger',
  },
  en: {
    title: 'Notifications',
    button: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
    empty: 'No notifications yet',
    loading: 'Loading…',
    loadError: 'Could not load the notifications',
    unread: 'Unread',
    chatLink: 'Get notifications on LINE / Messenger',
  },
};

const useTexts = defineTexts('notifications', texts);

/** The words, and the language for the relative times. */
export function useNotificationTexts() {
  return { lang: useLang(), text: useTexts() } as const;
}
