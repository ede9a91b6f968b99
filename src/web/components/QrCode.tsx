/**
 * A QR code drawn in the browser as one SVG path: no request leaves it. The `qrcode` library comes with
 * the screens that import this (officials' sign-in cards, the print sheets), never with the public pages.
 */
import { create } from 'qrcode';
import { useMemo } from 'react';
import { useT } from '../i18n/locale.ts';
import { componentsText } from './text.ts';

/** Modules of white border the QR code standard asks for around the code. */
export const QR_QUIET_ZONE = 4;

/** The dark modules of `text`'s QR code (error correction M), row by row. */
export function qrMatrix(text: string): { size: number; dark: (row: number, col: number) => boolean } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, col) => !!modules.get(row, col) };
}

export function QrCode({ text, className, label }: { text: string; className: string; label?: string }) {
  const t = useT(componentsText);
  const { size, d } = useMemo(() => {
    const m = qrMatrix(text);
    let path = '';
    for (let row = 0; row < m.size; row++) {
      // One rectangle per run of dark modules in a row keeps the path short.
      for (let col = 0; col < m.size; col++) {
        if (!m.dark(row, col)) continue;
        let run = 1;
        while (col + run < m.size && m.dark(row, col + run)) run++;
        path += `M${col + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${run}v1h-${run}z`;
        col += run - 1;
      }
    }
    return { size: m.size + 2 * QR_QUIET_ZONE, d: path };
  }, [text]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label ?? t('qr', { text })}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
