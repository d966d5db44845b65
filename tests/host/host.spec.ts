import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { findChromium } from '../../src/browser-host/find-chromium';
import { openEntry, openHost, type HostOptions } from '../../src/browser-host/launch';
import { HOST_ENTRY_URL, HOST_ORIGIN } from '../../src/browser-host/origin';

const root = resolve(__dirname, '../..');

let dir: string;
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'treasury-host-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The command line of every running Chromium whose profile is under `dir`. */
async function browserCommandLines(profileDir: string): Promise<string[]> {
  const out: string[] = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      // Chromium rewrites its children's titles into one string, so look at the whole line.
      const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (line.includes(profileDir) && !line.includes('--type=')) out.push(line);
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

function hostOptions(name: string): HostOptions {
  const chromiumPath = findChromium();
  expect(chromiumPath, 'Chromium must be installed (scripts/ensure-system-packages.sh)').not.toBeNull();
  return {
    userDataDir: join(dir, name, 'user-data'),
    browserDataDir: join(dir, name, 'browser'),
    rendererDir: join(root, 'out/renderer'),
    chromiumPath: chromiumPath as string,
    headless: false,
    secrets: 'memory',
    demo: { seed: 3, transactions: 100 },
    version: 'host-test',
  };
}

test('a real Chromium window in app mode: welcome screen, "Try the Demo", the shell, online', async () => {
  const host = await openHost(hostOptions('app'));
  try {
    const { page } = host;
    await expect(page.getByRole('heading', { name: 'Welcome to Treasury Desktop' })).toBeVisible();
    // One window, on the fixed origin, with no browser toolbar (app mode).
    expect(host.context.pages()).toHaveLength(1);
    expect(new URL(page.url()).origin).toBe(HOST_ORIGIN);
    // Measured under Xvfb: a normal window spends ~143 px on title bar, tabs and toolbar, app mode ~56 on its title bar.
    const chrome = await page.evaluate(() => window.outerHeight - window.innerHeight);
    expect(chrome).toBeLessThan(100);
    // The bridge goes over the debugging pipe: no debugging port is opened.
    const lines = await browserCommandLines(join(dir, 'app', 'browser'));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(l).toContain('--remote-debugging-pipe');
      expect(l).not.toContain('--remote-debugging-port');
      expect(l).toContain(`--app=${HOST_ORIGIN}/`);
    }

    await page.getByRole('button', { name: 'Try the Demo' }).click();
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Online');
    await expect(page.getByRole('combobox', { name: 'Profile' })).toHaveValue('demo');
  } finally {
    await host.close();
  }
});

test('a reveal asks in a window of its own that the app’s page cannot reach; its Reveal button shows the number', async () => {
  const host = await openHost(hostOptions('prompt'));
  try {
    const { page } = host;
    await page.getByRole('button', { name: 'Try the Demo' }).click();
    await expect(page.getByRole('status')).toHaveText('Online');
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: /^Cards/ })
      .click();
    await page.getByRole('grid', { name: 'Cards' }).getByRole('row').nth(1).click();
    const secrets = page.getByRole('region', { name: 'Card number and code' });
    await secrets.getByRole('button', { name: 'Reveal number and code' }).click();

    // A second window, not a dialog in the page: about:blank filled in by main (an opaque
    // origin), opened by the host (no opener), with the answer's binding on it alone.
    const { page: prompt, question } = await host.prompts.shown();
    expect(host.context.pages()).toHaveLength(2);
    await expect(prompt.getByRole('alertdialog')).toContainText(question.message);
    expect(
      await prompt.evaluate(() => ({ origin: location.origin, opener: window.opener === null, title: document.title })),
    ).toEqual({
      origin: 'null',
      opener: true,
      title: 'Treasury Desktop: Reveal a card number',
    });
    expect(
      await page.evaluate(() => typeof (window as unknown as Record<string, unknown>)['__treasuryPromptAnswer']),
    ).toBe('undefined');
    // The page cannot answer for the person: nothing it can call reaches the question.
    expect(
      await page.evaluate(() => Object.keys((window as unknown as { treasury: object }).treasury).includes('prompt')),
    ).toBe(false);
    await expect(secrets.getByRole('button', { name: 'Revealing…' })).toBeDisabled();

    await prompt
      .getByRole('button', { name: 'Reveal', exact: true })
      .click()
      .catch(() => undefined);
    await expect.poll(() => prompt.isClosed()).toBe(true);
    await expect(secrets.getByRole('timer')).toBeVisible();
    expect(host.context.pages()).toHaveLength(1);
  } finally {
    await host.close();
  }
});

