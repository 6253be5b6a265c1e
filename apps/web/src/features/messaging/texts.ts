import { defineTexts } from '../../i18n/texts';

const texts = {
  th: {
    title: 'รับข่าวสารทาง LINE / Messenger',
    intro: 'เชื่อมบัญชี LINE หรือ Messenger ของคุณกับ Sikkha เพื่อรับข่าวสารคอร์สเรียนในแชท นอกจากการแจ้งเตือนบนเว็บ',
    channel: { line: 'LINE', facebook: 'Messenger' },
    linked: 'เชื่อมแล้ว',
    notLinked: 'ยังไม่ได้เชื่อม',
    unlink: 'ยกเลิกการเชื่อม',
    getCode: 'ขอรหัสเชื่อมบัญชี',
    newCode: 'ขอรหัสใหม่',
    codeLabel: 'รหัสเชื่อมบัญชีของคุณ',
    expires: (time: string) => `ใช้ได้ถึง ${time} น.`,
    howTo: 'กดปุ่มด้านล่างเพื่อเปิดแชทกับร้าน แล้วส่งรหัสนี้ (LINE จะพิมพ์รหัสไว้ให้) เมื่อร้านตอบกลับว่าเชื่อมเรียบร้อย สถานะด้านบนจะเปลี่ยนเอง',
    openLine: 'เปิด LINE แล้วส่งรหัส',
    openFacebook: 'เปิด Messenger',
    copy: 'คัดลอกรหัส',
    copied: 'คัดลอกแล้ว',
    unavailable: 'ร้านยังไม่เปิดรับข่าวสารทางแชท',
    close: 'ปิด',
    failed: 'ทำรายการไม่สำเร็จ กรุณาลองใหม่',
  },
  en: {
    title: 'News on LINE / Messenger',
    intro:
      'Link your LINE or Messenger account to Sikkha to get the news of your courses in the chat, besides the bell',
    channel: { line: 'LINE', facebook: 'Messenger' },
    linked: 'Linked',
    notLinked: 'Not linked',
    unlink: 'Unlink',
    getCode: 'Get a linking code',
    newCode: 'New code',
    codeLabel: 'Your linking code',
    expires: (time: string) => `Valid until ${time}`,
    howTo:
      'Open the chat with the shop below and send this code (LINE types it for you). When the shop answers that you are linked, the state above changes by itself',
    openLine: 'Open LINE and send the code',
    openFacebook: 'Open Messenger',
    copy: 'Copy the code',
    copied: 'Copied',
    unavailable: 'The shop does not send news by chat yet',
    close: 'Close',
    failed: 'That did not work, please try again',
  },
};

export const useChatLinkTexts = defineTexts('messaging', texts);
