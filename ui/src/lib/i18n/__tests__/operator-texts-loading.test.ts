// The operator texts load with the workspace, in the language shown: the portal never
// downloads them.
import { afterEach, describe, expect, it } from 'vitest';
import { routerOptions } from '@/app/routes';
import { createI18n, i18n, loadOperatorTexts } from '..';

type Patch = Parameters<ReturnType<typeof routerOptions>['patchRoutesOnNavigation']>[0];

/** The router asking for the routes of an address (as on a first visit to it). */
const navigate = (path: string) =>
  routerOptions().patchRoutesOnNavigation({ path, patch: () => undefined, matches: [], signal: new AbortController().signal } as unknown as Patch);

afterEach(async () => {
  await i18n.changeLanguage('nl');
  await Promise.all([loadOperatorTexts('nl'), loadOperatorTexts('de')]);
});

describe('the operator texts', () => {
  it('are not among the texts the app starts with', () => {
    const fresh = createI18n();
    expect(fresh.hasResourceBundle('nl', 'operator')).toBe(false);
    expect(fresh.hasResourceBundle('de', 'operator')).toBe(false);
    expect(fresh.hasResourceBundle('nl', 'portal')).toBe(true);
  });

  it('are not loaded for a portal page, and are for a workspace page', async () => {
    i18n.removeResourceBundle('nl', 'operator');
    i18n.removeResourceBundle('de', 'operator');
    await navigate('/tickets');
    expect(i18n.hasResourceBundle('nl', 'operator')).toBe(false);
    await navigate('/operator/tickets');
    expect(i18n.hasResourceBundle('nl', 'operator')).toBe(true);
    expect(i18n.getFixedT('nl', 'operator')('Tickets')).not.toBe('');
    // only the language shown
    expect(i18n.hasResourceBundle('de', 'operator')).toBe(false);
  });

  it("follow a change of language once loaded", async () => {
    await loadOperatorTexts('nl');
    i18n.removeResourceBundle('de', 'operator');
    await i18n.changeLanguage('de');
    await expect.poll(() => i18n.hasResourceBundle('de', 'operator')).toBe(true);
  });
});
