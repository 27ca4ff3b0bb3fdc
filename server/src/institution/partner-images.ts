// Partners' logo, thumbnail, banner and certificate logo: png, jpeg or gif (spec §8), judged by
// content and re-encoded like every uploaded picture (media/image-uploads.ts), shrunk to fit a
// 1500 x 1500 box (the spec's guidance is 750 x 422; twice that stays sharp on dense screens).
import { PARTNER_IMAGE_MAX_BYTES, PARTNER_MESSAGES } from '@rivet/shared/api/partners';
import { createImageStore, type ImageStore } from '../media/image-uploads';
import type { MediaStorage } from '../storage';

export function createPartnerImageStore(storage: MediaStorage): ImageStore {
  return createImageStore(storage, {
    folder: 'partners',
    maxBytes: PARTNER_IMAGE_MAX_BYTES,
    formats: ['png', 'jpeg', 'gif'],
    messages: { type: PARTNER_MESSAGES.imageType, size: PARTNER_MESSAGES.imageSize },
    resize: { inside: { width: 1500, height: 1500 } },
  });
}
