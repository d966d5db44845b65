import { describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../../src/main/app-protocol/origin';
import { isTrustedSender, type SenderFacts } from '../../src/main/ipc/sender-policy';

const ok: SenderFacts = {
  frameUrl: `${APP_ORIGIN}/index.html#/settings`,
  isMainFrame: true,
  senderId: 7,
  windowIds: [7],
  appOrigin: APP_ORIGIN,
};

describe('IPC sender check', () => {
  it('trusts the top frame of our window showing the app', () => {
    expect(isTrustedSender(ok)).toBe(true);
    expect(isTrustedSender({ ...ok, frameUrl: 'APP://TREASURY/index.html' })).toBe(true);
  });

  it('refuses a subframe, a foreign page, another host or scheme, another webContents, and a frame that is gone', () => {
    expect(isTrustedSender({ ...ok, isMainFrame: false })).toBe(false);
    expect(isTrustedSender({ ...ok, frameUrl: 'https://evil.example/' })).toBe(false);
    expect(isTrustedSender({ ...ok, frameUrl: 'file:///opt/Treasury/out/renderer/index.html' })).toBe(false);
    expect(isTrustedSender({ ...ok, frameUrl: 'app://other/index.html' })).toBe(false);
    expect(isTrustedSender({ ...ok, frameUrl: 'https://treasury/index.html' })).toBe(false);
    expect(isTrustedSender({ ...ok, senderId: 8 })).toBe(false);
    expect(isTrustedSender({ ...ok, windowIds: [] })).toBe(false);
    expect(isTrustedSender({ ...ok, frameUrl: null })).toBe(false);
  });
});
