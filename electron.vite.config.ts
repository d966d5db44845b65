import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { CONTRACT_NAMES } from './src/shared/ipc';

const pkg = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as { version: string };

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/main/index.ts') },
      },
    },
  },
  preload: {
    // Sandboxed preloads can only require('electron') and a few polyfilled
    // modules, so everything else is bundled in, and the output must be CommonJS.
    // The preload needs only the contract's names; injecting them keeps zod and the schemas out.
    define: { __APP_VERSION__: JSON.stringify(pkg.version), __IPC_NAMES__: JSON.stringify(CONTRACT_NAMES) },
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].js' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    // React 19 automatic JSX runtime through Vite's own transformer (no @vitejs/plugin-react).
    oxc: { jsx: { runtime: 'automatic' } },
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // The window parses the whole bundle before its first paint: minified, it is about a third
      // of the size, which is what a cold open at a million rows waits for (bench:index).
      minify: true,
      // One chunk on purpose: a screen loaded on demand would mount after the shell has moved
      // focus to its heading and dropped actions asked of it (features/shell/Commands.tsx).
      chunkSizeWarningLimit: 1_200,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
        // cmdk's Radix parts start with "use client", a mark for server rendering that means
        // nothing in a page bundled for the client: not worth a warning on every build.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  },
});
