// Signature pictures: PNG, JPEG or WebP judged by content, re-encoded to WebP (transparency kept,
// metadata dropped) like every uploaded picture (media/image-uploads.ts), and shrunk to fit a box
// twice the size the certificate prints them at.
import { SIGNATURE_MAX_BYTES, SIGNATURE_MESSAGES } from '@rivet/shared/api/certificate-settings';
import { createImageStore, type ImageStore } from '../media/image-uploads';
import type { MediaStorage } from '../storage';

export function createSignatureImageStore(storage: MediaStorage): ImageStore {
  return createImageStore(storage, {
    folder: 'signatures',
    maxBytes: SIGNATURE_MAX_BYTES,
    formats: ['png', 'jpeg', 'webp'],
    messages: { type: SIGNATURE_MESSAGES.signatureType, size: SIGNATURE_MESSAGES.signatureSize },
    resize: { inside: { width: 960, height: 320 } },
  });
}
