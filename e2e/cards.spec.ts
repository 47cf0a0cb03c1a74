import { expect, test, type Locator, type Page } from '@playwright/test';
import { mainMenu, png, signIn } from './support';

/** A real JPEG, drawn and encoded by the browser's canvas. */
async function jpeg(page: Page, colour: string): Promise<Buffer> {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 320, 180);
    gradient.addColorStop(0, fill);
    gradient.addColorStop(1, '#f8fafc');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 320, 180);
    return canvas.toDataURL('image/jpeg', 0.8).split(',')[1]!;
  }, colour);
  const bytes = Buffer.from(base64, 'base64');
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  return bytes;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** The first bytes of an MP4 (an ftyp box), enough for the server to know it. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\0\0isomiso2'), Buffer.alloc(64)]);

// ---- the editor ---------------------------------------------------------------------------

type CardType = 0 | 1 | 2 | 3 | 4;
const TEMPLATE_NAMES: Record<CardType, string> = { 0: '视频卡片', 1: '图文卡片', 2: '单图卡片', 3: '三图卡片', 4: '文字卡片' };

const form = (page: Page) => page.locator('.fp-card-editor-form');
const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);

async function cardId(page: Page): Promise<number> {
  const text = await page.getByTestId('card-id').textContent();
  const id = Number(/(\d+)/.exec(text ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

async function openEditor(page: Page, hashPath = '/card/newCard') {
  await page.goto(`/#${hashPath}`);
  await expect(page.getByTestId('card-id')).toHaveText(/\d+/);
}

async function choose(page: Page, label: string, option: string) {
  await form(page).getByLabel(label, { exact: true }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  await expect(form(page).locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: option }).first()).toBeVisible();
}

async function upload(page: Page, name: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await field(page, name).locator('input[type=file]').setInputFiles(file);
}

async function expectImageShown(page: Page, name: string) {
  await expect(field(page, name).locator('img')).toBeVisible();
  expect(await field(page, name).locator('img').getAttribute('src')).toMatch(/^blob:/);
}

interface CardFill {
  type: CardType;
  title: string;
  attachment?: { name: string; mimeType: string; buffer: Buffer };
}

/** Fills every field of a template with real uploads. */
async function fillCard(page: Page, card: CardFill) {
  await page.getByRole('radio', { name: TEMPLATE_NAMES[card.type] }).click();
  await expect(page.getByRole('radio', { name: TEMPLATE_NAMES[card.type] })).toHaveAttribute('aria-checked', 'true');
  await choose(page, '分类', '学习');
  await choose(page, 'BU', 'Neuro_ALL');
  await form(page).getByLabel('标题', { exact: true }).fill(card.title);
  await form(page)
    .getByLabel(card.type === 4 ? '正文' : '摘要', { exact: true })
    .fill(`${card.title}:适应症、用法与注意事项。`);
  await expect(form(page).getByLabel('作者', { exact: true })).toHaveValue('运营');

  await upload(page, 'imageUrl', { name: 'avatar.png', mimeType: 'image/png', buffer: png(64, 64, [29, 95, 209], [120, 190, 255]) });
  await expectImageShown(page, 'imageUrl');
  const images = card.type === 3 ? ['imageUrl1', 'imageUrl2', 'imageUrl3'] : card.type === 4 ? [] : ['imageUrl1'];
  const colours = ['#1d5fd1', '#0f9d58', '#f59e0b'];
  for (const [index, name] of images.entries()) {
    await upload(page, name, { name: `picture-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(page, colours[index]!) });
    await expectImageShown(page, name);
  }
  if (card.type === 4) await expect(form(page).getByLabel('创建时间')).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

  const linkLabel = card.type === 0 ? '视频链接' : '链接';
  const linkInput = form(page).getByRole('textbox', { name: linkLabel, exact: true });
  const linkBox = form(page).getByRole('checkbox', { name: linkLabel, exact: true });
  const attachmentBox = form(page).getByRole('checkbox', { name: card.type === 0 ? '视频附件' : '附件', exact: true });
  await expect(linkInput).toHaveValue('http://');
  if (card.attachment) {
    await upload(page, 'fileList', card.attachment);
    await expect(field(page, 'fileList').getByText(card.attachment.name)).toBeVisible();
    // having an attachment ticks attachment, which disables the link input
    await expect(attachmentBox).toBeChecked();
    await expect(linkInput).toBeDisabled();
  } else {
    await linkInput.fill('https://example.com/cards/learning');
    // a link longer than 7 characters ticks link, which disables the attachment upload
    await expect(linkBox).toBeChecked();
    await expect(field(page, 'fileList').getByRole('button', { name: /上传附件/ })).toBeDisabled();
  }
}

async function previewShows(page: Page, title: string) {
  await form(page)
    .getByRole('button', { name: /预\s*览/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '卡片预览' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  expect((await dialog.locator('.ant-modal-container, .ant-modal-content').first().boundingBox())?.width).toBeLessThanOrEqual(351);
  await dialog.getByRole('button', { name: /close|关闭/i }).click();
  await expect(dialog).toBeHidden();
}

async function create(page: Page): Promise<Locator> {
  await form(page).getByRole('button', { name: '创建卡片' }).click();
  const dialog = page.getByRole('dialog', { name: '提示' });
  await expect(dialog).toContainText('创建成功');
  return dialog;
}

async function expectEmptyForm(page: Page) {
  await expect(form(page).getByLabel('标题', { exact: true })).toHaveValue('');
  await expect(form(page).getByLabel('作者', { exact: true })).toHaveValue('运营');
  await expect(field(page, 'imageUrl').locator('img')).toHaveCount(0);
  await expect(
    form(page)
      .locator('.ant-select-content, .ant-select-selection-item')
      .filter({ hasText: /学习|Neuro_ALL/ }),
  ).toHaveCount(0);
}

// ---- journeys -------------------------------------------------------------------------------

test('a representative has no card menu and no card editor', async ({ page }) => {
  await signIn(page, 'rep01');
  await expect(mainMenu(page).getByRole('link', { name: '卡片', exact: true })).toHaveCount(0);
  await page.goto('/#/card/newCard');
  await expect(page).toHaveURL(/#\/404$/);
});

test('the operator creates a card of each of the five templates with real uploads, previewing each', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'operator');
  await mainMenu(page).getByRole('link', { name: '卡片', exact: true }).click();
  await page.getByRole('menuitem', { name: '新建卡片' }).click();
  await expect(page).toHaveURL(/#\/card\/newCard$/);
  await expect(page.getByTestId('card-id')).toHaveText(/\d+/);

  const cards: CardFill[] = [
    { type: 0, title: '新药视频介绍', attachment: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: MP4 } },
    { type: 1, title: '新药图文学习' },
    { type: 2, title: '单图拜访提示' },
    { type: 3, title: '三图会议回顾' },
    { type: 4, title: '文字考试通知', attachment: { name: '考试说明.pdf', mimeType: 'application/pdf', buffer: PDF } },
  ];
  const ids = new Set<number>();
  for (const card of cards) {
    const id = await cardId(page);
    ids.add(id);
    await fillCard(page, card);
    await previewShows(page, card.title);
    const dialog = await create(page);
    // edit another: an empty form under a new id
    await dialog.getByRole('button', { name: '再编辑一个' }).click();
    await expect(dialog).toBeHidden();
    await expectEmptyForm(page);
    await expect.poll(() => cardId(page)).not.toBe(id);
  }
  expect(ids.size).toBe(5);
});

test('create and preview refuse an incomplete card and name what is missing', async ({ page }) => {
  await signIn(page, 'operator');
  await openEditor(page);
  await page.getByRole('radio', { name: '三图卡片' }).click();
  await form(page).getByLabel('标题', { exact: true }).fill('不完整的卡片');

  await form(page)
    .getByRole('button', { name: /预\s*览/ })
    .click();
  await expect(page.getByText('预览失败,请检查未填写的内容')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '卡片预览' })).toHaveCount(0);

  await form(page).getByRole('button', { name: '创建卡片' }).click();
  await expect(page.getByText('创建卡片失败,请检查未填写的内容')).toBeVisible();
  for (const text of ['分类 不能为空', 'BU 不能为空', '摘要 不能为空', '图片 1 不能为空', '图片 2 不能为空', '图片 3 不能为空', '链接或附件 不能为空']) {
    await expect(form(page).getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('dialog', { name: '提示' })).toHaveCount(0);
  // filling a field drops its problem; a language switch re-words the others
  await choose(page, '分类', '考试');
  await expect(form(page).getByText('分类 不能为空', { exact: true })).toHaveCount(0);
  await page.getByText('English', { exact: true }).click();
  await expect(form(page).getByText('BU is required', { exact: true })).toBeVisible();
  await page.getByText('中文', { exact: true }).click();
  await expect(form(page).getByText('BU 不能为空', { exact: true })).toBeVisible();

  // the title is checked on blur
  await form(page).getByLabel('标题', { exact: true }).fill('');
  await form(page).getByLabel('标题', { exact: true }).blur();
  await expect(form(page).getByText('请输入标题名称', { exact: true })).toBeVisible();
});

test('ticking link or attachment unticks the other; unticking resets the link', async ({ page }) => {
  await signIn(page, 'operator');
  await openEditor(page);
  const link = form(page).getByRole('textbox', { name: '视频链接', exact: true });
  const linkBox = form(page).getByRole('checkbox', { name: '视频链接', exact: true });
  const attachmentBox = form(page).getByRole('checkbox', { name: '视频附件', exact: true });

  await link.fill('https://example.com/v');
  await expect(linkBox).toBeChecked();
  await attachmentBox.check();
  await expect(linkBox).not.toBeChecked();
  await expect(link).toHaveValue('http://');
  await expect(link).toBeDisabled();

  await upload(page, 'fileList', { name: 'clip.mp4', mimeType: 'video/mp4', buffer: MP4 });
  await expect(field(page, 'fileList').getByText('clip.mp4')).toBeVisible();
  const deleted = page.waitForResponse((r) => r.url().includes('/IdataCardInfo/deleteCardFile') && r.status() === 200);
  await linkBox.check();
  await deleted;
  await expect(attachmentBox).not.toBeChecked();
  await expect(field(page, 'fileList').getByText('clip.mp4')).toHaveCount(0);
  await expect(field(page, 'fileList').getByRole('button', { name: /上传附件/ })).toBeDisabled();
  await linkBox.uncheck();
  await expect(link).toHaveValue('http://');
  await expect(link).toBeEnabled();
});

test("the BU choices are the operator's own, kept in session storage, and a form in progress survives a tab switch", async ({ page }) => {
  await signIn(page, 'operator');
  await openEditor(page);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('bu'))).toBe('D&A_All,Neuro_ALL,PC_All,IM_IBD');
  await form(page).getByLabel('BU', { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['D&A_All', 'Neuro_ALL', 'PC_All', 'IM_IBD']);
  await page.keyboard.press('Escape');

  const id = await cardId(page);
  await page.getByRole('radio', { name: '图文卡片' }).click();
  await form(page).getByLabel('标题', { exact: true }).fill('切换标签页前的标题');
  await page.getByTestId('tag-bar').locator('[data-tag-path="/dashboard"]').click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await page.getByTestId('tag-bar').locator('[data-tag-path="/card/newCard"]').click();
  await expect(form(page).getByLabel('标题', { exact: true })).toHaveValue('切换标签页前的标题');
  await expect(page.getByRole('radio', { name: '图文卡片' })).toHaveAttribute('aria-checked', 'true');
  expect(await cardId(page)).toBe(id);
});

test('a saved draft reopens under its own id from the edit route and is then created', async ({ page }) => {
  await signIn(page, 'operator');
  await openEditor(page);
  const draftId = await cardId(page);
  await page.getByRole('radio', { name: '单图卡片' }).click();
  await form(page).getByLabel('标题', { exact: true }).fill('未完成的草稿');
  await choose(page, '分类', '拜访');

  // a draft needs no required field
  await form(page).getByRole('button', { name: '保存草稿' }).click();
  const dialog = page.getByRole('dialog', { name: '提示' });
  await expect(dialog).toContainText('草稿已保存');
  await dialog.getByRole('button', { name: '关闭' }).click();
  // the dialog is gone (its closing animation included) before the page moves to another route
  await expect(dialog).toHaveCount(0);
  await expectEmptyForm(page);

  await openEditor(page, `/card/edit?id=${draftId}&cardStatus=draft&appId=100117&timer=${Date.now()}`);
  await expect(page.getByText('编辑草稿', { exact: true })).toBeVisible();
  await expect.poll(() => cardId(page)).toBe(draftId);
  await expect(page.getByRole('radio', { name: '单图卡片' })).toHaveAttribute('aria-checked', 'true');
  await expect(form(page).getByLabel('标题', { exact: true })).toHaveValue('未完成的草稿');
  await expect(form(page).locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: '拜访' }).first()).toBeVisible();

  await fillCard(page, { type: 2, title: '完成的草稿' });
  const created = page.waitForResponse((r) => r.url().includes('/IdataCardInfo/updateCard'));
  const success = await create(page);
  const body = (await (await created).json()) as { data: { id: number; status: string } };
  expect(body.data).toMatchObject({ id: draftId, status: 'created' });
  // go push now: the push screen with appId 100117
  await success.getByRole('button', { name: '立即推送' }).click();
  await expect(page).toHaveURL(/#\/recommend\/newRecommend\?appId=100117$/);
});

test('opening a created card copies its content into a form under a new id', async ({ page }) => {
  await signIn(page, 'operator');
  await openEditor(page);
  const originalId = await cardId(page);
  await fillCard(page, { type: 3, title: '可复制的卡片' });
  await (await create(page)).getByRole('button', { name: '关闭' }).click();

  await openEditor(page, `/card/edit?id=${originalId}&cardStatus=created&appId=100117&timer=${Date.now()}`);
  await expect(page.getByText(`复制自卡片 ${originalId},将保存为新卡片`)).toBeVisible();
  const copyId = await cardId(page);
  expect(copyId).not.toBe(originalId);
  await expect(page.getByRole('radio', { name: '三图卡片' })).toHaveAttribute('aria-checked', 'true');
  await expect(form(page).getByLabel('标题', { exact: true })).toHaveValue('可复制的卡片');
  for (const name of ['imageUrl', 'imageUrl1', 'imageUrl2', 'imageUrl3']) await expectImageShown(page, name);
  await expect(form(page).getByRole('textbox', { name: '链接', exact: true })).toHaveValue('https://example.com/cards/learning');

  await form(page).getByLabel('标题', { exact: true }).fill('复制后的卡片');
  const created = page.waitForResponse((r) => r.url().includes('/IdataCardInfo/updateCard'));
  await create(page);
  expect(((await (await created).json()) as { data: { id: number } }).data.id).toBe(copyId);
});
