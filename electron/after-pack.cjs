// electron-builder afterPack hook: flips Electron fuses on the packaged binary
// before it is signed (electron-builder signs after afterPack).
// https://www.electronjs.org/docs/latest/tutorial/fuses
'use strict';

const path = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

/** @param {import('app-builder-lib').AfterPackContext} context */
module.exports = async function afterPack(context) {
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
    version: FuseVersion.V1,
    // Flipping fuses invalidates the ad-hoc signature of the macOS binary; re-sign ad hoc
    // (a real signature, if configured, is applied by electron-builder afterwards).
    resetAdHocDarwinSignature: electronPlatformName === 'darwin' || electronPlatformName === 'mas',
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.EnableCookieEncryption]: true,
  });
};
