import { areaHeading } from '../fixtures/area-heading.js';
import { expect, test } from '../fixtures/stack.js';
import { freshStack } from '../fixtures/stack.js';
import { signInWithoutApi } from '../fixtures/session.js';
import { EXPECTS_CSP_REFUSAL } from '../fixtures/csp-guard.js';

test('the royalty splits announcement shows once to an eligible user and closes on Escape or outside click', async ({
  page,
}) => {
  // The spec's dates are long past; an installation can move the window, which is what this test does.
  const stack = await freshStack({
    shellConfig: { announcement: { usersCreatedBefore: '2026-06-01', hiddenAfter: '2099-12-31' } },
  });
  try {
    await signInWithoutApi(page.context(), stack.shellUrl);
    await page.goto(`${stack.shellUrl}/artists`);
    const modal = page.getByRole('dialog', { name: 'Introducing royalty splits' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('at no extra cost to your contributors');
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/announcement.png` });
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await page.reload();
    await expect(areaHeading(page, 'Artists')).toBeVisible();
    await expect(modal).toHaveCount(0);

    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await expect(modal).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(modal).toBeHidden();
    // The dialog hides at once; its close event, which records it as seen, is a task queued after that.
    await expect
      .poll(() =>
        page.evaluate(() => window.localStorage.getItem('tunehouse:announcement:royalty-splits:seen')),
      )
      .toBe('true');

    // Its second action goes to the splits area.
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await modal.getByRole('button', { name: 'Set up a split' }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/splits$/);
  } finally {
    await stack.close();
  }
});

test('with the spec default dates nobody sees the announcement today', async ({ page, stack }) => {
  await signInWithoutApi(page.context(), stack.shellUrl);
  await page.goto(`${stack.shellUrl}/artists`);
  await expect(areaHeading(page, 'Artists')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('page title, description and og tags follow the page; the default title without one', async ({
  page,
  stack,
}) => {
  await page.goto(stack.shellUrl);
  await expect(page).toHaveTitle('Release your music with Tunehouse');
  await page.goto(`${stack.shellUrl}/auth/forgot`);
  await expect(page).toHaveTitle('Forgot your password — Tunehouse');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    'Forgot your password — Tunehouse',
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /uploading music to streaming/,
  );
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /uploading music/);
});

test('the user menu offers Account and Logout and closes on Escape and outside clicks', async ({
  page,
  stack,
}) => {
  await signInWithoutApi(page.context(), stack.shellUrl, { firstName: 'Mara', lastName: 'Lindqvist' });
  await page.goto(`${stack.shellUrl}/artists`);
  const trigger = page.getByRole('banner').getByRole('button', { name: 'Mara Lindqvist' });
  await trigger.click();
  const menu = page.getByRole('menu', { name: 'Account menu' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Account', 'Logout']);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await trigger.click();
  await page.getByRole('heading', { level: 1, name: 'Artists' }).click();
  await expect(menu).toBeHidden();
  await trigger.click();
  await menu.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(`${stack.shellUrl}/account`);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Support' })).toHaveAttribute(
    'href',
    'mailto:support@tunehouse.local',
  );
});

test('the shell is served with a strict policy: scripts only from itself and its areas, never framed, never stale', async ({
  page,
  stack,
}) => {
  for (const path of ['/', '/albums', '/index.html']) {
    const response = await page.request.get(`${stack.shellUrl}${path}`, { headers: { accept: 'text/html' } });
    const headers = response.headers();
    expect(headers['cache-control'], path).toBe('no-cache');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const policy = headers['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    const scripts = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    expect(scripts).not.toContain('unsafe-inline');
    expect(scripts).not.toContain('unsafe-eval');
    for (const url of Object.values(stack.areaUrls)) expect(scripts).toContain(url);
  }

  test.info().annotations.push({ type: EXPECTS_CSP_REFUSAL });
  // A page of another origin (here a blank one, under no policy of its own) that frames the shell gets nothing.
  const refusedFrame = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
  await page.setContent(`<iframe src="${stack.shellUrl}/auth/login" title="framed"></iframe>`);
  await refusedFrame;
  await expect(page.frameLocator('iframe[title="framed"]').getByRole('heading', { level: 1 })).toHaveCount(0);
  // Nor does a script injected from elsewhere run in the shell.
  await page.goto(`${stack.shellUrl}/auth/login`);
  await expect(page.addScriptTag({ url: 'http://127.0.0.1:9/injected.js' })).rejects.toThrow();
});
