import { expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * Smart suggestions (issue 17, doctorIntelligenceAdvice): a representative opens 智能建议, is
 * asked to choose a category (the section-5 rule), chooses one, reads a suggestion's reasons and
 * marks it done; it leaves the list.
 */
test('a representative acts on a suggestion and it leaves the list', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'rep03');
  await page.goto('/#/doctor/doctorIntelligenceAdvice');
  await page.getByRole('button', { name: /^查\s?询$/ }).click();
  await expect(page.getByText('请选择智能建议类别')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: '建议类别' }).click();
  await page.getByTitle('重点 KOL').click();
  const first = page.getByTestId('suggestion').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('请选择智能建议类别')).toHaveCount(0);
  await expect(first.getByTestId('suggestion-reasons')).toContainText('KOL 评分');
  await expect(first.getByTestId('suggestion-priority')).toContainText('优先级');
  // How the priority was computed opens on the keyboard's focus too, and is the figure's description
  const priority = first.getByTestId('suggestion-priority');
  await priority.focus();
  const how = page.getByRole('tooltip').filter({ hasText: 'Σ =' });
  await expect(how).toBeVisible();
  await expect(priority).toHaveAttribute('aria-describedby', (await how.getAttribute('id')) ?? 'missing');
  await priority.blur();
  await expect(how).toBeHidden();
  const href = await first.locator('a').first().getAttribute('href');
  expect(href).toContain('/doctor/doctorFullViewDetail/');
  await first.getByRole('button', { name: '已完成' }).click();
  await expect(page.getByText('已标记为完成')).toBeVisible();
  await expect(page.locator(`[data-testid="suggestion"] a[href="${href}"]`)).toHaveCount(0);
});

test('a rising KOL score is a reason, with both scores and the date', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'rep01');
  await page.goto('/#/doctor/doctorIntelligenceAdvice');
  await page.getByRole('combobox', { name: '建议类别' }).click();
  await page.getByTitle('重点 KOL').click();
  await expect(page.getByTestId('suggestion').first()).toBeVisible({ timeout: 30_000 });
  await expect(
    page
      .getByTestId('suggestion-reasons')
      .filter({ hasText: /KOL 评分自 \d{4}-\d{2}-\d{2} 起 [\d.]+ → [\d.]+/ })
      .first(),
  ).toBeVisible();
});
