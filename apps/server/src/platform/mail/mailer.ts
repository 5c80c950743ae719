import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type Transporter } from 'nodemailer';
import type { Db } from '../db/engine';
import type { PublicContext } from '../http/context';
import { newId } from '../ids';

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

/** Delivers outbox rows: over SMTP when configured, otherwise as a log line holding the text. */
export interface Mailer {
  deliver(id: string, message: MailMessage, log: FastifyBaseLogger): Promise<void>;
}

export function createMailer(config: MailConfig, db: Db): Mailer {
  const transport: Transporter | null = config.smtpUrl ? createTransport(config.smtpUrl) : null;
  return {
    async deliver(id, message, log) {
      try {
        if (transport) {
          await transport.sendMail({ from: config.mailFrom, ...message });
        } else {
          log.info(
            { mail: { to: message.to, subject: message.subject } },
            `e-mail not sent (no SMTP_URL); it reads:\n${message.text}`,
          );
        }
        await db.query(
          `UPDATE outbox_emails SET status = $2, sent_at = now(), updated_at = now() WHERE id = $1`,
          [id, transport ? 'SENT' : 'LOGGED'],
        );
      } catch (error) {
        log.error({ err: error, mail: { to: message.to } }, 'e-mail delivery failed');
        await db.query(
          `UPDATE outbox_emails SET status = 'FAILED', error = $2, updated_at = now() WHERE id = $1`,
          [id, error instanceof Error ? error.message : String(error)],
        );
      }
    },
  };
}

/**
 * Queues an e-mail in the request's transaction; it is delivered only once that commits, so a
 * rolled-back request never sends anything.
 */
export async function sendMail(ctx: PublicContext, message: MailMessage): Promise<void> {
  const id = newId();
  await ctx.db.query(
    `INSERT INTO outbox_emails (id, to_address, subject, text_body, html_body, status)
     VALUES ($1, $2, $3, $4, $5, 'PENDING')`,
    [id, message.to, message.subject, message.text, message.html ?? null],
  );
  ctx.afterCommit(() => ctx.services.mailer.deliver(id, message, ctx.log));
}

/** An absolute link into the web app, for e-mails. */
export function webLink(ctx: PublicContext, path: string): string {
  return new URL(path, ctx.services.config.publicWebUrl).toString();
}
