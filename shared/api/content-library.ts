// Chunked uploads and the content library (spec 001 §2.6, §3 "Content library file", §5 media
// file types, §7 Course UploadChunks/UploadComplete and the Content library service, §8, §9;
// docs/decisions/030). A file is sent in 1 MiB chunks, each its own request, in any order and
// as often as needed; the status call says which chunks the server holds, so an upload resumes
// from the first missing one. Completing it checks the content's type by its bytes and puts the
// file in the institution's library, which the uploader modal lists by type.
import * as v from 'valibot';
import { defineEndpoint, staffWith } from './contract';
import { MAX_ID, optionalQueryInt, queryId, required, text } from './fields';

/** §9: "Upload chunk size 1048576 bytes (1 MiB); progress is the share of chunks sent." */
export const UPLOAD_CHUNK_SIZE = 1_048_576;
/** A bound on chunks per upload (1 TiB), far above any configured size limit. */
export const MAX_UPLOAD_CHUNKS = 1_048_576;

export const CONTENT_LIBRARY_MESSAGES = {
  // §5 and §8, word for word.
  unsupported: 'Unsupported file selected.',
  notAList: 'An error occurred, kindly contact your admin',
  uploadFailed: 'Failed to upload files from local',
  deleteFailed: 'Failed to delete file',
  deleted: 'File deleted successfully',
  fetching: 'Fetching uploaded files...',
  empty: 'No uploaded file',
  chunkFailed: 'upload failed',
  // Not in the spec: the upload's own refusals.
  fileName: 'fileName is required',
  noUpload: 'No upload by this name is in progress. Send its chunks first.',
  chunkTooLarge: `A chunk holds at most ${UPLOAD_CHUNK_SIZE} bytes.`,
  chunkShort: `Every chunk but the last must hold exactly ${UPLOAD_CHUNK_SIZE} bytes.`,
  chunkOutOfRange: 'The chunk number must be below totalChunks.',
  otherTotal: 'This upload was started with a different number of chunks. Start it again under a new name.',
  emptyChunk: 'The chunk is empty.',
  inUse: 'This file is used by a course and cannot be deleted.',
  notFound: 'File not found',
  uploaded: 'File uploaded successfully',
  uploadedMany: 'Files uploaded successfully',
  noFiles: 'Choose at least one file to upload.',
} as const;

/** "The upload is missing chunks 3, 7 and 9 of 12 …": which ones, so the client can send them. */
export function missingChunksMessage(missing: readonly number[], total: number): string {
  const shown = missing.slice(0, 10).join(', ');
  const more = missing.length > 10 ? ` and ${missing.length - 10} more` : '';
  return `The upload is missing chunk${missing.length === 1 ? '' : 's'} ${shown}${more} of ${total}. Send ${missing.length === 1 ? 'it' : 'them'} again, then complete the upload.`;
}

export function tooLargeMessage(limitBytes: number, what = 'file'): string {
  return `The ${what} is too large: the limit is ${Math.floor(limitBytes / 1_048_576)} MB.`;
}

/**
 * What a library file can be used as, with §3's asset type codes and §5's file types. The server
 * recognises these by their bytes; .txt, .xls and .xlsx (which §5 lists for articles and quizzes)
 * have no reliable signature and are not accepted (decision 030).
 */
