import jsQR from 'jsqr';

// Reads a QR code drawn as the app draws it (one SVG path of `M x y h w v1 h-w z` runs, in module
// units, inside a quiet zone) back into pixels and decodes it with jsQR, a reader written by
// others. Shared by the model's vitest test and the e2e spec (which reads the path off the page).

const RUN = /M(\d+) (\d+)h(\d+)v1h-(\d+)z/g;

/** White page with `quiet` modules of margin, `scale` pixels a module; RGBA as jsQR takes it. */
export function rasterisePath(
  path: string,
  size: number,
  quiet: number,
  scale = 4,
): { data: Uint8ClampedArray; width: number } {
  const runs = [...path.matchAll(RUN)];
  // Every character of the path is one of these runs: nothing else is drawn.
  if (runs.map((m) => m[0]).join('') !== path) throw new Error(`not a path of module runs: ${path.slice(0, 80)}`);
  const width = (size + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, xs, ys, ws, back] of runs) {
    if (back !== ws) throw new Error(`a run that does not close: M${xs} ${ys}h${ws}v1h-${back}z`);
    const x0 = Number(xs) + quiet;
    const y0 = Number(ys) + quiet;
    for (let py = y0 * scale; py < (y0 + 1) * scale; py++) {
      for (let px = x0 * scale; px < (x0 + Number(ws)) * scale; px++) {
        const i = (py * width + px) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  }
  return { data, width };
}

/** The text a drawn QR code holds, or undefined when jsQR finds none. */
export function decodePath(path: string, size: number, quiet: number): string | undefined {
  const { data, width } = rasterisePath(path, size, quiet);
  return jsQR(data, width, width)?.data;
}

/** Reads an SVG's viewBox of `-q -q full full` (as OfframpQr draws it) into the symbol's size and quiet zone. */
export function qrGeometry(viewBox: string): { size: number; quiet: number } {
  const [minX, , full] = viewBox.split(/\s+/).map(Number);
  if (minX === undefined || full === undefined || Number.isNaN(minX) || Number.isNaN(full))
    throw new Error(`unexpected viewBox ${viewBox}`);
  return { quiet: -minX, size: full + 2 * minX };
}
