/**
 * Sent as a header on every response of the app's scheme (and by the Chromium host and the e2e
 * harness, which serve the same files the same way). Only the app's own scripts and workers run;
 * nothing may be framed, posted, re-based or embedded.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