test('the entry page loads even when another navigation to it lands meanwhile (what --app does on a busy machine)', async () => {
  const host = await openHost(hostOptions('race'));
  try {
    const { page } = host;
    // The entry's next request is held until a second navigation to the same URL has started,
    // which supersedes it: what a late --app navigation does to the host's own.
    let requests = 0;
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    await page.route(HOST_ENTRY_URL, async (route) => {
      if (++requests === 1) await gate;
      await route.fallback().catch(() => undefined);
    });
    const entry = openEntry(page);
    await expect.poll(() => requests).toBe(1);
    const other = page.goto(HOST_ENTRY_URL).catch(() => undefined);
    // The second navigation's request; the host's own retry may follow it before the poll looks.
    await expect.poll(() => requests).toBeGreaterThanOrEqual(2);
    release();
    await entry;
    await other;
    await expect(page.getByRole('heading', { name: 'Welcome to Treasury Desktop' })).toBeVisible();
    await page.getByRole('button', { name: 'Try the Demo' }).click();
    await expect(page.getByRole('status')).toHaveText('Online');
  } finally {
    await host.close();
  }
});

test('starts cleanly again and again while another process keeps a core busy', async () => {
  test.setTimeout(300_000);
  // A busy loop in its own process: the load under which 2 starts in 70 failed.
  const busy = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
  try {
    for (let i = 0; i < 4; i++) {
      const host = await openHost(hostOptions(`start-${i}`));
      try {
        await expect(host.page.getByRole('heading', { name: 'Welcome to Treasury Desktop' })).toBeVisible();
        expect(host.context.pages()).toHaveLength(1);
      } finally {
        await host.close();
      }
    }
  } finally {
    busy.kill('SIGKILL');
  }
});

test('`npm start` as printed: says Electron is missing in one line, opens the app, stops cleanly', async () => {
  test.skip(
    !!installedElectronBinary(),
    'Electron is installed here: npm start runs Electron (tests/electron covers it)',
  );
  // Its own process group, so Ctrl-C can be sent the way a terminal sends it: to the whole group.
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, TREASURY_USER_DATA: join(dir, 'user-data') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((ok) => child.on('exit', () => ok()));
  const group = -(child.pid as number);
  try {
    await expect
      .poll(() => output, { timeout: 60_000, message: 'npm start printed no ready line' })
      .toMatch(/treasury: ready: .*showing "Welcome to Treasury Desktop"/);
    const notices = output.split('\n').filter((l) => l.includes("Electron's binary"));
    expect(notices).toHaveLength(1);
    expect(await browserCommandLines(join(dir, 'user-data'))).not.toEqual([]);
    process.kill(group, 'SIGINT');
    await exited;
    expect(output).toMatch(/stopping \(SIGINT\)/);
    await expect.poll(() => browserCommandLines(join(dir, 'user-data')), { timeout: 10_000 }).toEqual([]);
  } finally {
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/** Asks the start script's own helper (an ES module, run as such) whether Electron is installed. */
function installedElectronBinary(): string | null {
  const r = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('./scripts/electron-binary.mjs'); console.log(m.installedElectronBinary() ?? '')",
    ],
    { cwd: root, encoding: 'utf8' },
  );
  return r.stdout.trim() || null;
}
