import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiToken, signIn } from './support';

/**
 * Doctors and hospitals (issue 14): a representative finds doctors by province, department and
 * title, opens one, tags five filtered doctors at once and sends a correction that the
 * administrator accepts; a user limited to two hospitals cannot open a doctor outside them.
 * The demo seed limits rep01 to 上海市 and 浙江省 and rep02 to two hospitals in Beijing.
 */

const scopeCount = (page: Page) => page.getByTestId('scope-count');
const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');

async function pickCascader(page: Page, label: string, path: string[]) {
  await page.getByRole('combobox', { name: label }).click();
  for (const name of path) {
    await page
      .locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${name}$`) })
      .last()
      .click();
  }
  await page.keyboard.press('Escape');
}

async function pickSelect(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page
    .locator('.ant-select-item-option', { hasText: new RegExp(`^${option}$`) })
    .last()
    .click();
  await page.keyboard.press('Escape');
}

/** The count line's first figure (matched), once the list for the filters as they now stand has answered. */
async function matched(count: Locator): Promise<string> {
  await expect(count).toHaveAttribute('aria-busy', 'false');
  await expect(count).toContainText('符合条件');
  return (await count.textContent()) ?? '';
}

test('a representative filters doctors, opens one, tags five at once and sends a correction the administrator accepts', async ({ browser }) => {
  // two people and a dozen screens: more than the default minute on a loaded machine
  test.setTimeout(180_000);
  const rep = await browser.newPage();
  await signIn(rep, 'rep01');
  await rep.goto('/#/customer/totaldoctor');
  // Nothing narrows the list yet: the count says the scope once.
  await expect(scopeCount(rep)).toHaveAttribute('aria-busy', 'false');
  await expect(scopeCount(rep)).toHaveText(/^您的数据范围内共 [\d,]+\+? 位医生$/);
  const before = (await scopeCount(rep).textContent()) ?? '';

  await pickCascader(rep, '省 / 市 / 区县', ['浙江省']);
  await pickCascader(rep, '科室', ['内科']);
  await pickSelect(rep, '职称', '主任医师');
  const chips = rep.getByLabel('已选筛选条件');
  await expect(chips).toContainText('省 / 市 / 区县: 浙江省');
  await expect(chips).toContainText('科室: 内科');
  await expect(chips).toContainText('职称: 主任医师');
  await expect(scopeCount(rep)).not.toHaveText(before);
  await expect(rows(rep).first()).toBeVisible();
  await expect(rows(rep).first()).toContainText('主任医师');

  // five of the filtered doctors, tagged at once with a new personal tag
  const tagName = `E2E重点${Date.now() % 100000}`;
  for (let i = 0; i < 5; i += 1) await rows(rep).nth(i).locator('.ant-checkbox-input').check();
  await rep.getByRole('button', { name: '为所选打标签(5)' }).click();
  const tagDialog = rep.getByRole('dialog', { name: '打标签' });
  await tagDialog.getByText('新建标签', { exact: true }).click();
  await tagDialog.getByLabel('标签名称').fill(tagName);
  await tagDialog.getByText('个人标签', { exact: true }).click();
  await tagDialog.getByRole('button', { name: /打\s*标\s*签/ }).click();
  await expect(rep.locator('.ant-message')).toContainText('已为 5 位医生打上标签');
  await expect(rows(rep).first()).toContainText(tagName);

  // open the first tagged doctor
  const first = rows(rep).filter({ hasText: tagName }).first();
  const name = (await first.locator('a').first().textContent()) ?? '';
  await first.getByRole('link', { name }).click();
  await expect(rep.getByRole('heading', { name })).toBeVisible();
  await expect(rep.getByText(tagName)).toBeVisible();
  await expect(rep.getByTestId('business-record')).toBeVisible();
  const doctorUrl = rep.url();

  // the correction: empty content is refused with the spec's message, then sent
  await rep.getByRole('button', { name: '纠错' }).click();
  const form = rep.getByRole('dialog', { name: `纠正 ${name} 的信息` });
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(form).toContainText('纠正内容不能为空');
  const note = `该医生的职称有误(${tagName})`;
  await form.getByLabel('纠正内容').fill(note);
  // the title list offers every title but the doctor's own: the first one is the proposed title
  await form.getByRole('combobox', { name: '正确的职称' }).click();
  const option = rep.locator('.ant-select-item-option').first();
  const newTitle = ((await option.textContent()) ?? '').trim();
  await option.click();
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(rep.getByTestId('pending-correction')).toBeVisible();
  await expect(rep.getByRole('button', { name: /通\s*过/ })).toHaveCount(0);

  // the administrator accepts it
  const admin = await browser.newPage();
  await signIn(admin, 'admin', { landsOnDashboard: false });
  await admin.goto(doctorUrl);
  const pending = admin.getByRole('alert').filter({ hasText: note });
  await expect(pending).toContainText(`建议更正:职称 → ${newTitle}`);
  await pending.getByRole('button', { name: /通\s*过/ }).click();
  await expect(admin.locator('.ant-message')).toContainText('已通过该纠错');
  await expect(pending).toHaveCount(0);

  await rep.reload();
  await expect(rep.getByRole('heading', { name })).toBeVisible();
  // the accepted correction's proposed title is the doctor's title now
  await expect(rep.locator('.fp-cust-doctor-title .ant-tag').first()).toHaveText(newTitle);
});

test('a user limited to two hospitals cannot open a doctor outside them', async ({ browser, request }) => {
  // a doctor in 上海市 (310000), found through the administrator's own list call
  const token = await apiToken(request, 'admin');
  const res = await request.get('/API-SALEA/doctorInfo/v3/getDoctorList', {
    headers: { authorization: `Bearer ${token}` },
    params: { doctorRange: 'internal', provinceCodes: '310000', size: 1 },
  });
  expect(res.status(), await res.text()).toBe(200);
  const outside = ((await res.json()) as { result: { content: { id: number; name: string }[] } }).result.content[0]!;

  const page = await browser.newPage();
  await signIn(page, 'rep02');
  await page.goto('/#/customer/totaldoctor');
  await expect(scopeCount(page)).toContainText('您的数据范围内共');
  await expect(rows(page).filter({ hasText: '上海' })).toHaveCount(0);

  await page.goto(`/#/customer/businessRecord/${outside.id}/${encodeURIComponent(outside.name)}`);
  await expect(page.getByText('您没有该医生的全景视图权限')).toBeVisible();
  await expect(page.getByText('该记录不存在,或不在您的数据范围内。')).toBeVisible();
  await expect(page.getByRole('heading', { name: outside.name })).toHaveCount(0);
});

