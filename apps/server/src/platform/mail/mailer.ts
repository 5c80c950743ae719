import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type Transporter } from 'nodemailer';
import type { PublicContext } from '../http/context';
import { newId } from '../ids';
import { sendEmailJob } from './send-email.job';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailConfig {
  smtpUrl: string | undefined;
  mailFrom: string;
}

/** How an e-mail left: over SMTP, or (without SMTP_URL) as a log line holding its text. */
export type MailOutcome = 'SENT' | 'LOGGED';

/** Sends one message; throws when the SMTP server refuses it (the job then retries). */
export interface Mailer {
  send(message: MailMessage, log: FastifyBaseLogger): Promise<MailOutcome>;
}

export function createMailer(config: MailConfig): Mailer {
  const transport: Transporter | null = config.smtpUrl ? createTransport(config.smtpUrl) : null;
  return {
    async send(message, log) {
      if (transport) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        return 'SENT';
      }
      log.info(
        { mail: { to: message.to, subject: message.subject } },
        `e-mail not sent (no SMTP_URL); it reads:\n${message.text}`,
      );
      return 'LOGGED';
    },
  };
}

/**
 * Keeps an e-mail in the outbox and enqueues its delivery, both in the request's transaction: a
 * rolled-back request sends nothing, and a committed one is delivered even if the process dies
 * right after (the job survives a restart).
 */
export async function sendMail(
  ctx: Pick<PublicContext, 'db' | 'services' | 'afterCommit'> & {
    organisationId?: string;
    user?: { id: string };
  },
  message: MailMessage,
): Promise<void> {
  const id = newId();
  await ctx.db.query(
    `INSERT INTO outbox_emails (id, to_address, subject, text_body, html_body, status)
     VALUES ($1, $2, $3, $4, $5, 'PENDING')`,
    [id, message.to, message.subject, message.text, message.html ?? null],
  );
  await ctx.services.queue.enqueue(ctx, sendEmailJob, { outboxEmailId: id });
}

/** An absolute link into the web app, for e-mails. */
export function webLink(ctx: PublicContext, path: string): string {
  return new URL(path, ctx.services.config.publicWebUrl).toString();
}
