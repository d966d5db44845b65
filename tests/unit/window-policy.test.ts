import { describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../../src/main/app-protocol/origin';
import { CONTENT_SECURITY_POLICY } from '../../src/main/app-protocol/content-security-policy';
import {
  HARDENED_WEB_PREFERENCES,
  isAllowedExternalUrl,
  isAppUrl,
  mayNavigate,
} from '../../src/main/window/window-policy';

describe('window policy', () => {
  it('recognises only the app origin as the app', () => {
    expect(isAppUrl(`${APP_ORIGIN}/index.html#/settings`, APP_ORIGIN)).toBe(true);
    expect(isAppUrl('app://treasury/assets/x.js', APP_ORIGIN)).toBe(true);
    expect(isAppUrl('app://evil/index.html', APP_ORIGIN)).toBe(false);
    expect(isAppUrl('file:///opt/Treasury/resources/app.asar/out/renderer/index.html', APP_ORIGIN)).toBe(false);
    expect(isAppUrl('file:///etc/passwd', APP_ORIGIN)).toBe(false);
    expect(isAppUrl('https://evil.example/', APP_ORIGIN)).toBe(false);
    expect(isAppUrl('http://localhost:5173/#/x', 'http://localhost:5173')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173')).toBe(false);
    expect(isAppUrl('not a url', APP_ORIGIN)).toBe(false);
  });

  it('lets only the top frame navigate, and only within the app', () => {
    expect(mayNavigate(`${APP_ORIGIN}/index.html`, true, APP_ORIGIN)).toBe(true);
    expect(mayNavigate(`${APP_ORIGIN}/index.html`, false, APP_ORIGIN)).toBe(false);
    expect(mayNavigate('https://evil.example/', true, APP_ORIGIN)).toBe(false);
  });

  it('lets only allowlisted https links out, without credentials', () => {
    expect(isAllowedExternalUrl('https://github.com/org/repo')).toBe(true);
    expect(isAllowedExternalUrl('http://github.com/')).toBe(false);
    expect(isAllowedExternalUrl('https://github.com.evil.example/')).toBe(false);
    expect(isAllowedExternalUrl('https://user:pw@github.com/')).toBe(false);
    expect(isAllowedExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isAllowedExternalUrl('javascript:alert(1)')).toBe(false);
  });

  it('has a CSP that lets only the app itself run scripts and workers, and nothing re-base, post or frame', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('worker-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|unsafe-inline'[^;]*script/);
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
