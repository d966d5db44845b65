import { useMemo } from 'react';
import { QUIET_ZONE, qrDrawing, qrPath } from '../../accounts/model/offramp-qr';

interface Props {
  text: string;
  /** What the code holds, for people who cannot see it (names the chain and currency). */
  label: string;
}

/**
 * A QR code drawn as one SVG path from the symbol's modules: no canvas, no data URL and no
 * markup string, so it needs nothing from the CSP and cannot inject anything. Text that cannot be
 * encoded gets a sentence in its place (the address beside it can still be copied), never a throw
 * that would take the account's screen with it.
 */
export function OfframpQr({ text, label }: Props) {
  const drawing = useMemo(() => {
    const d = qrDrawing(text);
    return d.ok ? { ok: true as const, path: qrPath(d.matrix), size: d.matrix.size } : d;
  }, [text]);
  if (!drawing.ok) {
    return <p className="offramp-qr offramp-qr--none">{`No QR code: ${drawing.reason}. Copy the address instead.`}</p>;
  }
  const full = drawing.size + 2 * QUIET_ZONE;
  return (
    <svg
      className="offramp-qr"
      role="img"
      aria-label={label}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${full} ${full}`}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={full} height={full} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
