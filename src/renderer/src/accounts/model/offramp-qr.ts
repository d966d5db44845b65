import { create } from 'qrcode';

/** A QR code's modules: `size` x `size`, row-major, true where a module is dark. */
export interface QrMatrix {
  size: number;
  dark: boolean[];
}

/**
 * The QR code of `text` as modules, so a screen can draw it as SVG shapes (no canvas, no data URL,
 * no markup injected) and a test can rasterise it and decode it back. Error correction M: an
 * address is read off a screen, not a crumpled label.
 */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const dark: boolean[] = [];
  for (let i = 0; i < modules.size * modules.size; i++) dark.push(modules.data[i] === 1);
  return { size: modules.size, dark };
}

/** A QR code to draw, or why there is none. */
export type QrDrawing = { ok: true; matrix: QrMatrix } | { ok: false; reason: string };

/**
 * `qrMatrix`, for a screen: the encoder throws on empty text and on text longer than a QR code
 * holds, and a throw while drawing would take the screen with it. The address is still shown as
 * text to copy, so the reason is enough.
 */
export function qrDrawing(text: string): QrDrawing {
  if (text === '') return { ok: false, reason: 'there is no address to encode' };
  try {
    return { ok: true, matrix: qrMatrix(text) };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `it cannot be encoded (${why.slice(0, 200)})` };
  }
}

/**
 * One SVG path for every dark module, a horizontal run of them at a time (a few hundred segments,
 * not a few thousand elements), in module units with the origin at the symbol's top-left corner.
 */
export function qrPath({ size, dark }: QrMatrix): string {
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!dark[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && dark[y * size + x]) x++;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  }
  return parts.join('');
}

/** The light margin every reader needs around the symbol, in modules (the standard's four). */
export const QUIET_ZONE = 4;
