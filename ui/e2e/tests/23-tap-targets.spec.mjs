// On a phone every control of the operator's ticket page is a target of at least 24 px
// (WCAG 2.2 target size, axe's target-size rule, which Lighthouse's accessibility score
// counts): the reply's addressees toggle was 19 px tall.
import AxeBuilder from '@axe-core/playwright';
import { SECOND_LINE, callApi, check, login, openOperator, test } from '../helpers.mjs';

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

test('the operator ticket page has no target under 24 px on a phone', async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl, SECOND_LINE);
  const list = await callApi(page, 'GET', '/tickets?per_page=5');
  const ticket = list.body.data.find((row) => !row.is_template);
  await openOperator(page, baseUrl, `/tickets/${ticket.id}`);
  await page.locator('section.composer').waitFor();
  const result = await new AxeBuilder({ page }).setLegacyMode(true).options({ iframes: false }).withRules(['target-size']).analyze();
  const small = result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
  check(small.length === 0, `targets under 24 px:\n  ${small.join('\n  ')}`);
});
