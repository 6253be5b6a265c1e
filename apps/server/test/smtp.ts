import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, lower case. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on a free local port (the `smtp-server` package): the app's nodemailer talks SMTP to it,
 * and tests read what arrived. Recipients for which `reject` answers true are refused with 550. A mail for which
 * `holdMs` answers a time is delivered at once (its data arrived whole) but answered only after that time, as a
 * server that has the message while its sender still waits for the "250 OK".
 */
export async function startSmtp(
  options: { reject?: (address: string) => boolean; holdMs?: (mail: ReceivedMail) => number } = {},
) {
  const inbox: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];

  const deliver = (mail: ReceivedMail) => {
    inbox.push(mail);
    const waiter = waiters.find((w) => mail.to.includes(w.to));
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1);
      taken.add(mail);
      waiter.resolve(mail);
    }
  };

  const server = new SMTPServer({
    // A plain local server: no TLS upgrade, no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.reject?.(address.address)) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const mail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          };
          deliver(mail);
          setTimeout(callback, options.holdMs?.(mail) ?? 0);
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** The next mail to `address` not yet taken by an earlier call: one already here, or the next to arrive. */
    nextMailTo(address: string, timeoutMs = 5_000): Promise<ReceivedMail> {
      const to = address.toLowerCase();
      const waiting = inbox.find((m) => !taken.has(m) && m.to.includes(to));
      if (waiting) {
        taken.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          to,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    /** Mails to `address` that arrived and were not taken. */
    pending: (address: string) => inbox.filter((m) => !taken.has(m) && m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;