test('opened cold, the doctor list asks for its first page once and shows it', async ({ page, context }) => {
  await signIn(page, 'rep01');
  // A second tab of the same session, opened straight on the list: the page's first data is asked
  // for with its code, and its first render takes it from there instead of asking again.
  const cold = await context.newPage();
  const listCalls: string[] = [];
  const shellCalls: string[] = [];
  cold.on('request', (request) => {
    if (request.url().includes('/doctorInfo/v3/getDoctorList')) listCalls.push(request.url());
    if (request.url().includes('/message/unread/count')) shellCalls.push(request.url());
  });
  await cold.goto('/#/customer/totaldoctor');
  await expect(rows(cold).first()).toBeVisible();
  await expect(scopeCount(cold)).toHaveAttribute('aria-busy', 'false');
  await expect.poll(() => shellCalls.length).toBeGreaterThan(0);
  expect(listCalls).toHaveLength(1);
  await cold.close();
});

test('a representative exports the filtered doctors through the download centre and gets the same doctors', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'rep01');
  await page.goto('/#/customer/totaldoctor');
  await pickCascader(page, '省 / 市 / 区县', ['浙江省']);
  await pickSelect(page, '职称', '主任医师');
  await expect(page.getByLabel('已选筛选条件')).toContainText('职称: 主任医师');
  const count = await matched(scopeCount(page));
  const listed = Number(/符合条件\s*([\d,]+)/.exec(count)![1]!.replace(/,/g, ''));
  expect(listed).toBeGreaterThan(0);

  await page.getByRole('button', { name: '导出 Excel' }).click();
  await page.getByText('打开下载中心').click();
  const job = page.locator('.fp-download-centre .ant-table-tbody tr.ant-table-row').first();
  await expect(job).toContainText('医生');
  const status = job.getByRole('cell').nth(1);
  await expect(status).toHaveText('已完成');
  const download = page.waitForEvent('download');
  await job.getByRole('button', { name: /下\s*载/ }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await (await download).path());
  // one status in the cell: downloaded, no longer "finished" beside it
  await expect(status).toHaveText('已下载');
  const sheet = book.worksheets[0]!;
  expect(sheet.rowCount).toBe(listed + 1);
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    expect(String(sheet.getRow(r).getCell(5).value)).toBe('浙江省');
  }
});

