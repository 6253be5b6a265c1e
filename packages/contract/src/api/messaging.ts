import { z } from 'zod';
import { groupTypes } from '../entities/learning.js';
import { listQuery } from '../envelope.js';
import { f } from '../fields.js';
import { message } from '../messages.js';

/**
 * The back office's Send screen (spec 2 §2 /admin/send, §7 Messaging): one message to a set of members over the
 * channels the shop has. `noti` is the in-app notification (the bell), `line` the LINE official account, `facebook`
 * the Facebook Page's Messenger, `email` the member's e-mail address.
 */
export const sendChannels = ['noti', 'line', 'facebook', 'email'] as const;
export type SendChannel = (typeof sendChannels)[number];

/** Everyone, the buyers of one course (a finished order of it), or members chosen one by one. */
export const sendAudiences = ['all', 'course', 'members'] as const;
export type SendAudience = (typeof sendAudiences)[number];

/**
 * How far a message got to one member over one channel. `skipped`: the member cannot be reached there (no linked
 * LINE or Messenger, no e-mail, outside Messenger's 24-hour window); `failed`: the platform refused it, or every
 * retry failed; the reason says which.
 */
export const deliveryStatuses = ['queued', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * Messenger lets a Page write to a person only within 24 hours of that person's last message, or later with a
 * message tag for a personal, non-promotional update (docs/MESSAGING.md). The Send screen offers these tags.
 */
export const facebookTags = ['POST_PURCHASE_UPDATE', 'CONFIRMED_EVENT_UPDATE', 'ACCOUNT_UPDATE'] as const;
export type FacebookTag = (typeof facebookTags)[number];

/** LINE's multicast takes at most 500 user ids per call. */
export const LINE_MULTICAST_MAX = 500;
/** Messenger's text limit (LINE's is 5,000; e-mail and the bell take this too). */
export const SEND_TEXT_MAX = 2000;
/** Members chosen one by one in one message. */
export const SEND_MEMBERS_MAX = 1000;
/** A member's linking code for LINE or Messenger is good for this long. */
export const LINK_CODE_MINUTES = 30;
/** Link codes: "LINK-" and 8 characters nobody misreads (no 0/O, 1/I/L). */
export const linkCodePattern = /^LINK-[2-9A-HJKMNP-Z]{8}$/;

/** What the Send screen and the messaging calls say, Thai first (not given by the spec: see DEVIATIONS). */
export const messagingTexts = {
  chooseCourse: { th: 'กรุณาเลือกคอร์ส', en: 'Please choose a course' },
  chooseMembers: { th: 'กรุณาเลือกสมาชิกอย่างน้อย 1 คน', en: 'Please choose at least one member' },
  chooseChannel: { th: 'กรุณาเลือกช่องทางอย่างน้อย 1 ช่องทาง', en: 'Please choose at least one channel' },
  chooseImage: { th: 'กรุณาเลือกรูปภาพ', en: 'Please choose a picture' },
  imageUnknown: { th: 'ไม่พบรูปภาพที่อัปโหลด กรุณาอัปโหลดใหม่', en: 'The picture was not found: upload it again' },
  noRecipients: { th: 'ไม่มีสมาชิกที่ตรงกับผู้รับที่เลือก', en: 'No member matches the chosen recipients' },
  channelOff: {
    th: 'ยังไม่ได้ตั้งค่าช่องทางนี้ในระบบ (ดูการตั้งค่าใน README)',
    en: 'This channel is not set up (see the settings in the README)',
  },
  // Delivery reasons kept in the log, shown to staff per recipient.
  notLinkedLine: { th: 'สมาชิกยังไม่ได้เชื่อมบัญชี LINE', en: 'The member has not linked LINE' },
  notLinkedFacebook: { th: 'สมาชิกยังไม่ได้เชื่อมบัญชี Messenger', en: 'The member has not linked Messenger' },
  noEmail: { th: 'สมาชิกไม่มีอีเมล', en: 'The member has no e-mail address' },
  memberGone: { th: 'บัญชีสมาชิกถูกลบแล้ว', en: 'The member’s account was deleted' },
  outsideWindow: {
    th: 'เกิน 24 ชั่วโมงนับจากข้อความล่าสุดของสมาชิกถึงเพจ และไม่ได้เลือกแท็กข้อความ',
    en: 'More than 24 hours since the member last wrote to the Page, and no message tag was chosen',
  },
  // What the shop's LINE account and Page answer a member who sends a code.
  linked: {
    th: 'เชื่อมบัญชีกับ Sikkha เรียบร้อยแล้ว คุณจะได้รับข่าวสารจากร้านทางช่องทางนี้',
    en: 'Your account is linked to Sikkha: the shop’s news will reach you here',
  },
  codeUnknown: {
    th: 'รหัสเชื่อมบัญชีไม่ถูกต้องหรือหมดอายุ กรุณาขอรหัสใหม่ที่หน้าเว็บ Sikkha',
    en: 'The linking code is wrong or has expired: ask for a new one on the Sikkha website',
  },
  welcome: {
    th: 'ขอบคุณที่เพิ่มเพื่อน หากต้องการรับข่าวสารของคอร์ส กรุณาส่งรหัสเชื่อมบัญชีจากหน้าเว็บ Sikkha มาในแชทนี้',
    en: 'Thanks for adding us. To get the news of your courses, send the linking code from the Sikkha website here',
  },
} as const;

const id = f.ref();

/** One message for the Send screen: what it says, to whom, over which channels. */
const messageFields = {
  text: z.string().trim().min(1, message('required')).max(SEND_TEXT_MAX),
  /** A picture uploaded with POST /api/uploadSend. */
  image: f.fileName().nullish(),
  audience: z.enum(sendAudiences),
  product_id: id.nullish(),
  user_ids: z.array(id).max(SEND_MEMBERS_MAX).nullish(),
  /** Messenger only: lets the message reach members past the 24-hour window, for the updates the tag names. */
  facebook_tag: z.enum(facebookTags).nullish(),
};

/** Who receives it: a course's buyers need the course, chosen members at least one member. */
function audienceChecked<T extends z.ZodObject>(schema: T, { imageRequired = false } = {}) {
  return schema.superRefine((value, ctx) => {
    const v = value as {
      audience: SendAudience;
      product_id?: number | null;
      user_ids?: number[] | null;
      image?: string | null;
    };
    if (imageRequired && !v.image) {
      ctx.addIssue({ code: 'custom', path: ['image'], message: messagingTexts.chooseImage.th });
    }
    if (v.audience === 'course' && !v.product_id) {
      ctx.addIssue({ code: 'custom', path: ['product_id'], message: messagingTexts.chooseCourse.th });
    }
    if (v.audience === 'members' && !v.user_ids?.length) {
      ctx.addIssue({ code: 'custom', path: ['user_ids'], message: messagingTexts.chooseMembers.th });
    }
  });
}

const messageObject = z.strictObject(messageFields);

/** The spec's single-channel calls (/noti, /notiLine, /notiFacebook): the message and its recipients. */
export const notiBody = audienceChecked(messageObject);
/** /notiImage: an in-app notification with a picture. */
export const notiImageBody = audienceChecked(messageObject, { imageRequired: true });
/** The Send screen's call: the same message over every chosen channel at once. */
export const sendBody = audienceChecked(
  messageObject.extend({
    channels: z
      .array(z.enum(sendChannels))
      .min(1, messagingTexts.chooseChannel.th)
      .max(sendChannels.length)
      .refine((list) => new Set(list).size === list.length),
  }),
);
export type SendBody = z.input<typeof sendBody>;

/** How many members a choice of recipients reaches, before sending. */
export const audienceBody = z.strictObject({
  audience: messageFields.audience,
  product_id: messageFields.product_id,
  user_ids: messageFields.user_ids,
});

export const audienceCount = z.object({
  members: z.number().int(),
  /** Of them, reachable over each channel (linked LINE, linked Messenger, an e-mail address). */
  line: z.number().int(),
  facebook: z.number().int(),
  /** Linked to Messenger and wrote to the Page in the last 24 hours (reachable without a tag). */
  facebookWindow: z.number().int(),
  email: z.number().int(),
  /** Whether the shop has set up its LINE official account and its Facebook Page (README settings). */
  available: z.object({ line: z.boolean(), facebook: z.boolean() }),
});
export type AudienceCount = z.infer<typeof audienceCount>;

const statusCounts = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});

