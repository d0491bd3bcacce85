// Strict UTF-8: source files are text the analysis can trust, or refused with the offset of the first bad byte.
import { isUtf8 } from 'node:buffer';

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence; -1 when there is none. */
export function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  // Node's validator (simdutf) answers for well-formed text, nearly every file, at memory speed; the scan below only runs to find the offset.
  return isUtf8(bytes) ? -1 : scanForInvalidUtf8(bytes);
}

function scanForInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    const second = bytes[i + 1] ?? 0;
    if (length > 1) {
      const [low, high] =
        b === 0xe0 ? [0xa0, 0xbf] : b === 0xed ? [0x80, 0x9f] : b === 0xf0 ? [0x90, 0xbf] : b === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
      if (second < low || second > high) return i;
      for (let k = 2; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    }
    i += length;
  }
  return -1;
}

/** The text, or the offset of the first invalid byte; a leading BOM is kept so that diagnostics can report it. */
export function decodeUtf8(bytes: Uint8Array): { ok: true; text: string } | { ok: false; offset: number } {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    return { ok: false, offset: firstInvalidUtf8Offset(bytes) };
  }
}
