// Run by run.mjs under the faked clock: fails unless Node, a Chromium page and a Web Worker all
// read the awkward instant (within a few minutes) and the awkward zone, so the suite after it is
// really run there and not, silently, on the machine's own clock.
/* global Worker -- the worker is made inside the page (page.evaluate), where it exists. */
import { chromium } from '@playwright/test';

const [start, zone] = [Number(process.argv[2]), process.argv[3]];
const read = () => ({ now: Date.now(), zone: Intl.DateTimeFormat().resolvedOptions().timeZone });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
let seen;
try {
  const page = await browser.newPage();
  const inPage = await page.evaluate(read);
  const inWorker = await page.evaluate(
    (source) =>
      new Promise((resolve) => {
        const worker = new Worker(URL.createObjectURL(new Blob([`postMessage((${source})())`])));
        worker.onmessage = (e) => resolve(e.data);
      }),
    read.toString(),
  );
  seen = { node: read(), page: inPage, worker: inWorker };
} finally {
  await browser.close();
}

const wrong = Object.entries(seen).filter(([, r]) => Math.abs(r.now - start) > 5 * 60_000 || r.zone !== zone);
for (const [where, r] of Object.entries(seen))
  console.log(`test:e2e:awkward: ${where} reads ${new Date(r.now).toISOString()} in ${r.zone}`);
if (wrong.length > 0) {
  console.error(
    `test:e2e:awkward: ${wrong.map(([w]) => w).join(', ')} did not read ${new Date(start).toISOString()} in ${zone}: libfaketime or TZ did not reach it, so the suite would run on the machine's clock. Nothing was run.`,
  );
  process.exit(1);
}
