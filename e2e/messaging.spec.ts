import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PASSWORD } from './support';

/** The extra browsers a journey opens; closed after it, so their channels do not load later journeys. */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function signIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  opened.push(context);
  const page = await context.newPage();
  await page.goto('/#/login');
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  return page;
}

const badge = (page: Page) => page.getByTestId('news-badge');
const openNews = async (page: Page) => {
  await page.getByRole('button', { name: '消息', exact: true }).click();
  await expect(page.locator('.fp-news-drawer')).toBeVisible();
};

test('two users chat: the badge and the conversation list update live, opening resets the unread count', async ({ browser }) => {
  const operator = await signIn(browser, 'operator');
  const rep = await signIn(browser, 'rep01');

  // The demo data: one unread from rep01 and one from admin.
  await expect(badge(operator)).toHaveAttribute('data-count', '2');
  await expect(badge(operator).locator('.ant-badge-count')).toHaveAttribute('title', '2');
  await openNews(operator);
  await expect(operator.getByTestId('conversation-list')).toBeVisible();
  // The list starts with today's messages, then the conversations, newest first.
  const rows = operator.locator('.fp-news-row');
  await expect(rows.first()).toHaveAttribute('data-testid', 'today-entry');
  await expect(rows.nth(1)).toHaveAttribute('data-testid', 'conversation-admin');
  const repRow = operator.getByTestId('conversation-rep01');
  await expect(repRow).toContainText('代表1');
  await expect(repRow.getByTestId('unread')).toHaveAttribute('data-count', '1');

  // rep01 writes to operator.
  await openNews(rep);
  await rep.getByTestId('conversation-operator').click();
  await expect(rep.getByTestId('chat-messages')).toContainText('请问上次推送的用药指南有英文版吗?');
  const text = `新的拜访资料已上传 ${Date.now()}`;
  const box = rep.getByRole('textbox', { name: /输入消息/ });
  await box.fill(text);
  await box.press('Enter');
  await expect(rep.getByTestId('chat-message').last()).toContainText(text);
  await expect(box).toHaveValue('');

  // operator, without a reload: badge 3, the rep01 conversation on top with the new text and 2 unread.
  await expect(badge(operator)).toHaveAttribute('data-count', '3');
  await expect(rows.nth(1)).toHaveAttribute('data-testid', 'conversation-rep01');
  await expect(repRow).toContainText(text);
  await expect(repRow.getByTestId('unread')).toHaveAttribute('data-count', '2');
  await expect(operator.getByTestId('today-entry')).toContainText(text);

  // operator opens it: the chat shows the message, the unread count resets.
  await repRow.click();
  await expect(operator.getByTestId('chat-message').last()).toContainText(text);
  await expect(badge(operator)).toHaveAttribute('data-count', '1');
  await operator.getByRole('button', { name: '返回' }).click();
  await expect(operator.getByTestId('conversation-rep01').getByTestId('unread')).toHaveAttribute('data-count', '0');

  // operator answers; rep01's open chat receives it live and stays read.
  const reply = operator.getByTestId('conversation-rep01');
  await reply.click();
  const opBox = operator.getByRole('textbox', { name: /输入消息/ });
  await opBox.fill('好的,我来准备英文版。');
  await operator.getByRole('button', { name: /发\s*送/ }).click();
  await expect(rep.getByTestId('chat-message').last()).toContainText('好的,我来准备英文版。');
  await expect(badge(rep)).toHaveAttribute('data-count', '1');

  // The channel opened: no failure was recorded.
  expect(await operator.evaluate(() => localStorage.getItem('fp.realtime.failure'))).toBeNull();
});

test('a user starts a conversation with a colleague by username; the colleague sees it live', async ({ browser }) => {
  const mkt = await signIn(browser, 'mkt01');
  const mgr = await signIn(browser, 'mgr01');
  await openNews(mgr);
  // No conversations and no messages today: the empty state.
  await expect(mgr.locator('.fp-news-drawer').getByText('暂无消息')).toBeVisible();
  await openNews(mkt);
  const start = mkt.getByPlaceholder('输入同事的用户名,发起会话');
  // An unknown username: the server's message, nothing opened.
  await start.fill('nobody');
  await start.press('Enter');
  await expect(mkt.getByText('用户不存在或已停用')).toBeVisible();
  await start.fill('mgr01');
  await start.press('Enter');
  await expect(mkt.getByTestId('chat-messages')).toContainText('还没有聊天记录');
  const box = mkt.getByRole('textbox', { name: /输入消息/ });
  await box.fill('下周的区域会议议程请看一下。');
  await box.press('Enter');
  await expect(mkt.getByTestId('chat-message')).toHaveCount(1);
  await expect(mgr.getByTestId('conversation-mkt01').getByTestId('unread')).toHaveAttribute('data-count', '1');
  await expect(badge(mgr)).toHaveAttribute('data-count', '1');
});

test('a failure to open the real-time channel is saved in local storage', async ({ browser }) => {
  const context = await browser.newContext();
  opened.push(context);
  // A network that refuses WebSockets (as some proxies do): the socket closes before STOMP's CONNECTED.
  await context.routeWebSocket(/\/API-BEACON\/ws\/stomp\/endpoint\/app$/, (ws) => {
    void ws.close({ code: 4000, reason: 'blocked' });
  });
  const page = await context.newPage();
  await page.goto('/#/login');
  await page.getByLabel('用户名', { exact: true }).fill('rep02');
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  const failure = () => page.evaluate(() => JSON.parse(localStorage.getItem('fp.realtime.failure') ?? 'null') as Record<string, unknown> | null);
  await expect.poll(failure).toMatchObject({ kind: 'websocket', reason: 'closed (4000)', attempts: 1 });
  const first = await failure();
  expect(first!.url).toMatch(/^ws:\/\/localhost:\d+\/API-BEACON\/ws\/stomp\/endpoint\/app$/);
  expect(Number.isNaN(Date.parse(String(first!.time)))).toBe(false);
  // It keeps trying every 5 s and counts the failures in a row.
  await expect.poll(failure, { timeout: 15_000 }).toMatchObject({ attempts: 2 });
});