/** One message sent from the Send screen, with how far its deliveries got, per channel. */
export const sentMessage = z.object({
  id: z.number().int(),
  text: z.string(),
  image: z.string().nullable(),
  audience: z.enum(sendAudiences),
  product_id: z.number().int().nullable(),
  product_title: z.string().nullable(),
  channels: z.array(z.enum(sendChannels)),
  facebook_tag: z.enum(facebookTags).nullable(),
  create_by: z.number().int().nullable(),
  personnel_username: z.string().nullable(),
  create_at: z.string(),
  progress: z.array(statusCounts.extend({ channel: z.enum(sendChannels) })),
});
export type SentMessage = z.infer<typeof sentMessage>;

export const sentMessagesQuery = listQuery.pick({ page: true, pageSize: true });
export const sentMessageQuery = z.object({ id });

/** The delivery log of one message: each member and channel, filterable by channel and status. */
export const deliveriesQuery = listQuery.pick({ page: true, pageSize: true }).extend({
  id,
  channel: z.enum(sendChannels).optional(),
  status: z.enum(deliveryStatuses).optional(),
});

export const delivery = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  channel: z.enum(sendChannels),
  status: z.enum(deliveryStatuses),
  /** Why it failed or was skipped; the last error while it is being retried. */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  update_at: z.string(),
});
export type Delivery = z.infer<typeof delivery>;

/** A member's linking code, and where to send it. */
export const linkCode = z.object({
  code: z.string(),
  expire_at: z.string(),
  /** Opens a chat with the shop's LINE account with the code typed in (null when LINE is not set up). */
  line_url: z.string().nullable(),
  /** Opens Messenger with the shop's Page; the code travels in the link (null when Messenger is not set up). */
  facebook_url: z.string().nullable(),
});
export type LinkCode = z.infer<typeof linkCode>;

/** The member's linked chat accounts, and which the shop offers. */
export const messagingLinks = z.object({
  channels: z.array(
    z.object({
      channel: z.enum(groupTypes),
      available: z.boolean(),
      linked: z.boolean(),
      linked_at: z.string().nullable(),
    }),
  ),
});
export type MessagingLinks = z.infer<typeof messagingLinks>;

export const unlinkBody = z.strictObject({ channel: z.enum(groupTypes) });
