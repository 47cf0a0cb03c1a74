import { expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * The whole-area map of the academic network (issue 17): a medical science liaison opens the
 * academic network (the area map, docs/decisions/0043), sees sigma.js draw every scored doctor of the
 * indication in their scope (WebGL: SwiftShader in this headless Chromium), hovers the most
 * central doctor to read the name, and clicks them to land on their 360 view.
 */
test('the whole-area map draws the network and a node opens the 360 view', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'msl01');
  await page.goto('/#/doctor/doctorAcademicNetwork');
  const map = page.locator('[data-testid="area-map"][data-rendered="true"]');
  await expect(map).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('area-summary')).toContainText('位医生');
  expect(Number(await map.getAttribute('data-nodes'))).toBeGreaterThan(100);
  await expect(page.getByText('此浏览器不支持 WebGL')).toHaveCount(0);

  const position = { x: Number(await map.getAttribute('data-focus-x')), y: Number(await map.getAttribute('data-focus-y')) };
  await map.hover({ position });
  const hovered = page.getByTestId('area-hovered');
  await expect(hovered).toContainText(' · ');
  const name = ((await hovered.textContent()) ?? '').split(' · ')[0]!;
  expect(name.length).toBeGreaterThan(0);

  await map.click({ position });
  await expect(page).toHaveURL(/doctorFullViewDetail\/\d+\//, { timeout: 30_000 });
  await expect(page.getByTestId('doctor-360')).toContainText(name, { timeout: 30_000 });
});
