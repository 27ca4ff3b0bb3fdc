import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listSignaturePartners, toggleSignature, updateSignature, uploadSignature, viewSignatures, type CertificateSignature } from '@rivet/shared/api/certificate-settings';
import { useSessionManager } from '@rivet/shared/client/session-context';

/** Spec 001 §9: lists show 50 a page. */
export const SIGNATURE_PARTNERS_PAGE_SIZE = 50;

/** A page of partners, or the one `id` names. */
export function useSignaturePartners(page: number, id: number | null = null) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['signature-partners', page, id],
    queryFn: ({ signal }) => api.call(listSignaturePartners, { query: { Page: String(page), PageSize: String(SIGNATURE_PARTNERS_PAGE_SIZE), Id: String(id ?? 0) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSignatures(institutionId: number | null) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['signatures', institutionId],
    queryFn: ({ signal }) => api.call(viewSignatures, { query: { institutionId: String(institutionId) }, signal }),
    enabled: institutionId !== null,
  });
}

const filesWith = (file: File | null): Record<string, Blob> => (file ? { signature: file } : {});

export function useSignatureCalls() {
  const { api } = useSessionManager();
  return {
    create: (institutionId: number, input: { name: string; jobTitle: string }, file: File | null) =>
      api.send(uploadSignature, { query: { ...input, institutionId: String(institutionId) }, body: {}, files: filesWith(file) }),
    update: (id: number, input: { name: string; jobTitle: string }, file: File | null) => api.send(updateSignature, { query: { ...input, id: String(id) }, body: {}, files: filesWith(file) }),
    toggle: async (signature: CertificateSignature, isActive: boolean) => (await api.send(toggleSignature, { query: { id: String(signature.id), isActive: String(isActive) } })).description,
  };
}
