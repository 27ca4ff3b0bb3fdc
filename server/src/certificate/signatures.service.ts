// Certificate Settings' rules (spec 001 §2.9, §5, §8; docs/decisions/040): a partner's staff reach
// their own partner's signatories only, platform staff any partner's and the platform's own (they
// sign for a partner that has none, decision 079); a signatory needs a name, a job title and a
// signature picture; at most MAX_ACTIVE_SIGNATURES are active at once (the certificate's row has
// room for no more); every change has its audit row.
import { MAX_ACTIVE_SIGNATURES, SIGNATURE_MESSAGES as M, type CertificateSignature } from '@rivet/shared/api/certificate-settings';
import type { Audit } from '../audit/audit';
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { assertInstitutionAccess, scopedInstitutionId } from '../http/access';
import type { Caller } from '../http/context';
import { badRequest, conflict, notFound } from '../http/errors';
import type { ImageStore } from '../media/image-uploads';
import type { SignatureRow, SignaturesRepository } from './signatures.repository';

export type SignaturesService = ReturnType<typeof createSignaturesService>;

export function createSignaturesService(deps: { repo: SignaturesRepository; images: ImageStore }) {
  const { repo, images } = deps;

  async function partnerOf(caller: Caller, institutionId: number) {
    assertInstitutionAccess(caller, institutionId);
    const partner = await repo.partner(institutionId);
    // The platform's record passes assertInstitutionAccess for platform staff only.
    if (!partner) throw notFound(M.partnerNotFound);
    return partner;
  }

  async function signatureOf(caller: Caller, id: number): Promise<SignatureRow> {
    const row = await repo.find(id);
    // Another partner's signatory answers as missing would leak nothing either; 403 says why.
    if (!row) throw notFound(M.notFound);
    assertInstitutionAccess(caller, row.institutionId);
    return row;
  }

  const tooMany = () => conflict(M.tooManyActive(MAX_ACTIVE_SIGNATURES));

  return {
    async partners(caller: Caller, id: number | null, page: { page: number; pageSize: number }) {
      return repo.partners(scopedInstitutionId(caller, id), page, !isInstitutionScoped(caller.roleType));
    },

    async list(caller: Caller, institutionId: number): Promise<CertificateSignature[]> {
      await partnerOf(caller, institutionId);
      return repo.list(institutionId);
    },

    async create(caller: Caller, audit: Audit, input: { institutionId: number; name: string; jobTitle: string }, signature: File | undefined): Promise<CertificateSignature> {
      await partnerOf(caller, input.institutionId);
      if (!signature) throw badRequest(M.signature, [{ field: 'signature', message: M.signature }]);
      const signatureUrl = await images.save(signature, 'signature');
      try {
        const made = await repo.create({ ...input, signatureUrl }, MAX_ACTIVE_SIGNATURES, (id) => audit.row(id, `Added certificate signatory ${input.name} (${input.jobTitle}) to partner ${input.institutionId}`));
        if (!made) throw tooMany();
        return made;
      } catch (error) {
        // Nothing refers to the picture if the row was not written.
        await images.remove(signatureUrl);
        throw error;
      }
    },

    async update(caller: Caller, audit: Audit, id: number, input: { name: string; jobTitle: string }, signature: File | undefined): Promise<CertificateSignature> {
      const row = await signatureOf(caller, id);
      const signatureUrl = signature ? await images.save(signature, 'signature') : undefined;
      const changes = [row.name !== input.name ? `name ${row.name} → ${input.name}` : null, row.jobTitle !== input.jobTitle ? `job title ${row.jobTitle} → ${input.jobTitle}` : null, signatureUrl ? 'a new signature' : null].filter(Boolean);
      try {
        const updated = await repo.update(id, { ...input, ...(signatureUrl ? { signatureUrl } : {}) }, audit.row(id, `Updated certificate signatory ${row.name}: ${changes.join(', ') || 'no change'}`));
        // The old picture goes once the row points at the new one.
        if (signatureUrl) await images.remove(row.signatureUrl);
        return updated;
      } catch (error) {
        if (signatureUrl) await images.remove(signatureUrl);
        throw error;
      }
    },

    async setActive(caller: Caller, audit: Audit, id: number, isActive: boolean): Promise<CertificateSignature> {
      const row = await signatureOf(caller, id);
      const updated = await repo.setActive(row, isActive, MAX_ACTIVE_SIGNATURES, audit.row(id, `${isActive ? 'Activated' : 'Deactivated'} certificate signatory ${row.name}`));
      if (!updated) throw tooMany();
      return updated;
    },
  };
}
