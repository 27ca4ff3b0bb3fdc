// Demo certificate signatories: two active ones for each active partner (printed on its
// certificates) and one deactivated, which certificates must leave out. The people are fictional.
// Their signature images are generated (signatories-media.ts) and committed in server/media/demo.
import { inArray } from 'drizzle-orm';
import * as t from '../../schema';
import type { Tx } from './catalogue';
import type { PartnerCode } from './course-seed';
import { MEDIA_URL } from './media';
import { signatureSvg } from './signatories-media';

interface SignatorySeed {
  partner: PartnerCode;
  name: string;
  jobTitle: string;
  isActive?: boolean;
}

export const DEMO_SIGNATORIES: SignatorySeed[] = [
  { partner: 'UNILAG', name: 'Prof. Adebola Ogunleye', jobTitle: 'Vice-Chancellor' },
  { partner: 'UNILAG', name: 'Dr. Ngozi Okonkwo-Bassey', jobTitle: 'Director, Distance Learning Institute' },
  { partner: 'UNILAG', name: 'Prof. Emeka Nwachukwu', jobTitle: 'Deputy Vice-Chancellor (Academic)', isActive: false },
  { partner: 'LBS', name: 'Dr. Folake Adeniran', jobTitle: 'Dean' },
  { partner: 'LBS', name: 'Mr. Chidi Okafor', jobTitle: 'Director, Executive Education' },
  { partner: 'ABU', name: 'Prof. Aminu Sani Bello', jobTitle: 'Vice-Chancellor' },
  { partner: 'ABU', name: 'Dr. Hauwa Ibrahim Musa', jobTitle: 'Dean, Continuing Education' },
];

/** /media/demo/signatures/{partner}-{n}.svg, numbered within each partner. */
function withUrls() {
  const counts = new Map<string, number>();
  return DEMO_SIGNATORIES.map((s) => {
    const n = (counts.get(s.partner) ?? 0) + 1;
    counts.set(s.partner, n);
    return { ...s, url: `${MEDIA_URL}/signatures/${s.partner.toLowerCase()}-${n}.svg` };
  });
}

/** Every demo signature image with its URL: what signatories-media.ts writes and the test compares. */
export function demoSignatures(): { url: string; svg: string }[] {
  return withUrls().map((s) => ({ url: s.url, svg: signatureSvg(s.name) }));
}

export async function seedSignatories(tx: Tx): Promise<void> {
  const seeds = withUrls();
  const partners = await tx
    .select({ id: t.institutions.id, code: t.institutions.code })
    .from(t.institutions)
    .where(inArray(t.institutions.code, [...new Set(seeds.map((s) => s.partner))]));
  const ids = new Map(partners.map((p) => [p.code, p.id]));
  const rows = seeds.flatMap((s) => {
    const institutionId = ids.get(s.partner);
    return institutionId ? [{ institutionId, name: s.name, jobTitle: s.jobTitle, signatureUrl: s.url, isActive: s.isActive ?? true }] : [];
  });
  if (rows.length) await tx.insert(t.certificateSignatures).values(rows);
}
