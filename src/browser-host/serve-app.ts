import type { BrowserContext } from '@playwright/test';
import { readAppFile } from '../main/app-protocol/app-files';
import { HOST_ORIGIN } from './origin';

/**
 * Answers every request for the host origin from the built renderer, with the same headers and
 * the same Content Security Policy as the app's own scheme in Electron (one function serves both).
 * Nothing listens on a port: requests are fulfilled inside the browser's network stack.
 */
export async function serveAppFiles(context: BrowserContext, rendererDir: string): Promise<void> {
  await context.route(
    (url) => url.origin === HOST_ORIGIN,
    async (route) => {
      const request = route.request();
      const file = await readAppFile(rendererDir, new URL(request.url()).pathname, request.method());
      await route.fulfill({ status: file.status, headers: file.headers, body: file.body });
    },
  );
}
