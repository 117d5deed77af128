import nodemailer from 'nodemailer';
import { checkMessage, type MailMessage } from './outbox.js';

/** Delivers one mail; throws when the SMTP server cannot be reached or refuses it. */
export interface Mailer {
  send(mail: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS). */
  smtpUrl: string;
  /** The sender address: `portal@example.edu` or `App Portal <portal@example.edu>`. */
  from: string;
  /** Connection, greeting and socket time-out. */
  timeoutMs?: number;
}

/**
 * Mail through SMTP with nodemailer (a maintained library; no hand-written SMTP). The outbox
 * already refused recipients that are not plain addresses and subjects with line breaks; the
 * check runs again here so that nothing written before that rule can slip through.
 */
export function createMailer(options: MailerOptions): Mailer {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    // Never log the conversation (it carries the credentials' AUTH exchange).
    logger: false,
    debug: false,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      checkMessage(mail);
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo === undefined ? {} : { replyTo: mail.replyTo }),
        // RFC 8058 one-click: a mail client's button POSTs `List-Unsubscribe=One-Click` there.
        ...(mail.unsubscribeUrl === undefined
          ? {}
          : {
              headers: {
                'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            }),
        // Never let a recipient address turn into more than itself.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    close() {
      transport.close();
    },
  };
}
