// The learner's certificate for a completed course: issued by the first call, the same one after.
import { useQuery } from '@tanstack/react-query';
import { generateCertificate } from '@rivet/shared/api/learning';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';

export const certificateKey = (userId: string, courseId: number) => ['me', 'certificate', userId, courseId] as const;

export function useCertificate(courseId: number | null, options: { enabled?: boolean } = {}) {
  const { api } = useSessionManager();
  const userId = useSession().profile?.userId ?? '';
  return useQuery({
    queryKey: certificateKey(userId, courseId ?? 0),
    enabled: (options.enabled ?? true) && Boolean(userId) && courseId !== null,
    queryFn: ({ signal }) => api.call(generateCertificate, { query: { courseId: String(courseId), userId }, signal }),
    staleTime: Infinity,
  });
}

/** Saves the certificate PDF as certificate.pdf (spec: the Download Certificate link's file name). */
export async function downloadCertificatePdf(certificateUrl: string, fileName = 'certificate.pdf'): Promise<void> {
  const response = await fetch(certificateUrl, { credentials: 'same-origin' });
  if (!response.ok) throw new Error('We couldn’t download your certificate. Please try again.');
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the address is released.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
