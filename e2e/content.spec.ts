import { expect, test } from '@playwright/test';
import { apiToken, mainMenu, signIn } from './support';

const title = `合规拜访新规 ${Date.now() % 100000}`;

test('an operator publishes an article, a representative reads it and the read is counted', async ({ browser, request }) => {
  // The operator writes and publishes it in the content centre.
  const operator = await browser.newPage();
  await signIn(operator, 'operator');
  await operator.goto('/#/contentCenter/contentCenterIndex');
  await operator.getByRole('tab', { name: '文章管理' }).click();
  await operator.getByRole('button', { name: /新建文章/ }).click();
  const dialog = operator.getByRole('dialog', { name: '新建文章' });
  await dialog.getByLabel('标题').fill(title);
  await dialog.getByLabel('摘要').fill('拜访前请阅读');
  await dialog.getByRole('radio', { name: '外部来源' }).check();
  await dialog.getByLabel('来源名称').fill('医药经济报');
  await dialog.getByLabel('来源链接').fill('https://example.org/rules');
  const body = dialog.getByRole('textbox', { name: '正文' });
  await body.click();
  await body.pressSequentially('每次拜访都要如实记录。');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  const row = operator.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('已发布');
  await expect(row).toContainText('0 次 / 0 人');

  // The representative finds it unread in the list and opens it: the compliance notice shows.
  const rep = await browser.newPage();
  await signIn(rep, 'rep01');
  await expect(mainMenu(rep)).toBeVisible();
  await rep.goto('/#/contentCenter/contentCenterIndex');
  const item = rep.locator('.fp-article-item', { hasText: title });
  await expect(item.getByTitle('未读')).toBeVisible();
  await item.getByRole('link', { name: title }).click();
  await expect(rep).toHaveURL(/ccArticleDetail\?id=\d+/);
  await expect(rep.getByRole('heading', { name: title })).toBeVisible();
  await expect(rep.getByRole('note')).toContainText('仅供内部使用');
  await expect(rep.getByText('每次拜访都要如实记录。')).toBeVisible();
  await expect(rep.getByTestId('my-reads')).toContainText('您已阅读 1 次');
  await expect(rep.getByTestId('article-reads')).toContainText('阅读 1 次 · 1 人');

  // The operator sees the read counted, with the reader.
  await operator.reload();
  await operator.getByRole('tab', { name: '文章管理' }).click();
  const counted = operator.getByRole('row', { name: new RegExp(title) });
  await expect(counted).toContainText('1 次 / 1 人');
  await counted.getByRole('button', { name: '1 次 / 1 人' }).click();
  await expect(operator.getByRole('dialog').getByRole('cell', { name: /代表1 \(rep01\)/ })).toBeVisible();

  // The same read through the API, to be sure the figure is the database's.
  const token = await apiToken(request, 'operator');
  const list = await request.get('/API-PROVIDER-MANAGER/contentCenter/articleManageList', {
    headers: { authorization: `Bearer ${token}` },
    params: { keyword: title },
  });
  const found = ((await list.json()) as { result: { list: { readCount: number; readerCount: number }[] } }).result.list[0];
  expect(found).toMatchObject({ readCount: 1, readerCount: 1 });
});
