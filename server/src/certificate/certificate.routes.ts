// Certificates: issue (the learner), the PDF and the verification answer (whoever holds the id).
import type { Hono } from 'hono';
import { generateCertificate, verifyCertificate } from '@rivet/shared/api/learning';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { ImageLoader } from './certificate-images';
import { renderCertificatePdf } from './certificate-pdf';
import type { CertificateService } from './certificate.service';

export function registerCertificateRoutes(app: Hono<AppEnv>, deps: { service: CertificateService; images: ImageLoader }): void {
  const { service, images } = deps;

  bind(app, generateCertificate, async ({ query, caller }) => ({
    data: await service.generate(caller, { userId: query.userId, courseId: query.courseId, institutionId: query.institutionId }),
  }));

  bind(app, verifyCertificate, async ({ params }) => ({ data: await service.verify(params.certificateId ?? '') }));

  // Rendered per request (a few milliseconds once the images are converted): the PDF then always
  // shows the institution's current logo and active signatories.
  app.get('/api/Institution/Certificate/Pdf/:certificateId', async (c) => {
    const { certificate, signing, verifyUrl } = await service.document(c.req.param('certificateId'));
    const { signatories, note } = signing;
    const [logo, ...signatures] = await Promise.all([images.load(certificate.institutionLogo), ...signatories.map((s) => images.load(s.signatureUrl))]);
    const pdf = await renderCertificatePdf({
      certificateId: certificate.id,
      learnerName: certificate.learnerName ?? '',
      courseTitle: certificate.courseTitle,
      institution: certificate.institutionName,
      issuedAt: certificate.issuedAt,
      verifyUrl,
      logo: logo ?? null,
      signatories: signatories.map((s, i) => ({ name: s.name, jobTitle: s.jobTitle, signature: signatures[i] ?? null, typed: s.typed ?? null })),
      signingNote: note,
    });
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="certificate.pdf"',
      'cache-control': 'private, max-age=300',
    });
  });
}
