import { useMemo } from 'react';
import { QUIET_ZONE, qrMatrix, qrPath } from '../../accounts/model/offramp-qr';

interface Props {
  text: string;
  /** What the code holds, for people who cannot see it (names the chain and currency). */
  label: string;
}

/**
 * A QR code drawn as one SVG path from the symbol's modules: no canvas, no data URL and no
 * markup string, so it needs nothing from the CSP and cannot inject anything.
 */
export function OfframpQr({ text, label }: Props) {
  const { path, size } = useMemo(() => {
    const m = qrMatrix(text);
    return { path: qrPath(m), size: m.size };
  }, [text]);
  const full = size + 2 * QUIET_ZONE;
  return (
    <svg className="offramp-qr" role="img" aria-label={label} viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${full} ${full}`} shapeRendering="crispEdges">
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={full} height={full} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
