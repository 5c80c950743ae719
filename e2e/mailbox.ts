import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  raw: string;
}

/** What a journey sees of the mailbox the run shares. */
export interface Mailbox {
  /** Every e-mail received so far in this run. */
  messages(): Promise<ReceivedMail[]>;
  /** The first e-mail to `address` that `matches`, waiting for it to arrive. */
  waitForMail(address: string, matches?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
}

export interface MailboxServer {
  /** smtp://127.0.0.1:<port> for the server's SMTP_URL. */
  smtpUrl: string;
  /** http://127.0.0.1:<port>/ answers the received messages as JSON, for the journeys' workers. */
  inboxUrl: string;
  close(): Promise<void>;
}

const WAIT_MS = 30_000;

/**
 * A real SMTP server on a free local port (no TLS, no authentication) that keeps every message it
 * receives: the journeys read their e-mails here, which proves that the product delivers them.
 * It runs in the journeys' global setup, so the test files (other processes) read it over HTTP.
 */
export async function startMailbox(): Promise<MailboxServer> {
  const messages: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          ...readMessage(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const inbox = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));

  return {
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    inboxUrl: `http://127.0.0.1:${(inbox.address() as AddressInfo).port}/`,
    close: async () => {
      inbox.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => inbox.close(() => resolve())),
      ]);
    },
  };
}

/** The journeys' view of the mailbox at `inboxUrl`. */
export function openMailbox(inboxUrl: string): Mailbox {
  const messages = async () => (await (await fetch(inboxUrl)).json()) as ReceivedMail[];
  return {
    messages,
    async waitForMail(address, matches = () => true) {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const received = await messages();
        const found = received.find(
          (mail) => mail.to.includes(address.toLowerCase()) && matches(mail),
        );
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `No e-mail to ${address} within ${WAIT_MS} ms (${received.length} received)`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/** The first link in an e-mail's text whose path starts with `pathPrefix`. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`No ${pathPrefix} link in the e-mail "${mail.subject}":\n${mail.text}`);
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Just enough MIME for the product's e-mails: the subject and the text/plain part. */
function readMessage(raw: string): { subject: string; text: string } {
  const message = splitPart(raw);
  return {
    subject: decodeWords(message.headers.get('subject') ?? ''),
    text: textOf(message) ?? '',
  };
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function textOf(part: Part): string | null {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      const text = textOf(splitPart(piece.replace(/^\n/, '')));
      if (text !== null) return text;
    }
    return null;
  }
  if (!/^text\/plain/i.test(type)) return null;
  return decodeBody(part.body, part.headers.get('content-transfer-encoding') ?? '7bit');
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\n/g, '');
  for (let index = 0; index < joined.length; index += 1) {
    const char = joined[index] ?? '';
    const hex = joined.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_, _charset: string, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
