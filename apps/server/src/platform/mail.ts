import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

/** One plain-text message, with one attachment or none. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachment?: { filename: string; content: Buffer; contentType: string };
}

export type MailResult = { transport: 'smtp'; messageId: string } | { transport: 'outbox'; file: string };

/** The folder unsent mail is written to when no mail server is configured. */
export const outboxDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'outbox');

/**
 * Sends through the SMTP server of SMTP_URL. Without one the complete message (RFC 5322, as
 * nodemailer would send it) is written to DATA_DIR/outbox as an .eml file, and the caller is
 * told it was NOT sent (docs/decisions/0020).
 */
export async function sendMail(config: Pick<Config, 'dataDir' | 'mail'>, mail: OutgoingMail, now: number): Promise<MailResult> {
  const message = { from: config.mail.from, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachment ? [mail.attachment] : [] };
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    try {
      const info = await transport.sendMail(message);
      return { transport: 'smtp', messageId: String(info.messageId ?? '') };
    } finally {
      transport.close();
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = (await transport.sendMail(message)) as unknown as { message: Buffer };
  const dir = outboxDir(config);
  await fsp.mkdir(dir, { recursive: true });
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const file = `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`;
  const target = path.join(dir, file);
  await fsp.writeFile(`${target}.part`, info.message, { mode: 0o600 });
  await fsp.rename(`${target}.part`, target);
  return { transport: 'outbox', file };
}
