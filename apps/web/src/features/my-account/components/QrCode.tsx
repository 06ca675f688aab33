import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code drawn as one SVG path (uqr, MIT: a few kB, no canvas), black on white with a 4-module
 * quiet zone so a phone held up to the desk scanner or the kiosk camera reads it. `label` is its
 * accessible name (role img).
 */
export const QrCode = ({ value, label, className }: { value: string; label: string; className?: string }) => {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 4 });
    let d = '';
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { size: qr.size, path: d };
  }, [value]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" className={className} data-testid="qr-code" data-qr-payload={value}>
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
};
