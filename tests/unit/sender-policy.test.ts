import { describe, expect, it } from 'vitest';
import { isTrustedSender, type SenderFacts } from '../../src/main/ipc/sender-policy';

const app = 'file:///opt/Treasury/resources/app.asar/out/renderer/index.html';
const ok: SenderFacts = { frameUrl: `${app}#/settings`, isMainFrame: true, senderId: 7, windowIds: [7], appUrl: app };

describe('IPC sender check', () => {
  it('trusts the top frame of our window showing the app', () => {
    expect(isTrustedSender(ok)).toBe(true);
  });

  it('refuses a subframe, a foreign page, another webContents, and a frame that is gone', () => {
    expect(isTrustedSender({ ...ok, isMainFrame: false })).toBe(false);
    expect(isTrustedSender({ ...ok, frameUrl: 'https://evil.example/' })).toBe(false);
    expect(isTrustedSender({ ...ok, frameUrl: 'file:///tmp/other.html' })).toBe(false);
    expect(isTrustedSender({ ...ok, senderId: 8 })).toBe(false);
    expect(isTrustedSender({ ...ok, windowIds: [] })).toBe(false);
    expect(isTrustedSender({ ...ok, frameUrl: null })).toBe(false);
  });
});
