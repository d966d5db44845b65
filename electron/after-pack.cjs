// electron-builder afterPack hook: flips Electron fuses on the packaged binary
// before it is signed (electron-builder signs after afterPack).
// https://www.electronjs.org/docs/latest/tutorial/fuses
'use strict';

const path = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

/**
 * Every fuse of the V1 schema, set on purpose. `strictlyRequireAllFuses` makes flipping fail when
 * Electron adds a fuse this list does not name, so a new one is decided, never defaulted.
 */
const FUSES = Object.freeze({
  version: FuseVersion.V1,
  strictlyRequireAllFuses: true,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // The renderer is served from app://, so file:// needs no extra privileges.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  [FuseV1Options.WasmTrapHandlers]: true,
});

/** @param {import('app-builder-lib').AfterPackContext} context */
async function afterPack(context) {
  const { appOutDir, electronPlatformName, packager } = context;

  let electronBinary;
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      electronBinary = path.join(appOutDir, `${packager.appInfo.productFilename}.app`);
      break;
    case 'win32':
      electronBinary = path.join(appOutDir, `${packager.appInfo.productFilename}.exe`);
      break;
    case 'linux':
      electronBinary = path.join(appOutDir, packager.executableName);
      break;
    default:
      throw new Error(`after-pack: unsupported platform ${electronPlatformName}`);
  }

  await flipFuses(electronBinary, {
    ...FUSES,
    // Flipping fuses invalidates the ad-hoc signature of the macOS binary; re-sign ad hoc
    // (a real signature, if configured, is applied by electron-builder afterwards).
    resetAdHocDarwinSignature: electronPlatformName === 'darwin' || electronPlatformName === 'mas',
  });
}

module.exports = afterPack;
module.exports.FUSES = FUSES;
