import { join } from 'node:path';

/**
 * Where main finds the icons it shows itself (the tray, the window's icon on Linux). Packaged,
 * they sit beside the asar where electron-builder's `extraResources` copies them (the names
 * below and `electron-builder.yml` must agree: tests/unit/installer-config.test.ts holds them
 * together); unpackaged, they are read from the source tree's resources/.
 */
export interface IconPlace {
  packaged: boolean;
  /** process.resourcesPath */
  resourcesPath: string;
  /** app.getAppPath() */
  appPath: string;
  platform: string;
}

/** Relative to the packaged resources folder: what `extraResources` writes. */
export const PACKAGED_ICONS = {
  trayPng: join('tray', 'tray.png'),
  trayIco: join('tray', 'tray.ico'),
  window: 'window-icon.png',
} as const;

/** Relative to the source tree's resources/: what `npm run icons` writes. */
export const SOURCE_ICONS = {
  trayPng: join('tray', 'tray.png'),
  trayIco: join('tray', 'tray.ico'),
  window: join('icons', '512x512.png'),
} as const;

function iconPath(place: IconPlace, which: keyof typeof PACKAGED_ICONS): string {
  return place.packaged
    ? join(place.resourcesPath, PACKAGED_ICONS[which])
    : join(place.appPath, 'resources', SOURCE_ICONS[which]);
}

/**
 * Windows draws the tray from an .ico best (it holds each DPI's size); elsewhere a PNG, whose
 * `@1.25x`…`@2x` siblings Electron picks by the display's scale.
 */
export function trayIconPath(place: IconPlace): string {
  return iconPath(place, place.platform === 'win32' ? 'trayIco' : 'trayPng');
}

/**
 * Only Linux takes a window's icon from the window (X11 and a Wayland compositor without the
 * desktop entry); Windows and macOS take it from the executable and the bundle.
 */
export function windowIconPath(place: IconPlace): string | undefined {
  return place.platform === 'linux' ? iconPath(place, 'window') : undefined;
}
