// A course's thumbnail and banner: png, jpeg or gif judged by content (§5), re-encoded like every
// uploaded picture (media/image-uploads.ts) and shrunk to fit §2.3's guideline sizes.
import { COURSE_AUTHORING_MESSAGES, COURSE_IMAGE_MAX_BYTES, COURSE_IMAGE_SIZES } from '@rivet/shared/api/course-authoring';
import { createImageStore, type ImageStore } from '../media/image-uploads';
import type { MediaStorage } from '../storage';

export interface CourseImageStores {
  thumbnail: ImageStore;
  banner: ImageStore;
}

export function createCourseImageStores(storage: MediaStorage): CourseImageStores {
  const store = (kind: keyof typeof COURSE_IMAGE_SIZES) =>
    createImageStore(storage, {
      folder: 'courses',
      maxBytes: COURSE_IMAGE_MAX_BYTES,
      formats: ['png', 'jpeg', 'gif'],
      messages: { type: COURSE_AUTHORING_MESSAGES.unsupportedFile, size: COURSE_AUTHORING_MESSAGES.imageSize },
      resize: { inside: COURSE_IMAGE_SIZES[kind] },
    });
  return { thumbnail: store('thumbnail'), banner: store('banner') };
}
