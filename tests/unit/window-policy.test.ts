import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, HARDENED_WEB_PREFERENCES, isAllowedExternalUrl, isAppUrl } from '../../src/main/window-policy';

describe('window policy', () => {
  it('recognises only the app page as the app', () => {
    const file = 'file:///opt/Treasury/resources/app.asar/out/renderer/index.html';
    expect(isAppUrl(`${file}#/settings`, file)).toBe(true);
    expect(isAppUrl('file:///etc/passwd', file)).toBe(false);
    expect(isAppUrl('https://evil.example/', file)).toBe(false);
    expect(isAppUrl('http://localhost:5173/#/x', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
    expect(isAppUrl('not a url', file)).toBe(false);
  });

  it('lets only allowlisted https links out, without credentials', () => {
    expect(isAllowedExternalUrl('https://github.com/org/repo')).toBe(true);
    expect(isAllowedExternalUrl('http://github.com/')).toBe(false);
    expect(isAllowedExternalUrl('https://github.com.evil.example/')).toBe(false);
    expect(isAllowedExternalUrl('https://user:pw@github.com/')).toBe(false);
    expect(isAllowedExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isAllowedExternalUrl('javascript:alert(1)')).toBe(false);
  });

  it('has a CSP that allows only the app itself to run scripts', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval/);
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });

  it('hardens every window: isolation, sandbox, no Node, web security, no webviews', () => {
    expect(HARDENED_WEB_PREFERENCES).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(Object.isFrozen(HARDENED_WEB_PREFERENCES)).toBe(true);
  });
});