export const LIBRARY_KINDS = {
  video: { fileType: 2, label: 'Video', accept: { 'video/mp4': ['.mp4'] } },
  compressedVideo: { fileType: 5, label: 'Compressed Video', accept: { 'application/zip': ['.zip'] } },
  image: { fileType: 1, label: 'Image', accept: { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/gif': ['.gif'] } },
  audio: { fileType: 0, label: 'Audio', accept: { 'audio/mpeg': ['.mp3'] } },
  article: { fileType: 3, label: 'Article', accept: { 'application/pdf': ['.pdf'] } },
} as const;

export type LibraryKind = keyof typeof LIBRARY_KINDS;
export const LIBRARY_KIND_NAMES = Object.keys(LIBRARY_KINDS) as LibraryKind[];
export const FILE_TYPE_CODES = LIBRARY_KIND_NAMES.map((k) => LIBRARY_KINDS[k].fileType);

export const kindOfFileType = (fileType: number): LibraryKind | null => LIBRARY_KIND_NAMES.find((k) => LIBRARY_KINDS[k].fileType === fileType) ?? null;

/** Whether a picked file looks like one of `kind` by its name (the client's first check; the server judges the bytes). */
export function acceptsByName(kind: LibraryKind | null, name: string): boolean {
  const lower = name.toLowerCase();
  const kinds = kind ? [kind] : LIBRARY_KIND_NAMES;
  return kinds.some((k) => Object.values(LIBRARY_KINDS[k].accept).some((exts) => (exts as readonly string[]).some((ext) => lower.endsWith(ext))));
}

const AUTHOR = ['createCourse'] as const;

/** The client's name for the upload: any text (it is never used as a path), at most 255 characters. */
const fileName = required(CONTENT_LIBRARY_MESSAGES.fileName, 255);

const queryCount = (name: string, min: number, max: number) => {
  const range = `${name} must be a whole number from ${min} to ${max}`;
  return v.pipe(required(`${name} is required`), v.regex(/^\d{1,10}$/, range), v.toNumber(), v.minValue(min, range), v.maxValue(max, range));
};

/** 'processing' until the file's job ends; 'failed' comes with a reason. */
export const PROCESSING_STATES = ['processing', 'ready', 'failed'] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

const kindQuery = v.optional(v.picklist(LIBRARY_KIND_NAMES, `kind must be one of ${LIBRARY_KIND_NAMES.join(', ')}`));

export const libraryFileSchema = v.object({
  id: v.number(),
  guid: v.string(),
  /** §3: where the file is. A storage key (`content:library/…`): what a course asset's url holds. */
  fileLocationUrl: v.string(),
  fileName: v.string(),
  /** §3's asset type code: 0 audio, 1 image, 2 video, 3 article, 5 compressed video. */
  fileType: v.number(),
  contentType: v.string(),
  size: v.number(),
  institutionId: v.number(),
  createdAt: v.string(),
  /** Media processing (docs/decisions/033): video ladder, package unpacking, image re-encoding. */
  processingState: v.optional(v.picklist(PROCESSING_STATES)),
  /** Why processing failed, in words for the author. */
  processingError: v.optional(v.nullable(v.string())),
  /** A video's length in seconds, once measured. */
  durationSeconds: v.optional(v.nullable(v.number())),
});
export type LibraryFile = v.InferOutput<typeof libraryFileSchema>;

export const uploadStatusSchema = v.object({
  fileName: v.string(),
  totalChunks: v.number(),
  /** The chunk numbers the server holds, ascending. */
  received: v.array(v.number()),
  /** Set once the upload is complete (a repeated UploadComplete answers the same). */
  completed: v.nullable(v.object({ guid: v.string(), url: v.string() })),
});
export type UploadStatus = v.InferOutput<typeof uploadStatusSchema>;

export const uploadChunk = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/UploadChunks',
  summary: 'One chunk of a file (raw bytes, at most 1 MiB): id is the chunk number from 0',
  description:
    'Chunks may come in any order; one sent again replaces the copy held (harmless). Every chunk but the last holds exactly 1,048,576 bytes. The first chunk records totalChunks and the institution (institution staff: their own; platform staff: InstitutionId); an upload is the caller’s own, named by fileName, which is never used as a path. Uploads left unfinished expire (UPLOAD_EXPIRE_HOURS).',
  access: staffWith(...AUTHOR),
  confine: 'institution',
  rawBody: { maxBytes: UPLOAD_CHUNK_SIZE },
  query: v.object({
    id: queryCount('id', 0, MAX_UPLOAD_CHUNKS - 1),
    fileName,
    totalChunks: queryCount('totalChunks', 1, MAX_UPLOAD_CHUNKS),
    InstitutionId: optionalQueryInt('InstitutionId', 1, MAX_ID),
  }),
  data: v.object({ id: v.number(), size: v.number() }),
  errors: [400, 401, 403, 409],
  audit: { module: 'Course', action: 'Upload chunk' },
});

