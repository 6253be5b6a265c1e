import { SHOP_NAME, type UploadKind, uploadKinds } from '@sikkha/contract';
import sharp from 'sharp';
import { escapeHtml } from '../../lib/html.js';
import type { MessengerMessage } from '../../providers/facebook-messenger.js';
import type { LineMessage } from '../../providers/line.js';
import type { Mail } from '../../providers/mail.js';
import { mailLayout } from '../../providers/mail-layout.js';
import type { Storage } from '../../providers/storage.js';

/** The upload kind of the Send screen's picture. */
export const SEND_IMAGE: UploadKind = uploadKinds.find((k) => k.endpoint === 'SendImage')!;

/** Messenger's standard messaging window: a Page may answer a person this long after the person's last message. */
export const FACEBOOK_WINDOW_MS = 24 * 60 * 60 * 1000;

/** LINE shows this in the chat before the picture opens: at most 1 MB, so a smaller JPEG of the picture. */
const PREVIEW_SIDE = 480;

const previewName = (image: string) => `${image.replace(/\.[a-z]+$/i, '')}-preview.jpg`;

/** Makes the picture's LINE preview once (kept beside it); answers its stored name. */
export async function previewOf(storage: Storage, image: string): Promise<string> {
  const name = previewName(image);
  if (await storage.read(SEND_IMAGE.serve, name)) return name;
  const original = await storage.read(SEND_IMAGE.serve, image);
  if (!original) throw new Error(`the picture ${image} is gone from storage`);
  const chunks: Buffer[] = [];
  for await (const chunk of original.stream) chunks.push(chunk as Buffer);
  const small = await sharp(Buffer.concat(chunks))
    .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
  await storage.put(SEND_IMAGE.serve, name, small).catch(async (error: unknown) => {
    // Two sends of one picture at once: the other one stored it.
    if (!(await storage.read(SEND_IMAGE.serve, name))) throw error;
  });
  return name;
}

/** What one message says, and where its picture is for the platforms that fetch it. */
export interface Content {
  text: string;
  image: string | null;
  /** The shop's public address (PUBLIC_URL): LINE and Messenger fetch pictures over HTTPS from it. */
  publicUrl: string;
}

const imageUrl = (content: Content, name: string) =>
  `${content.publicUrl}/api/${SEND_IMAGE.serve}/${encodeURIComponent(name)}`;

export const lineMessages = (content: Content): LineMessage[] => [
  ...(content.image
    ? [
        {
          type: 'image' as const,
          originalContentUrl: imageUrl(content, content.image),
          previewImageUrl: imageUrl(content, previewName(content.image)),
        },
      ]
    : []),
  { type: 'text', text: content.text },
];

export const messengerMessages = (content: Content): MessengerMessage[] => [
  ...(content.image
    ? [
        {
          attachment: {
            type: 'image' as const,
            payload: { url: imageUrl(content, content.image), is_reusable: true as const },
          },
        },
      ]
    : []),
  { text: content.text },
];

/** The mail of a message: its first line as the subject, the text and the picture in the shop's plain layout. */
export function broadcastMail(to: string, content: Content): Mail {
  const firstLine =
    content.text
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? '';
  const subject = `${SHOP_NAME}: ${firstLine.length > 80 ? `${firstLine.slice(0, 79)}…` : firstLine}`;
  const paragraphs = content.text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px;line-height:1.6">${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
  const picture = content.image
    ? `<p><img src="${escapeHtml(imageUrl(content, content.image))}" alt="" style="max-width:100%;border-radius:6px"></p>`
    : '';
  const html = mailLayout({
    subject,
    body: `${picture}\n${paragraphs}`,
    footer: `อีเมลนี้ส่งถึงสมาชิก ${SHOP_NAME} จากเจ้าหน้าที่ของร้าน`,
  });
  return { to, subject, text: content.text, html };
}
