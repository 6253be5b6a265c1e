import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import { ProviderUnavailable } from './unavailable.js';

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part, for clients that do not show HTML (and for the log). */
  text: string;
  html: string;
}

/** Sends one mail, or throws a 503 AppError with a Thai message. Every mail is also recorded in `mailOutbox`. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const mailFailed = 'ส่งอีเมลไม่สำเร็จ กรุณาลองใหม่อีกครั้งภายหลัง';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export interface MailerOptions {
  db: Db;
  log: Log;
  /** `smtp://user:pass@host:587` or `smtps://…`; without it mails stay in the outbox table and the log. */
  smtpUrl?: string | undefined;
  from: string;
}

/** Mail through SMTP when configured; otherwise to the outbox table and the log, so the shop works offline. */
export function createMailer({ db, log, smtpUrl, from }: MailerOptions): Mailer {
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
        log.info({ to: mail.to, subject: mail.subject }, `Mail kept in the outbox (no SMTP_URL):\n${mail.text}`);
      },
    };
  }

  // A request waits for the SMTP server, so it must not wait for minutes (nodemailer's defaults).
  const transport = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
    { from },
  );
  return {
    async send(mail) {
      try {
        await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await record(mail, 'failed', reason);
        log.warn({ to: mail.to, subject: mail.subject, err: error }, 'Mail could not be sent');
        throw new ProviderUnavailable(mailFailed, error);
      }
      await record(mail, 'sent');
    },
  };
}