export const uploadStatus = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/UploadStatus',
  summary: 'Which chunks of an upload the server holds (to resume from the first missing one)',
  description: 'Designed here (not in the spec). 404 when the caller has no upload by that name.',
  access: staffWith(...AUTHOR),
  query: v.object({ fileName }),
  data: uploadStatusSchema,
  errors: [400, 401, 403, 404],
});

export const uploadComplete = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/UploadComplete',
  summary: 'Joins the chunks into one file, checks its type by content and adds it to the institution’s content library',
  description:
    'Refused with the missing chunks’ numbers when any is missing; with “Unsupported file selected.” when the bytes are not an mp4, zip, png, jpeg, gif, mp3 or pdf (or not of `kind`); and when the file is over its configured size limit. Calling it again after success answers the same file.',
  access: staffWith(...AUTHOR),
  query: v.object({ fileName, kind: kindQuery }),
  data: v.object({ guid: v.string(), url: v.string(), file: libraryFileSchema }),
  errors: [400, 401, 403, 404],
  audit: { module: 'Course', action: 'Upload file' },
});

export const uploadMultipleFiles = defineEndpoint({
  service: 'ContentLibrary',
  method: 'POST',
  path: 'FileManager/UploadMultipleFileFromLocal',
  summary: 'Several small files at once (multipart: UserName, files) into the institution’s content library',
  description:
    'For files up to the form limit (UPLOAD_FORM_MAX_MB); larger ones go through Course/UploadChunks. Each file is checked by its content; one unsupported file refuses the whole request and keeps none.',
  access: staffWith(...AUTHOR),
  confine: 'institution',
  form: true,
  files: { files: { description: 'The files, each checked by its content; the whole request within the form limit.', required: true, multiple: true } },
  maxBodyBytes: 64 * 1_048_576,
  body: v.object({ UserName: v.optional(text(255), ''), InstitutionId: optionalQueryInt('InstitutionId', 1, MAX_ID) }),
  data: v.array(libraryFileSchema),
  errors: [400, 401, 403],
  audit: { module: 'FileManager', action: 'Upload files' },
});

export const deleteLibraryFile = defineEndpoint({
  service: 'ContentLibrary',
  method: 'DELETE',
  path: 'FileManager/DeleteFile',
  summary: 'Removes a file from the content library (refused with 409 while a course uses it)',
  access: staffWith(...AUTHOR),
  confine: 'institution',
  query: v.object({ fileId: queryId('fileId') }),
  data: v.null(),
  errors: [400, 401, 403, 404, 409],
  audit: { module: 'FileManager', action: 'Delete file' },
});

export const listLibraryFiles = defineEndpoint({
  service: 'ContentLibrary',
  method: 'GET',
  path: 'FileManager/GetAllFilesByOwnerId',
  summary: 'An institution’s content library, newest first; with fileType, only files of that asset type (the uploader modal’s list)',
  description: 'ownerId is the institution. Institution staff get their own (asking for another is 403); platform staff name one.',
  access: staffWith(...AUTHOR),
  confine: 'institution',
  query: v.object({ ownerId: queryId('ownerId'), fileType: v.optional(v.pipe(v.string(), v.check((s) => FILE_TYPE_CODES.map(String).includes(s), `fileType must be one of ${FILE_TYPE_CODES.join(', ')}`), v.toNumber())) }),
  data: v.array(libraryFileSchema),
  errors: [400, 401, 403],
});
