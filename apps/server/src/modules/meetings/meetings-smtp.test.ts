import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { API, message, type MeetingDetail, type MeetingMailResult } from '@field-portal/shared';
import { createHarness, type Harness } from '../../../test/harness.js';

/**
 * The meeting report e-mail through SMTP_URL: a real SMTP server in this process receives the
 * message nodemailer sends, so the test reads what went over the wire.
 */
interface Received {
  from: string;
  to: string[];
  data: string;
}

const received: Received[] = [];
/** Recipients the server refuses (as a mail server refuses an unknown mailbox). */
const REFUSED = 'nobody@refused.example';

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address === REFUSED) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        data: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let h: Harness;
let token: string;
const P = API.meetings;
const HOUR = 3_600_000;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  h = await createHarness(undefined, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'reports@field-portal.example' });
  token = (await h.login('mkt01')).access;
});
afterAll(async () => {
  await h?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const headers = (lang: 'zh' | 'en') => ({ ...h.auth(token), language: lang });

async function createMeeting(title: string): Promise<MeetingDetail> {
  const res = await h.app.inject({
    method: 'POST',
    url: P.saveMeeting,
    headers: headers('zh'),
    payload: {
      title,
      type: 'academic',
      startTime: new Date(h.clock.value + 24 * HOUR).toISOString(),
      endTime: new Date(h.clock.value + 26 * HOUR).toISOString(),
      city: '上海',
      hospital: '瑞金医院',
      medicine: 'Drug A',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as MeetingDetail;
}

const send = (meetingId: number, email: string, lang: 'zh' | 'en' = 'en') =>
  h.app.inject({ method: 'GET', url: P.sendMeetingReportToEmail, query: { meetingId: String(meetingId), email }, headers: headers(lang) });

const outboxFiles = () => (fs.existsSync(path.join(h.dataDir, 'outbox')) ? fs.readdirSync(path.join(h.dataDir, 'outbox')) : []);

describe('sendMeetingReportToEmail through an SMTP server', () => {
  it('sends the report with its .xlsx to the mail server and says it was sent', async () => {
    const m = await createMeeting('SMTP report meeting');
    const res = await send(m.id, 'boss@example.com');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result as MeetingMailResult;
    expect(result).toEqual({ transport: 'smtp', message: message('meeting.reportSent', 'en', { email: 'boss@example.com' }), file: null });

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('reports@field-portal.example');
    expect(mail.to).toEqual(['boss@example.com']);
    expect(mail.data).toMatch(/^To: boss@example\.com$/m);
    expect(mail.data).toMatch(/^Subject: Meeting report: SMTP report meeting$/m);
    expect(mail.data).toContain('Attended: 0');
    expect(mail.data).toContain(`filename=meeting-${m.id}-report.xlsx`);
    // (the header may be folded onto the next line)
    expect(mail.data).toMatch(/Content-Type:\s+application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/);
    // The attachment is the workbook: base64 of a ZIP ("PK\x03\x04" is "UEsDB").
    expect(mail.data).toMatch(/\r?\n\r?\nUEsDB/);
    // Sent, so nothing is left in the outbox.
    expect(outboxFiles()).toEqual([]);
  });

  it("answers 502 naming the server's refusal when the mail server refuses the recipient, and keeps nothing", async () => {
    const m = await createMeeting('Refused report meeting');
    const before = received.length;
    const res = await send(m.id, REFUSED, 'zh');
    expect(res.statusCode, res.body).toBe(502);
    const body = res.json() as { code: number; msg: string };
    expect(body.code).toBe(502);
    expect(body.msg.startsWith(message('meeting.mailFailed', 'zh', { reason: '' }).trim())).toBe(true);
    expect(body.msg).toContain('mailbox unavailable');
    expect(received.length).toBe(before);
    expect(outboxFiles()).toEqual([]);
  });
});
