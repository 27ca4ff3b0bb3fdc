// Learners' and staff's profile pictures: a small square WebP (media/image-uploads.ts does the
// checking and re-encoding for every uploaded picture).
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MESSAGES } from '@rivet/shared/api/profile';
import { createImageStore, type ImageStore } from '../media/image-uploads';
import type { MediaStorage } from '../storage';

export const PROFILE_PICTURE_SIZE = 400;
export const PROFILE_PICTURE_URL_PREFIX = '/media/profiles/';

export type ProfilePictureStore = ImageStore;

export function createProfilePictureStore(storage: MediaStorage): ProfilePictureStore {
  return createImageStore(storage, {
    folder: 'profiles',
    maxBytes: PROFILE_PICTURE_MAX_BYTES,
    formats: ['png', 'jpeg', 'gif', 'webp'],
    messages: PROFILE_PICTURE_MESSAGES,
    resize: { square: PROFILE_PICTURE_SIZE },
  });
}
