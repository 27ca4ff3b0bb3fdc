// What a file is, judged by its first bytes (never by its name or the type the browser declared).
// Only the types §5 lists that have a reliable signature are recognised (decision 030).
import type { LibraryKind } from '@rivet/shared/api/content-library';

export interface DetectedType {
  contentType: string;
  kind: LibraryKind;
  /** The extension the stored file gets (the uploader's name is never used). */
  extension: string;
}

/** Bytes needed to tell every recognised type apart. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

// ISO base media brands that are MP4 video; QuickTime (qt), audio-only (M4A/M4B) and still-image
// (heic, avif, mif1) brands share the box structure and are refused.
const MP4_BRANDS = /^(isom|iso[2-9]|mp4[12]|avc1|M4V |M4VH|M4VP|dash|mmp4|f4v |MSNV|3gp[4-6]|3g2a)$/;

export function detectFileType(head: Uint8Array): DetectedType | null {
  if (head.length >= 12 && ascii(head, 4, 4) === 'ftyp' && MP4_BRANDS.test(ascii(head, 8, 4))) return { contentType: 'video/mp4', kind: 'video', extension: 'mp4' };
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return { contentType: 'application/zip', kind: 'compressedVideo', extension: 'zip' };
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b)) return { contentType: 'image/png', kind: 'image', extension: 'png' };
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { contentType: 'image/jpeg', kind: 'image', extension: 'jpg' };
  if (head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')) return { contentType: 'image/gif', kind: 'image', extension: 'gif' };
  if (head.length >= 5 && ascii(head, 0, 5) === '%PDF-') return { contentType: 'application/pdf', kind: 'article', extension: 'pdf' };
  // MP3: an ID3v2 tag, or an MPEG audio layer III frame header (sync bits, layer bits 01).
  if (head.length >= 3 && ascii(head, 0, 3) === 'ID3') return { contentType: 'audio/mpeg', kind: 'audio', extension: 'mp3' };
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) === 0x02) return { contentType: 'audio/mpeg', kind: 'audio', extension: 'mp3' };
  return null;
}
