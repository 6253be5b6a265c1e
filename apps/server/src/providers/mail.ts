import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

/**
 * A file the mail carries, named by where it comes from rather than by its bytes: a document that may not be made
 * yet when the mail is enqueued (an order's receipt, made by its own job). `source` is what a module registered with
 * `attachFrom`, `id` what it is asked for.
 */
export const mailAttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  source: z.string(),
  /** A row's id, or a document's number. */
  id: z.union([z.number().int().positive(), z.string().min(1).max(50)]),
});
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

export const mailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  /** The plain-text part, for clients that do not show HTML (and for the log). */
  text: z.string(),
  html: z.string(),
  attachments: z.array(mailAttachmentSchema).optional(),
});
export type Mail = z.infer<typeof mailSchema>;

/**
 * Makes an attachment's bytes when its mail is sent (once made, the same bytes at every attempt), and says whether it
 * is an e-Tax document (a PDF/A-3 carrying ETDA's XML); null when there is no such file and never will be, and the
 * mail goes without it. A failure throws, and the send is tried again.
 */
export type AttachmentSource = (id: number | string) => Promise<{ content: Buffer; etax: boolean } | null>;

/**
 * Sends one mail now, or throws. Every attempt is recorded in `mailOutbox`. Services do not call it: they enqueue
 * the `mail.send` job in their unit of work (`jobs/mail.job.ts`), whose runs retry a failed send.
 */
export interface Mailer {
  /**
   * `key` names the mail across attempts (the job's id): every attempt carries the same Message-ID, so a mail sent
   * again after its first sender died between the server's acceptance and the job's end is one message to the
   * recipient's mailbox, which keeps one per Message-ID (RFC 5322 §3.6.4).
   */
  send(mail: Mail, key?: string): Promise<void>;
  /** Where the attachments of a `source` come from; registered by the module that makes them, at start. */
  attachFrom(source: string, make: AttachmentSource): void;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export interface MailerOptions {
  db: Db;
  log: Log;
  /** `smtp://user:pass@host:587` or `smtps://…`; without it mails stay in the outbox table and the log. */
  smtpUrl?: string | undefined;
  from: string;
  /**
   * ETDA's time-stamp mailbox (e-Tax Invoice by Email): a mail that carries an e-Tax document goes to it too, as a
   * copy (Cc), as the route asks; the mailbox stamps the time and sends the stamped mail to the buyer and the seller.
   */
  etaxCopyTo?: string | undefined;
  /**
   * Writes an outbox mail's text (a code, a reset link) to the log, for someone trying the shop without SMTP; never
   * in production, where logs are collected and kept.
   */
  logContent?: boolean;
}

/** Mail through SMTP when configured; otherwise to the outbox table and the log, so the shop works offline. */
export function createMailer({ db, log, smtpUrl, from, etaxCopyTo, logContent = false }: MailerOptions): Mailer {
  const sources = new Map<string, AttachmentSource>();
  const attachFrom = (source: string, make: AttachmentSource) => {
    sources.set(source, make);
  };
  const record = (mail: Mail, status: 'sent' | 'outbox' | 'failed', error?: string) =>
    db.insert(mailOutbox).values({
      mail_to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      status,
      error: error ?? null,
    });

  if (!smtpUrl) {
    return {
      async send(mail) {
        await record(mail, 'outbox');
        // Someone running `npm start` without SMTP reads the code or link here.
        const kept = 'Mail kept in the outbox (no SMTP_URL)';
        log.info({ subject: mail.subject }, logContent ? `${kept} to ${mail.to}:\n${mail.text}` : kept);
      },
      attachFrom,
    };
  }

  // A stuck SMTP server must not hold the job past its lease (nodemailer waits minutes by default).
  const transport = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
    { from },
  );
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  return {
    async send(mail, key) {
      try {
        const attachments = await attachmentsOf(mail, sources);
        await transport.sendMail({
          to: mail.to,
          ...(etaxCopyTo && attachments.some((a) => a.etax) ? { cc: etaxCopyTo } : {}),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
          ...(key ? { messageId: `<${key}@${domain}>` } : {}),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await record(mail, 'failed', reason);
        // The address stays in the outbox row; the log says which mail, not to whom.
        log.warn({ subject: mail.subject, err: error }, 'Mail could not be sent');
        throw error;
      }
      await record(mail, 'sent');
    },
    attachFrom,
  };
}

/** The mail's attachments made now; one whose source answers that there is none is left out. */
async function attachmentsOf(mail: Mail, sources: ReadonlyMap<string, AttachmentSource>) {
  const made = [];
  for (const { filename, contentType, source, id } of mail.attachments ?? []) {
    const make = sources.get(source);
    if (!make) throw new Error(`Mail attachment from "${source}": nothing makes it`);
    const file = await make(id);
    if (file) made.push({ filename, contentType, ...file });
  }
  return made;
}
