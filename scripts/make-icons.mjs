// `npm run icons`: renders the app's icon from its SVG sources (resources/icon.svg, and
// resources/icon-small.svg for 32 px and below) into every file the installers and the tray use,
// with Debian's Chromium through playwright-core, and writes the .ico and .icns containers itself.
// The outputs are committed: they are source assets of the packaging, not build output, and
// `npm run dist` must not need a browser. Run it again after changing either SVG.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const resources = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources');

/** Up to this size the small drawing is used: the master's detail turns to mush below it. */
const SMALL_MAX = 32;
/** How much of each source's canvas its rounded square covers (icon.svg leaves a 32 px margin of 1024). */
const SOURCES = { large: { file: 'icon.svg', plate: 960 / 1024 }, small: { file: 'icon-small.svg', plate: 1 } };
/** Apple's icon grid: on macOS the rounded square is 824 of 1024 px, centred, with a soft shadow below. */
const MAC_PLATE = 824 / 1024;

/** Linux: one PNG per size in resources/icons, named WxH as electron-builder expects of an icon set. */
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
/** Windows: the small icon at 100-200 % DPI (16-32), the large one at 100-200 % (32-64), and the shell's 128 and 256. */
const ICO_SIZES = [16, 20, 24, 32, 40, 48, 64, 128, 256];
/** macOS: the PNG entries of an .icns, each type and its pixel size (the @2x types are the retina ones). */
const ICNS_ENTRIES = [
  ['ic11', 32],
  ['ic12', 64],
  ['ic07', 128],
  ['ic13', 256],
  ['ic08', 256],
  ['ic14', 512],
  ['ic09', 512],
  ['ic10', 1024],
];
/** The tray (src/main/app-icons.ts): PNGs at each scale Electron picks by suffix (Linux), and one .ico (Windows). */
const TRAY_PNGS = [
  ['tray.png', 16],
  ['tray@1.25x.png', 20],
  ['tray@1.5x.png', 24],
  ['tray@2x.png', 32],
];
const TRAY_ICO_SIZES = [16, 20, 24, 32];

/** An .ico whose entries are PNG-compressed (read by Windows since Vista): a directory, then the images. */
function icoOf(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i;
    // A byte each for width and height: 0 stands for 256.
    header.writeUInt8(size % 256, at);
    header.writeUInt8(size % 256, at + 1);
    header.writeUInt8(0, at + 2); // no palette
    header.writeUInt8(0, at + 3);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

/** An .icns: 'icns' and the file's length, then each entry as its type, its length with this 8-byte head, and its PNG. */
function icnsOf(entries) {
  const parts = entries.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(8 + png.length, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

async function main() {
  const svg = {
    large: await readFile(join(resources, SOURCES.large.file)),
    small: await readFile(join(resources, SOURCES.small.file)),
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // sRGB in, sRGB out: no display profile may shift the accent colour.
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--force-color-profile=srgb'],
  });
  const page = await browser.newPage({ deviceScaleFactor: 1 });

  /** One size, drawn from the source that suits it; `mac` puts it on Apple's grid with its shadow. */
  async function render(size, { mac = false } = {}) {
    const which = size <= SMALL_MAX ? 'small' : 'large';
    const side = (size * (mac ? MAC_PLATE : SOURCES[which].plate)) / SOURCES[which].plate;
    const at = (size - side) / 2;
    const shadow = mac ? `filter: drop-shadow(0 ${size * 0.01}px ${size * 0.012}px rgb(0 0 0 / 30%));` : '';
    const src = `data:image/svg+xml;base64,${svg[which].toString('base64')}`;
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent;overflow:hidden">` +
        `<img src="${src}" style="position:absolute;left:${at}px;top:${at}px;width:${side}px;height:${side}px;${shadow}"></body></html>`,
    );
    // Runs in the page: the image is decoded before the screenshot is taken.
    await page.evaluate(() => globalThis.document.images[0].decode());
    return page.screenshot({ type: 'png', omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  }

  try {
    const written = [];
    const put = async (relative, data) => {
      await mkdir(dirname(join(resources, relative)), { recursive: true });
      await writeFile(join(resources, relative), data);
      written.push(`${relative} (${data.length} bytes)`);
    };

    await rm(join(resources, 'icons'), { recursive: true, force: true });
    for (const size of LINUX_SIZES) await put(join('icons', `${size}x${size}.png`), await render(size));

    const ico = [];
    for (const size of ICO_SIZES) ico.push({ size, png: await render(size) });
    await put('icon.ico', icoOf(ico));

    const icns = [];
    for (const [type, size] of ICNS_ENTRIES) icns.push({ type, png: await render(size, { mac: true }) });
    await put('icon.icns', icnsOf(icns));

    for (const [name, size] of TRAY_PNGS) await put(join('tray', name), await render(size));
    const tray = [];
    for (const size of TRAY_ICO_SIZES) tray.push({ size, png: await render(size) });
    await put(join('tray', 'tray.ico'), icoOf(tray));

    console.log(`make-icons: wrote ${written.length} files in resources/:\n  ${written.join('\n  ')}`);
  } finally {
    await browser.close();
  }
}

await main();
