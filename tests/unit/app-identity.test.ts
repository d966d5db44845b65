import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMainCore, type MainCore } from '../../src/main/core';
import { dispatch } from '../../src/main/ipc/dispatch';

const opened: { core: MainCore; dir: string }[] = [];
afterEach(async () => {
  for (const { core, dir } of opened.splice(0)) {
    await core.dispose();
    await rm(dir, { recursive: true, force: true });
  }
});

async function core(identity?: () => { user: string; machine: string }): Promise<MainCore> {
  const dir = await mkdtemp(join(tmpdir(), 'treasury-identity-'));
  const c = await createMainCore({
    userDataDir: dir,
    version: 't',
    platform: 't',
    secrets: 'memory',
    emit: () => {},
    ...(identity ? { identity } : {}),
  });
  opened.push({ core: c, dir });
  return c;
}

describe('app:notify (outbox outcomes)', () => {
  it('shows through the notifier main was given, and says when there is none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'treasury-notify-'));
    const shown: string[] = [];
    const c = await createMainCore({
      userDataDir: dir,
      version: 't',
      platform: 't',
      secrets: 'memory',
      emit: () => {},
      notify: (title, body) => shown.push(`${title}|${body}`) > 0,
    });
    opened.push({ core: c, dir });
    expect(
      await dispatch(c.handlers, 'app:notify', {
        title: 'Outbox: 2 sent',
        body: 'Every queued item went through.',
        events: ['sent'],
      }),
    ).toEqual({ ok: true, value: { shown: true } });
    expect(shown).toEqual(['Outbox: 2 sent|Every queued item went through.']);
    expect(await dispatch((await core()).handlers, 'app:notify', { title: 'x', body: '', events: ['failed'] })).toEqual(
      { ok: true, value: { shown: false } },
    );
    expect((await dispatch(c.handlers, 'app:notify', { title: '', body: 'x', events: ['failed'] })).ok).toBe(false);
    // A notice that does not say what it reports is refused: main could not honour the settings.
    expect((await dispatch(c.handlers, 'app:notify', { title: 'x', body: 'x' })).ok).toBe(false);
    expect((await dispatch(c.handlers, 'app:notify', { title: 'x', body: 'x', events: [] })).ok).toBe(false);
  });
});

describe('app:identity (who approved, for the outbox)', () => {
  it("answers the OS user and this machine's name", async () => {
    const r = await dispatch((await core()).handlers, 'app:identity', undefined);
    expect(r).toEqual({ ok: true, value: { user: userInfo().username, machine: hostname() } });
  });

  it('answers what the core was given (tests pin it)', async () => {
    const r = await dispatch(
      (await core(() => ({ user: 'ada', machine: 'ledger-1' }))).handlers,
      'app:identity',
      undefined,
    );
    expect(r).toEqual({ ok: true, value: { user: 'ada', machine: 'ledger-1' } });
  });
});
