import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useChromium } from '../../helpers/browser';
import { seriousA11yViolations } from '../../helpers/web-app';

/**
 * The accessibility check every screen test ends with (test/helpers/web-app.ts): it must report what axe-core
 * calls serious or critical, leave out what is moderate or minor, and not lift the page's CSP to do so.
 */
const chromium = useChromium();
let server: Server;
let origin: string;

const PAGE = `<!doctype html><html lang="en"><head><title>Check</title></head><body>
<h1>Check</h1>
<h3>A heading that skips a level (heading-order: moderate)</h3>
<p id="faint" style="color:#bbbbbb;background:#ffffff">Light grey on white (color-contrast: serious)</p>
<img src="/pixel.png">
<table><caption>Experimental rules are not run (td-has-header)</caption><tbody>
<tr><td>1</td><td>2</td><td>3</td></tr><tr><td>4</td><td>5</td><td>6</td></tr><tr><td>7</td><td>8</td><td>9</td></tr></tbody></table>
<p style="font-weight:bold;font-size:1.4em">Looks like a heading (p-as-heading, experimental)</p>
<p>Some text under it.</p><p>More text under it.</p>
<script>window.inlineRan = true;</script>
</body></html>`;
const CLEAN = `<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Clean</h1><p>Readable text.</p></main></body></html>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/pixel.png') return void res.writeHead(404).end();
    res.setHeader('Content-Security-Policy', "script-src 'self'");
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(req.url === '/clean' ? CLEAN : PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

it('reports serious and critical violations with their targets, not moderate or experimental ones, under the page CSP', async () => {
  const page = await chromium.page();
  await page.goto(`${origin}/`);
  const found = await seriousA11yViolations(page);
  expect(found).toEqual(expect.arrayContaining(['color-contrast: #faint', 'image-alt: img']));
  // moderate (heading-order, region) and experimental (td-has-header, p-as-heading) rules: axe's default set only
  expect(found.filter((v) => /^(heading-order|region|td-has-header|p-as-heading):/.test(v))).toEqual([]);
  // the page's own inline script stayed blocked
  expect(await page.evaluate('window.inlineRan === undefined')).toBe(true);
  // a second check on the same document reuses the loaded script
  expect(await seriousA11yViolations(page)).toEqual(found);
});

it('finds nothing on a clean page', async () => {
  const page = await chromium.page();
  await page.goto(`${origin}/clean`);
  expect(await seriousA11yViolations(page)).toEqual([]);
});
