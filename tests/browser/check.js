'use strict';
/*
 * Loads oomtrail HTML reports in headless Chromium (Debian's
 * /usr/bin/chromium, driven over the DevTools protocol by playwright-core)
 * and checks that each one is readable and inert:
 *   - no console errors, no page errors, no dialogs, no popups;
 *   - no network request at all, other than the file itself;
 *   - no <script> element, no inline event handler, every link "#ev-N"
 *     with its target present;
 *   - the verdict and the initiating line are visible, and each line of
 *     FILE.expect (when present) is in the visible text;
 *   - following the initiating citation lands on its evidence excerpt;
 *   - no horizontal scroll at 1366x768.
 * A fleet report (meta oomtrail-report=fleet) has no verdict: its charts
 * must have bars and its sick-hardware section must be visible; a
 * <details> with evidence lines opens and stays inside the page.
 * Screenshots (viewport and full page) go to OUTDIR.
 *
 * usage: node check.js OUTDIR FILE.html...   exit 0 ok, 1 failed
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--disable-background-networking', '--disable-component-update',
  '--disable-sync'];

function inspect() {
  const visible = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' &&
      s.display !== 'none';
  };
  const hrefs = [...document.querySelectorAll('a[href]')]
    .map((a) => a.getAttribute('href'));
  const all = [...document.querySelectorAll('*')];
  return {
    scripts: document.scripts.length,
    handlers: all.filter((e) => [...e.attributes]
      .some((a) => /^on/i.test(a.name))).length,
    badLinks: hrefs.filter((h) => !/^#ev-\d+$/.test(h)),
    dangling: hrefs.filter((h) => /^#/.test(h) &&
      !document.getElementById(h.slice(1))),
    verdict: visible(document.getElementById('verdict')) ?
      (document.getElementById('verdict-cause') || {}).innerText || '' : '',
    initiating: visible(document.getElementById('initiating')) ?
      document.getElementById('initiating').innerText : '',
    text: document.body.innerText,
    fleet: !!document.querySelector('meta[name="oomtrail-report"][content="fleet"]'),
    fleetCharts: document.querySelectorAll('#fleet-causes svg rect, ' +
      '#week-chart rect').length,
    fleetSick: visible(document.getElementById('fleet-sick')),
    overflow: document.documentElement.scrollWidth -
      document.documentElement.clientWidth,
  };
}

async function checkOne(ctx, file, outdir) {
  const fail = [];
  const url = 'file://' + path.resolve(file);
  const page = await ctx.newPage();

  page.on('console', (m) => {
    if (m.type() === 'error') fail.push('console error: ' + m.text());
  });
  page.on('pageerror', (e) => fail.push('page error: ' + e.message));
  page.on('dialog', (d) => {
    fail.push('dialog: ' + d.message());
    d.dismiss().catch(() => {});
  });
  page.on('popup', (p) => fail.push('popup: ' + p.url()));
  page.on('request', (r) => {
    if (r.url() !== url) fail.push('network request: ' + r.url());
  });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(250);
  const r = await page.evaluate(inspect);
  if (r.scripts !== 0) fail.push(r.scripts + ' <script> elements');
  if (r.handlers !== 0) fail.push(r.handlers + ' elements with on* handlers');
  if (r.badLinks.length) fail.push('links not to #ev-N: ' + r.badLinks.join(' '));
  if (r.dangling.length) fail.push('links without target: ' + r.dangling.join(' '));
  if (r.fleet) {
    /* the fleet report: charts drawn, sick hardware shown */
    if (r.fleetCharts === 0) fail.push('fleet charts have no bars');
    if (!r.fleetSick) fail.push('sick hardware not visible');
  } else {
    if (!r.verdict) fail.push('verdict not visible');
    if (!r.initiating) fail.push('initiating evidence not visible');
  }
  if (r.overflow > 0) fail.push('horizontal scroll of ' + r.overflow + 'px');
  const expect = file + '.expect';
  if (fs.existsSync(expect)) {
    for (const line of fs.readFileSync(expect, 'utf8').split('\n')) {
      if (line && !r.text.includes(line)) fail.push('not visible: ' + line);
    }
  }
  const base = path.basename(file, '.html');
  await page.screenshot({ path: path.join(outdir, base + '.png') });
  await page.screenshot({ path: path.join(outdir, base + '-full.png'),
    fullPage: true });
  const det = r.fleet ? await page.$('#fleet-sick details summary') : null;
  if (det) {
    await det.click();
    await page.waitForTimeout(100);
    const open = await page.evaluate(() => {
      const d = document.querySelector('#fleet-sick details');
      return d.open && d.querySelectorAll('li').length > 0 &&
        document.documentElement.scrollWidth <=
        document.documentElement.clientWidth;
    });
    if (!open) fail.push('evidence <details> did not open in the page');
  }
  const cite = await page.$('#initiating a.cite');
  if (cite) {
    const href = await cite.getAttribute('href');
    await cite.click();
    await page.waitForTimeout(100);
    const at = await page.evaluate(() => location.hash);
    if (at !== href) fail.push('citation went to ' + at + ', not ' + href);
    const shown = await page.evaluate((id) => {
      const el = document.getElementById(id);
      const b = el && el.getBoundingClientRect();
      return !!b && b.top >= -1 && b.top < innerHeight;
    }, href.slice(1));
    if (!shown) fail.push('excerpt ' + href + ' not scrolled into view');
  }
  await page.close();
  return fail;
}

async function main() {
  const [outdir, ...files] = process.argv.slice(2);
  if (!outdir || files.length === 0) {
    console.error('usage: node check.js OUTDIR FILE.html...');
    process.exit(2);
  }
  fs.mkdirSync(outdir, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'oomtrail-chromium-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ARGS,
    offline: true,
  });
  let bad = 0;
  try {
    for (const f of files) {
      const fail = await checkOne(ctx, f, outdir);
      if (fail.length) {
        bad++;
        console.log('FAIL ' + f + '\n  ' + fail.join('\n  '));
      } else {
        console.log('ok ' + f);
      }
    }
  } finally {
    await ctx.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  console.log((files.length - bad) + ' passed, ' + bad + ' failed');
  process.exit(bad ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
