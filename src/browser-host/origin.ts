/**
 * Where the page lives when the Chromium host plays Electron's part. It is served by request
 * interception (no server, no port), and fixed so the page's IndexedDB and Web Locks, which
 * belong to the origin, are the same on every run of the host.
 */
export const HOST_ORIGIN = 'https://treasury.localhost';
export const HOST_ENTRY_URL = `${HOST_ORIGIN}/index.html`;
