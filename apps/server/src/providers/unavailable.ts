import { AppError } from '../errors.js';

/**
 * A service the shop calls (the SMTP server, Google, Facebook) failed or did not answer in time: 503 with a
 * message for people; the cause goes to the log through the error handler, never to the client.
 */
export class ProviderUnavailable extends AppError {
  constructor(text: string, cause?: unknown, retryAfter?: number) {
    super('UNAVAILABLE', text, retryAfter);
    this.cause = cause;
  }
}
