// Institution service: Certificate Settings (spec 001 §2.9, §3, §4, §5, §7 "Certificate", §8, §9):
// the people whose signatures a partner's certificates carry. A partner's staff manage their own
// partner's signatories; platform staff any partner's (docs/decisions/040). The certificate PDF
// prints the active ones (certificate.routes.ts reads them on every download).
import * as v from 'valibot';
import { defineEndpoint, staffWith } from './contract';
import { MAX_ID, queryId, queryInt, required, requiredQueryBoolean } from './fields';

export const SIGNATURE_MESSAGES = {
  // §8
  updated: 'Certificate Signature Updated successfully',
  updateFailed: 'Failed to update certificate Signature',
  createFailed: 'Failed to create certificate Signature',
  toggleFailed: 'Failed to activate/deactivate',
  // Not in the spec, which disables Save until all three are present (§5).
  created: 'Certificate Signature Created successfully',
  name: 'Please enter the signatory’s name',
  jobTitle: 'Please enter the signatory’s job title',
  signature: 'Please upload the signature',
  signatureType: 'The signature must be a PNG, JPEG or WebP picture',
  signatureSize: 'The signature picture must be at most 1 MB',
  notFound: 'Certificate signature not found',
  partnerNotFound: 'Partner not found',
  tooManyActive: (max: number) => `A certificate has room for ${max} signatures: deactivate one first`,
  activated: 'Record Activated',
  deactivated: 'Record deactivated',
} as const;

export const SIGNATURE_NAME_MAX = 120;
export const SIGNATURE_JOB_TITLE_MAX = 120;
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
/** The certificate's signature row fits this many side by side, legibly. */
export const MAX_ACTIVE_SIGNATURES = 4;
/** §9: the signature link shows the last 16 characters of its URL. */
export const SIGNATURE_LINK_TAIL = 16;

export const signatureLinkText = (url: string) => (url.length > SIGNATURE_LINK_TAIL ? `…${url.slice(-SIGNATURE_LINK_TAIL)}` : url);

export const signatureSchema = v.object({
  id: v.number(),
  institutionId: v.number(),
  name: v.string(),
  jobTitle: v.string(),
  signatureUrl: v.nullable(v.string()),
  isActive: v.boolean(),
});
export type CertificateSignature = v.InferOutput<typeof signatureSchema>;

export const signaturePartnerSchema = v.object({
  id: v.number(),
  name: v.string(),
  fullName: v.string(),
  isActive: v.boolean(),
  /** The platform's own record, listed first for platform staff: its signatories sign for partners that have none (decision 079). */
  isPlatform: v.boolean(),
  activeSignatures: v.number(),
});
export type SignaturePartner = v.InferOutput<typeof signaturePartnerSchema>;

const MANAGE = 'manageCertificateSettings';
const VIEW = ['manageCertificateSettings', 'viewCertificateSettings'] as const;

/**
 * The page's partner list. The spec reads Institution/Search, the learners' list of active
 * partners; staff need inactive ones too (greyed, §2.9) and a partner's staff only their own.
 */
export const listSignaturePartners = defineEndpoint({
  service: 'Institution',
  method: 'GET',
  path: 'Certificate/Partners',
  summary: 'Certificate Settings: the partners whose signatories the caller may see, with how many are active',
  description: 'Platform staff get the platform’s own record first (its signatories sign the certificates of a partner with none) and every partner (active and inactive), or the one Id names; a partner’s staff get their own only. Ordered by name.',
  access: staffWith(...VIEW),
  confine: 'institution',
  query: v.object({ Page: queryInt('Page', 1, 100_000, 1), PageSize: queryInt('PageSize', 1, 1000, 50), Id: queryInt('Id', 0, MAX_ID, 0) }),
  data: v.object({ items: v.array(signaturePartnerSchema), totalRows: v.number() }),
  errors: [400, 401, 403],
});

export const viewSignatures = defineEndpoint({
  service: 'Institution',
  method: 'GET',
  path: 'Certificate/ViewSignatureAndName',
  summary: 'A partner’s certificate signatories, active and inactive',
  access: staffWith(...VIEW),
  confine: 'institution',
  query: v.object({ institutionId: queryId('institutionId') }),
  data: v.array(signatureSchema),
  errors: [400, 401, 403, 404],
});

/** The name and job title come in the query (as the spec has them); the signature picture in the multipart body. */
const signatoryQuery = {
  name: required(SIGNATURE_MESSAGES.name, SIGNATURE_NAME_MAX),
  jobTitle: required(SIGNATURE_MESSAGES.jobTitle, SIGNATURE_JOB_TITLE_MAX),
};

export const uploadSignature = defineEndpoint({
  service: 'Institution',
  method: 'POST',
  path: 'Certificate/UploadSignatureAndName',
  summary: 'Add a signatory to a partner: name, job title (query) and the signature picture (multipart field `signature`)',
  description: `The picture is required: PNG, JPEG or WebP judged by content, at most 1 MB, re-encoded with its transparency and without metadata. A new signatory is active; at most ${MAX_ACTIVE_SIGNATURES} are active at once. Written to the audit trail.`,
  access: staffWith(MANAGE),
  audit: { module: 'Certificate', action: 'UploadSignatureAndName' },
  confine: 'institution',
  form: true,
  files: { signature: { description: 'The signature picture: PNG, JPEG or WebP by content, at most 1 MB.', required: true } },
  maxBodyBytes: SIGNATURE_MAX_BYTES + 64 * 1024,
  query: v.object({ ...signatoryQuery, institutionId: queryId('institutionId') }),
  body: v.object({}),
  data: signatureSchema,
  errors: [400, 401, 403, 404, 409],
});

export const updateSignature = defineEndpoint({
  service: 'Institution',
  method: 'PUT',
  path: 'Certificate/UpdateSignatureAndName',
  summary: 'Change a signatory’s name and job title, and the signature picture when one is sent',
  description: 'Certificates downloaded afterwards show the change. Written to the audit trail.',
  access: staffWith(MANAGE),
  audit: { module: 'Certificate', action: 'UpdateSignatureAndName' },
  confine: 'institution',
  form: true,
  files: { signature: { description: 'A new signature picture (PNG, JPEG or WebP by content, at most 1 MB); left out, the stored one stays.' } },
  maxBodyBytes: SIGNATURE_MAX_BYTES + 64 * 1024,
  query: v.object({ ...signatoryQuery, id: queryId('id') }),
  body: v.object({}),
  data: signatureSchema,
  errors: [400, 401, 403, 404],
});

export const toggleSignature = defineEndpoint({
  service: 'Institution',
  method: 'DELETE',
  path: 'Certificate/ActivateDeactivate',
  summary: 'Activate (isActive=true) or deactivate (isActive=false) a signatory',
  description: `Nothing is deleted. Certificates print only active signatories, at most ${MAX_ACTIVE_SIGNATURES} (409 beyond). Written to the audit trail.`,
  access: staffWith(MANAGE),
  audit: { module: 'Certificate', action: 'ActivateDeactivate' },
  confine: 'institution',
  query: v.object({ id: queryId('id'), isActive: requiredQueryBoolean('isActive') }),
  data: signatureSchema,
  errors: [400, 401, 403, 404, 409],
});
