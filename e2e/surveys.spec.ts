import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, signIn } from './support';

const P = '/API-PROVIDER-MANAGER/survey';

async function answerByApi(request: APIRequestContext, username: string, surveyId: number, answers: object) {
  const res = await request.post(`${P}/submitAnswer`, {
    headers: { authorization: `Bearer ${await apiToken(request, username)}` },
    data: { surveyId, answers },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a survey is built, answered by five users, and its results chart shows', async ({ browser, request }) => {
  const title = `会议形式调查 ${Date.now() % 100000}`;
  const author = await browser.newPage();
  await signIn(author, 'mkt01');
  await author.goto('/#/surveyList/index');
  await author.getByRole('tab', { name: '我的问卷' }).click();
  await author.getByRole('button', { name: /新建问卷/ }).click();
  const builder = author.getByRole('dialog', { name: '新建问卷' });
  await builder.getByLabel('标题', { exact: true }).fill(title);
  await builder.getByRole('button', { name: /添加问题/ }).hover();
  await author.getByRole('menuitem', { name: '单选' }).click();
  await builder.getByLabel('问题 1', { exact: true }).fill('您更喜欢哪种会议形式?');
  await builder.getByLabel('选项 1.1').fill('线上');
  await builder.getByLabel('选项 1.2').fill('线下');
  await builder.getByRole('button', { name: /添加问题/ }).hover();
  await author.getByRole('menuitem', { name: '评分' }).click();
  await builder.getByLabel('问题 2', { exact: true }).fill('满意度');
  await builder.getByRole('button', { name: /保存草稿/ }).click();
  await expect(builder).toBeHidden();
  const row = author.getByRole('row', { name: new RegExp(title) });
  await row.getByRole('button', { name: /发\s*布/ }).click();
  await author
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(row).toContainText('进行中');

  // rep01 answers through the page; four more answer through the API.
  const rep = await browser.newPage();
  await signIn(rep, 'rep01');
  await rep.goto('/#/surveyList/index');
  await rep
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: /去回答/ })
    .click();
  await expect(rep).toHaveURL(/surveyQuesDetail\?id=(\d+)/);
  const surveyId = Number(/id=(\d+)/.exec(rep.url())![1]);
  await rep.getByRole('radio', { name: '线上' }).check();
  await rep.getByRole('radio', { name: '4 stars' }).or(rep.getByRole('radio').nth(5)).first().click();
  await rep.getByRole('button', { name: /提\s*交/ }).click();
  await expect(rep.getByText('感谢您的回答')).toBeVisible();
  const schema = (
    (await (
      await request.get(`${P}/surveyDetail`, { headers: { authorization: `Bearer ${await apiToken(request, 'mkt01')}` }, params: { id: surveyId } })
    ).json()) as {
      result: { schema: { questions: { id: string; options?: { id: string }[] }[] } };
    }
  ).result.schema;
  const [single, rating] = schema.questions;
  for (const [i, user] of ['rep02', 'rep03', 'rep04', 'rep05'].entries()) {
    await answerByApi(request, user, surveyId, { [single!.id]: single!.options![i % 2]!.id, [rating!.id]: 5 });
  }

  await author.reload();
  await author.getByRole('tab', { name: '我的问卷' }).click();
  const published = author.getByRole('row', { name: new RegExp(title) });
  await expect(published).toContainText('5');
  await published.getByRole('button', { name: /结\s*果/ }).click();
  const results = author.getByTestId('survey-results');
  await expect(results.getByText('5 人作答').first()).toBeVisible();
  await expect(results.getByTestId('bar-chart').first()).toBeVisible();
  await expect(results.getByTestId('bar-chart').first().locator('svg')).toBeVisible();
});

test('anonymous results stay hidden at four answers and show at five', async ({ browser, request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, 'mkt01')}` };
  const now = Date.now();
  const saved = await request.post(`${P}/saveSurvey`, {
    headers,
    data: {
      title: `匿名调查 ${now % 100000}`,
      anonymous: true,
      startTime: new Date(now - 3_600_000).toISOString(),
      endTime: new Date(now + 86_400_000).toISOString(),
      schema: { questions: [{ id: 'q1', type: 'rating', title: '匿名评分', required: true, max: 5 }] },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const survey = ((await saved.json()) as { result: { id: number; title: string } }).result;
  expect((await request.post(`${P}/surveyStatus`, { headers, data: { id: survey.id, status: 'published' } })).status()).toBe(200);
  for (const user of ['rep01', 'rep02', 'rep03', 'rep04']) await answerByApi(request, user, survey.id, { q1: 4 });

  const author = await browser.newPage();
  await signIn(author, 'mkt01');
  await author.goto('/#/surveyList/index');
  await author.getByRole('tab', { name: '我的问卷' }).click();
  await author
    .getByRole('row', { name: new RegExp(survey.title) })
    .getByRole('button', { name: /结\s*果/ })
    .click();
  await expect(author.getByTestId('results-hidden')).toContainText('至少 5 人回答后显示');
  await expect(author.getByTestId('survey-results').getByTestId('bar-chart')).toHaveCount(0);
  await author.keyboard.press('Escape');

  await answerByApi(request, 'rep05', survey.id, { q1: 5 });
  await author.reload();
  await author.getByRole('tab', { name: '我的问卷' }).click();
  await author
    .getByRole('row', { name: new RegExp(survey.title) })
    .getByRole('button', { name: /结\s*果/ })
    .click();
  await expect(author.getByTestId('results-hidden')).toHaveCount(0);
  await expect(author.getByTestId('survey-results').getByTestId('bar-chart')).toBeVisible();
});
