// Shared steps of the browser tests. Texts are matched in English: each test starts with
// APP_LANGUAGE=en (the German test switches it in the screen).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test as base, expect } from '@playwright/test';

export { expect };

export const DEMO_USER = { email: 'client@demo.test', password: 'demo' };

const ARTEFACTS = resolve(process.env.LEDGERDESK_E2E_ARTEFACTS ?? join(import.meta.dirname, '..', '..', 'test-artefacts', 'e2e'));

const slugOf = (title) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 70);

/**
 * The test function with the steps' fixtures: baseUrl (the server, without a trailing
 * slash), artefacts (the folder screenshots go to) and shot(suffix) (a full-page
 * screenshot named after the test). A passing test leaves its last screen there too;
 * a failing one leaves Playwright's screenshot and trace under artefacts/results.
 */
export const test = base.extend({
  baseUrl: async ({ baseURL }, use) => use(baseURL.replace(/\/$/, '')),
  artefacts: async ({}, use) => {
    mkdirSync(ARTEFACTS, { recursive: true });
    await use(ARTEFACTS);
  },
  shot: [
    async ({ page, artefacts }, use, testInfo) => {
      const slug = slugOf(testInfo.title);
      await use((suffix = '') => page.screenshot({ path: join(artefacts, `${slug}${suffix}.png`), fullPage: true }));
      if (testInfo.status === testInfo.expectedStatus && !page.isClosed()) {
        await page.screenshot({ path: join(artefacts, `${slug}.png`), fullPage: true }).catch(() => undefined);
      }
    },
    // every test leaves its last screen, as the former runner did
    { auto: true },
  ],
});

/** Asserts a condition the test computed itself, with the message a failure shows. */
export function check(condition, message) {
  expect(condition, message).toBeTruthy();
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
  // Clients land on the portal's tickets, operators in their workspace.
  await page.waitForURL(/\/app\/(tickets|operator\/[a-z-]+)$/);
  await landed(page);
  await clearSavedFilters(page);
}

/** Waits for the page a sign-in lands on: the portal's tickets or the workspace's first page. */
async function landed(page) {
  if (new URL(page.url()).pathname.startsWith('/app/operator')) {
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  } else {
    await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
  }
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
  await landed(page);
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

export const CLIENT = DEMO_USER;
export const FIRST_LINE = { email: 'first@demo.test', password: 'demo' };
export const SECOND_LINE = { email: 'second@demo.test', password: 'demo' };

/** A second browser session beside the test's own (another user, or the same one twice). */
export async function newSession(context) {
  const other = await context.browser().newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await other.newPage();
  page.setDefaultTimeout(15000);
  return { context: other, page };
}

/** Opens an operator workspace path (without the /app/operator prefix). */
export async function openOperator(page, baseUrl, path) {
  await open(page, baseUrl, `/operator${path}`);
}

/** Calls the API with the page's own token; answers {status, body}. */
export async function callApi(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('portal_token')}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed };
    },
    { method, path, body },
  );
}

/** Creates a portal ticket as the signed-in client, through the form; answers its id. */
export async function createPortalTicket(page, baseUrl, subject, message) {
  await open(page, baseUrl, '/tickets/create');
  const form = page.locator('form.ticket-form');
  await form.waitFor();
  await form.getByLabel(/^Subject/).fill(subject);
  await form.getByLabel(/^Message/).fill(message);
  for (const select of await form.locator('select').all()) await select.selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Create ticket' }).click();
  await page.waitForURL(/\/app\/tickets\/[0-9a-f-]+$/);
  return page.url().split('/').pop();
}

/** Types into the operator's rich editor (a contenteditable textbox). */
export async function typeInEditor(page, text, label = 'Message') {
  const editor = page.getByRole('textbox', { name: label, exact: true });
  await editor.click();
  await page.keyboard.type(text);
}

/** The messages of the thread on the page: each one's classes and the text in its frame. */
export async function threadMessages(page) {
  await page.locator('ol.thread li.message').first().waitFor();
  // A frame's srcdoc body is there once the frame has loaded.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('ol.thread li.message iframe')].every((f) => f.contentDocument?.readyState === 'complete'),
  );
  return page.evaluate(() =>
    [...document.querySelectorAll('ol.thread li.message')].map((li) => ({
      id: li.id,
      classes: li.className,
      text: (li.querySelector('iframe')?.contentDocument?.body?.textContent ?? li.textContent ?? '').trim(),
    })),
  );
}

/** Waits until a thread message contains the text; answers that message. */
export async function waitForMessage(page, text) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const found = (await threadMessages(page)).find((m) => m.text.includes(text));
    if (found) return found;
    await page.waitForTimeout(100);
  }
  throw new Error(`no message containing "${text}"`);
}

/** Draws a signature on the portal's quote pad and accepts the quote. */
export async function signAndAccept(page) {
  const pad = page.getByTestId('signature-pad');
  await pad.waitFor();
  const box = await pad.boundingBox();
  await page.mouse.move(box.x + 30, box.y + 120);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 15, box.y + 120 - (i % 2) * 40, { steps: 3 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByText('The quote has been accepted.').first().waitFor();
}