test('a representative keeps a personal tag: creates, renames and deletes it, and opens the doctors of a shared one', async ({ page }) => {
  const name = `随访名单${Date.now() % 100000}`;
  const renamed = `${name}-重点`;
  await signIn(page, 'rep01');
  await page.goto('/#/customer/doctorLabel');
  await expect(page.getByText('选择一个标签,查看带有该标签的医生')).toBeVisible();
  const personal = page.locator('.fp-cust-tag-list').filter({ hasText: '个人标签' });
  const shared = page.locator('.fp-cust-tag-list').filter({ hasText: '共享标签' });

  await page.getByRole('button', { name: /新建标签/ }).click();
  const create = page.getByRole('dialog', { name: '新建标签' });
  await create.getByLabel('标签名称').fill(name);
  await create.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('标签已保存')).toBeVisible();
  const item = personal.locator('.fp-cust-tag-item', { hasText: name });
  await expect(item).toHaveText(`${name}0`);

  await page.getByRole('button', { name: `重命名标签 ${name}` }).click();
  const rename = page.getByRole('dialog', { name: '重命名标签' });
  await expect(rename.getByLabel('标签名称')).toHaveValue(name);
  await rename.getByLabel('标签名称').fill(renamed);
  await rename.getByRole('button', { name: /确\s*定/ }).click();
  await expect(personal.locator('.fp-cust-tag-name', { hasText: renamed })).toBeVisible();
  await expect(personal.locator('.fp-cust-tag-name').filter({ hasText: new RegExp(`^${name}$`) })).toHaveCount(0);

  await shared.locator('.fp-cust-tag-item', { hasText: 'KOL' }).first().click();
  await expect(page.getByText('选择一个标签,查看带有该标签的医生')).toHaveCount(0);
  expect(await matched(scopeCount(page))).toMatch(/符合条件/);
  await expect(rows(page).first()).toBeVisible();

  await page.getByRole('button', { name: `删除标签 ${renamed}` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(personal.locator('.fp-cust-tag-name', { hasText: renamed })).toHaveCount(0);
});

/**
 * What of a list's columns is out of view or cut (docs/decisions/0057): a column header outside the
 * table's box (behind a sideways scroll), the sideways scroll bar itself, and a header or cell whose
 * text is cut other than by an ellipsis with the whole text in a title.
 */
const unreadableColumns = (table: Locator) =>
  table.evaluate((el) => {
    const found: string[] = [];
    const shown = (e: Element) => e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && e.getBoundingClientRect().width > 0;
    const box = el.querySelector('.ant-table-container')!.getBoundingClientRect();
    for (const th of Array.from(el.querySelectorAll('.ant-table-thead th'))) {
      const r = th.getBoundingClientRect();
      if (th.textContent?.trim() && (r.left < box.left - 1 || r.right > box.right + 1)) found.push(`out of view: "${th.textContent.trim()}"`);
    }
    const bar = el.querySelector('.ant-table-tbody-virtual-scrollbar-horizontal');
    if (bar && shown(bar)) found.push('a sideways scroll bar');
    for (const cell of Array.from(el.querySelectorAll('.ant-table-thead th, .ant-table-tbody-virtual .ant-table-cell'))) {
      if (!shown(cell)) continue;
      for (const part of [cell, ...Array.from(cell.querySelectorAll('*'))]) {
        if (part.scrollWidth <= part.clientWidth + 1) continue;
        const style = getComputedStyle(part);
        if (style.overflowX === 'visible' || part.closest('.ant-switch')) continue;
        if (style.textOverflow === 'ellipsis' && part.closest('[title]')?.getAttribute('title')) continue;
        found.push(`cut: "${(part.textContent ?? '').trim().slice(0, 40)}"`);
        break;
      }
    }
    return [...new Set(found)];
  });

test('at 1366 px with both menus open, the doctor and hospital lists and the tags page show every column whole, in Chinese and in English', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await signIn(page, 'rep01');
  const problems: string[] = [];
  for (const language of ['中文', 'English']) {
    if (language === 'English') {
      await page.goto('/#/dashboard');
      await page.getByText('English', { exact: true }).click();
      await expect(page.locator('.fp-topbar-title')).toHaveText('Home');
    }
    for (const path of ['/customer/totaldoctor', '/customer/doctorTeamManager', '/customer/totalHospital', '/customer/doctorLabel']) {
      await page.goto(`/#${path}`);
      // the area's own menu is open beside the main menu
      await expect(page.locator('aside.fp-secondary')).toBeVisible();
      if (path === '/customer/doctorLabel') {
        // the tags page: a shared tag picked by the keyboard, its doctors beside or below the tags
        const tag = page.locator('.fp-cust-tag-list').nth(1).locator('.fp-cust-tag-name').first();
        await tag.focus();
        await page.keyboard.press('Enter');
        await expect(tag).toHaveAttribute('aria-pressed', 'true');
      }
      await expect(rows(page).first()).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      for (const text of await unreadableColumns(page.locator('.fp-cust-screen .ant-table').last())) problems.push(`${language} ${path}: ${text}`);
    }
  }
  expect(problems).toEqual([]);
});
