import { expect, listReady, login } from '../helpers.mjs';

export const tests = [
  {
    name: 'logs in as the demo client and sees the ticket list',
    slug: 'login',
    async run({ page, context, baseUrl }) {
      await login(page, context, baseUrl);
      const range = await listReady(page);
      expect(/\d+-\d+ of \d+/.test(range) || (await page.getByText('No tickets found.').count()) > 0, `range: ${range}`);
      expect((await page.title()).endsWith(' Portal'), `title: ${await page.title()}`);
    },
  },
];
