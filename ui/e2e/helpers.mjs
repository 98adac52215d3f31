// Shared steps of the browser tests. Texts are matched in English: each test starts with
// APP_LANGUAGE=en (the German test switches it in the screen).

export const DEMO_USER = { email: 'client@demo.test', password: 'demo' };

export class AssertionError extends Error {}

export function expect(condition, message) {
  if (!condition) throw new AssertionError(message);
}

/** Opens a portal path (without the /app prefix). */
export async function open(page, baseUrl, path) {
  await page.goto(`${baseUrl}/app${path}`);
}

/** Starts every page in English unless the test already chose a language. */
export async function english(context) {
  await context.addInitScript(() => {
    if (!localStorage.getItem('APP_LANGUAGE')) localStorage.setItem('APP_LANGUAGE', 'en');
  });
}

export async function login(page, context, baseUrl, user = DEMO_USER) {
  await english(context);
  await open(page, baseUrl, '/login');
  await page.locator('input[type="email"]').fill(user.email);
  await page.locator('input[type="password"]').fill(user.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/app\/tickets$/);
  await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
  await clearSavedFilters(page);
}

/** Forgets the list filters an earlier test saved for the user, then reloads. */
async function clearSavedFilters(page) {
  await page.evaluate(async () => {
    const headers = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${localStorage.getItem('portal_token')}`,
    };
    const me = await (await fetch('/api/auth/me', { headers })).json();
    const routes = ['tickets', 'quotes', 'subscriptions', 'assets', 'contracts', 'invoices'];
    const configs = routes.map((route) => ({
      name: `${me.user.id}_filter_${route}`,
      value: JSON.stringify({ filters: {}, preset: null }),
    }));
    await fetch('/api/auth/me', { method: 'POST', headers, body: JSON.stringify({ relationships: { configs } }) });
  });
  await page.reload();
  await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
}

/** Waits until the list shows rows (or its empty message) and returns the range text. */
export async function listReady(page) {
  await page.locator('[data-testid="skeleton-row"], [data-testid="skeleton-card"]').first().waitFor({ state: 'detached' });
  // aria-busy drops in the same render that shows the new rows.
  await page.locator('section.list-screen[aria-busy="false"]').waitFor();
  return (await page.locator('.range').textContent())?.trim() ?? '';
}

/** Clears filters a former run saved for the user, so each test starts from the full list. */
export async function resetFilters(page) {
  const reset = page.getByRole('button', { name: 'Reset filters' });
  if (await reset.isEnabled()) {
    await reset.click();
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Reset filters');
      return button?.disabled;
    });
    await listReady(page);
  }
}

export async function toastText(page, text) {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
}

/** The signed-in user's permissions, read with the page's own token. */
export async function permissions(page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/auth/me', {
      headers: { Accept: 'application/json', Authorization: `Bearer ${localStorage.getItem('portal_token')}` },
    });
    const body = await res.json();
    return body.user.permissions_names;
  });
}
