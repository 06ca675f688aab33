import { chromium } from '@playwright/test';
const url = 'http://localhost:4555/location/bury-leisure-centre/yoga/2027-11-27';
const navs = () => [...document.querySelectorAll('nav, [data-testid="nothing-left-today"], h1, main')].map((n) => { const r = n.getBoundingClientRect(); return `${n.nodeName} ${n.getAttribute('aria-label') ?? n.getAttribute('data-testid') ?? ''} y=${Math.round(r.y)} h=${Math.round(r.height)} w=${Math.round(r.width)}`; });
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const js of [false, true]) {
  const c = await b.newContext({ viewport: { width: 375, height: 740 }, javaScriptEnabled: js });
  const p = await c.newPage();
  await p.goto(url);
  if (js) await p.waitForSelector('html[data-ready]');
  await p.waitForTimeout(1500);
  console.log(js ? 'JS' : 'HTML', (await p.evaluate(navs)).join('\n  '));
  await p.screenshot({ path: `/tmp/nav-${js}.png` });
}
await b.close();
