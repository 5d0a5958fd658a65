import { expect, test } from '@playwright/test';

/**
 * What the built app sends over the wire: every script and style sheet compressed (Brotli for a
 * browser that accepts it, made at build time), no public source maps, and the page itself for a
 * client that accepts anything (a link preview, curl).
 */
test('the built app is sent compressed, without source maps, and /login answers curl', async ({ page, request }) => {
  const assets: { url: string; encoding: string | undefined; type: string }[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/assets/') || !/\.(js|css)$/.test(url.pathname)) return;
    const headers = await response.allHeaders();
    assets.push({ url: url.pathname, encoding: headers['content-encoding'], type: headers['content-type'] ?? '' });
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(assets.length).toBeGreaterThan(3);
  // Tiny files are left uncompressed (under 1 KiB the saving is nil); everything else is Brotli.
  const large = [];
  for (const asset of assets) {
    const body = await request.get(asset.url, { headers: { 'accept-encoding': 'identity' } });
    if ((await body.body()).length >= 1024) large.push(asset);
    const text = await body.text();
    expect(text, asset.url).not.toContain('sourceMappingURL');
    expect((await request.get(`${asset.url}.map`)).status(), `${asset.url}.map`).toBe(404);
  }
  expect(large.length).toBeGreaterThan(3);
  for (const asset of large) expect(asset.encoding, asset.url).toBe('br');

  const curl = await request.get('/login', { headers: { accept: '*/*' } });
  expect(curl.status()).toBe(200);
  expect(curl.headers()['content-type']).toMatch(/text\/html/);
  expect(await curl.text()).toContain('<div id="root">');
});
