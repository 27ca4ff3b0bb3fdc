// Certificate ids are printed, read aloud and typed from paper, so they use Crockford's base32
// (no I, L, O or U) in groups of four: 'RVT-7K2M-Q9XD-4HBA'. Twelve characters carry 60 random
// bits: unguessable, which is what lets the PDF and the verification page be public.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PREFIX = 'RVT';
const LENGTH = 12;

export function newCertificateId(): string {
  let bits = randomBytes(8).readBigUInt64BE();
  let chars = '';
  for (let i = 0; i < LENGTH; i++) {
    chars += ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return format(chars);
}

const format = (chars: string) => `${PREFIX}-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;

/**
 * The canonical id for what someone typed or scanned: any case, with or without dashes or spaces,
 * and the letters Crockford reads as digits (O as 0, I and L as 1). Null when it cannot be an id.
 */
export function normalizeCertificateId(raw: string): string | null {
  const compact = raw.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (!compact.startsWith(PREFIX)) return null;
  const chars = compact.slice(PREFIX.length).replace(/O/g, '0').replace(/[IL]/g, '1');
  if (chars.length !== LENGTH || [...chars].some((c) => !ALPHABET.includes(c))) return null;
  return format(chars);
}
