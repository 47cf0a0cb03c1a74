import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIMITS, API, message, type PasswordLinkStatus, type UserInviteResult } from '@field-portal/shared';
import { callers, expectError, ok, signIn } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

/** Invitations (docs/decisions/0072): a one-time link by e-mail sets a password; without a mail server the mail waits in the outbox. */

let h: Harness;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['admin', 'rep01'], tokens);
});
afterAll(async () => h?.close());

const A = API.admin;
const { call } = callers(() => h, tokens);
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);
const userId = async (username: string) => Number((await q<{ id: number }>('select id from users where username = $1', [username]))[0]!.id);
const outbox = () => path.join(h.dataDir, 'outbox');
const mails = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort() : []);
const seen = new Set<string>();
/** The one mail written since the last look: its recipient, subject and text, and its link's token. */
async function nextMail(): Promise<{ to: string; subject: string; text: string; token: string }> {
  const fresh = mails().filter((file) => !seen.has(file));
  expect(fresh).toHaveLength(1);
  seen.add(fresh[0]!);
  const mail = await simpleParser(fs.readFileSync(path.join(outbox(), fresh[0]!)));
  const text = mail.text ?? '';
  const token = /\/setPassword\?token=([\w-]{43})/.exec(text)?.[1];
  expect(token, text).toBeDefined();
  return { to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '', subject: mail.subject ?? '', text, token: token! };
}
let firstToken = '';
const invite = (ids: number[], lang: 'zh' | 'en' = 'zh', user = 'admin') => call(user, 'POST', A.userInvite, { ids }, lang);
const status = async (token: string) =>
  ok<PasswordLinkStatus>(await h.app.inject({ method: 'GET', url: A.passwordLink, query: { token }, headers: { language: 'en' } }));
const setPassword = (token: string, password: string, confirmPassword = password, lang: 'zh' | 'en' = 'zh') =>
  h.app.inject({ method: 'POST', url: A.passwordLink, payload: { token, password, confirmPassword }, headers: { language: lang } });

describe('invitations', () => {
  it('need the user authority; the ids are checked in zh and en', async () => {
    expectError(await invite([await userId('rep02')], 'zh', 'rep01'), 403, 'auth.forbidden');
    expectError(await invite([]), 400, 'sys.invite.idsRequired');
    expectError(await invite([], 'en'), 400, 'sys.invite.idsRequired', 'en');
    const many = Array.from({ length: ADMIN_LIMITS.inviteMax + 1 }, (_, i) => i + 1);
    expectError(await invite(many, 'en'), 400, 'sys.invite.tooMany', 'en', { max: ADMIN_LIMITS.inviteMax });
    expect(mails()).toEqual([]);
  });

  it('mail each user a link in their language; users without e-mail, disabled or unknown are named and skipped', async () => {
    const rep02 = await userId('rep02');
    const rep03 = await userId('rep03');
    const rep04 = await userId('rep04');
    await q(`update users set email = 'rep02@pharma.example', language = 'en', real_name = 'Rep Two' where id = $1`, [rep02]);
    await q(`update users set email = '' where id = $1`, [rep03]);
    await q(`update users set email = 'rep04@pharma.example', enabled = false where id = $1`, [rep04]);
    const result = ok<UserInviteResult>(await invite([rep02, rep03, rep04, 99_999_999, rep02]));
    expect(result).toMatchObject({ invited: 1, skipped: 3, transport: 'outbox' });
    expect(result.results.map((r) => [r.id, r.status])).toEqual([
      [rep02, 'outbox'],
      [rep03, 'noEmail'],
      [rep04, 'disabled'],
      [99_999_999, 'notFound'],
    ]);
    expect(mails()).toHaveLength(1);
    const { to, subject, text, token } = await nextMail();
    firstToken = token;
    expect(to).toBe('rep02@pharma.example');
    expect(subject).toMatch(/portal: set your password$/);
    expect(text).toContain('your login name is rep02');
    expect(text).toContain(`within ${ADMIN_LIMITS.inviteDays} days`);
    // The link is the address the administrator used (PUBLIC_ORIGIN when set).
    expect(text).toMatch(/http:\/\/localhost(:\d+)?\/setPassword\?token=/);
    expect(await status(token)).toEqual({ valid: true, username: 'rep02', realName: 'Rep Two' });
    // Only the token's hash is stored.
    expect(await q(`select count(*)::int as n from password_links where token_hash = $1`, [token])).toEqual([{ n: 0 }]);
    expect(
      (await q<{ action: string }>(`select action from audit_log where entity = 'user' and entity_id = $1 order by id desc limit 1`, [String(rep02)]))[0]!
        .action,
    ).toBe('invite');
  });

  it('the link sets a password under the portal rules, once; the user signs in with it', async () => {
    const token = firstToken;
    expectError(await setPassword(token, 'Lantern-Harbour-72', 'Lantern-Harbour-73'), 400, 'password.mismatch');
    expectError(await setPassword(token, 'short'), 400, 'password.length', 'zh', { min: 8, max: 64 });
    expectError(await setPassword(token, 'password123', 'password123', 'en'), 400, 'password.common', 'en');
    expect((await status(token)).valid).toBe(true);
    expect((await setPassword(token, 'Lantern-Harbour-72')).statusCode).toBe(200);
    expect((await h.login('rep02', 'Lantern-Harbour-72')).access).toBeTruthy();
    // Used: dead, whatever is sent.
    expect(await status(token)).toEqual({ valid: false });
    expectError(await setPassword(token, 'Lantern-Harbour-99', 'Lantern-Harbour-99', 'en'), 404, 'passwordLink.invalid', 'en');
    expectError(await setPassword('x'.repeat(43), 'Lantern-Harbour-99'), 404, 'passwordLink.invalid');
    expectError(await setPassword('x'.repeat(ADMIN_LIMITS.inviteTokenMax + 1), 'Lantern-Harbour-99'), 400, 'passwordLink.invalid');
  });

  it('a newer invitation ends the older link; an expired link is dead', async () => {
    const rep02 = await userId('rep02');
    ok<UserInviteResult>(await invite([rep02]));
    const first = (await nextMail()).token;
    // In the user's language: the same mail in Chinese once the user's language is zh.
    await q(`update users set language = 'zh' where id = $1`, [rep02]);
    ok<UserInviteResult>(await invite([rep02]));
    const mail = await nextMail();
    expect(mail.subject).toMatch(/门户:设置您的密码$/);
    expect(mail.text).toContain('Rep Two,您好');
    expect(mail.text).toContain('您的登录名是 rep02');
    const second = mail.token;
    expect(second).not.toBe(first);
    expect((await status(first)).valid).toBe(false);
    expect((await status(second)).valid).toBe(true);
    await q(`update password_links set expires_at = now() - interval '1 minute' where user_id = $1 and used_at is null`, [rep02]);
    expect((await status(second)).valid).toBe(false);
    expectError(await setPassword(second, 'Lantern-Harbour-99'), 404, 'passwordLink.invalid');
  });

  it("the e-mail's real path forwards to the web's page with the token", async () => {
    const res = await h.app.inject({ method: 'GET', url: '/setPassword?token=abc_DEF-123' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/#/setPassword?token=abc_DEF-123');
    expect(message('sys.invite.subject', 'zh', { company: '远山制药' })).toBe('远山制药门户:设置您的密码');
  });
});
