import { describe, expect, it } from 'vitest';
import { newCertificateId, normalizeCertificateId } from './certificate-id';

describe('certificate ids', () => {
  it('are RVT- and twelve Crockford base32 characters in groups of four, all different', () => {
    const ids = Array.from({ length: 2000 }, newCertificateId);
    for (const id of ids) expect(id).toMatch(/^RVT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('are recognised however they are typed', () => {
    expect(normalizeCertificateId('RVT-7K2M-Q9XD-4HBA')).toBe('RVT-7K2M-Q9XD-4HBA');
    expect(normalizeCertificateId('rvt 7k2m q9xd 4hba')).toBe('RVT-7K2M-Q9XD-4HBA');
    expect(normalizeCertificateId('RVT7K2MQ9XD4HBA')).toBe('RVT-7K2M-Q9XD-4HBA');
    expect(normalizeCertificateId('RVT-OIL0-0000-0000')).toBe('RVT-0110-0000-0000');
  });

  it('are refused when they cannot be one', () => {
    for (const raw of ['', 'RVT', 'RVT-7K2M-Q9XD', 'XYZ-7K2M-Q9XD-4HBA', 'RVT-7K2M-Q9XD-4HBU', 'RVT-7K2M-Q9XD-4HBA-1']) {
      expect(normalizeCertificateId(raw), raw).toBeNull();
    }
  });
});
