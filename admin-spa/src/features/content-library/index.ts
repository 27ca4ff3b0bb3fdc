// The content library's pieces other features use (docs/decisions/030).
export { UploaderModal, type UploaderModalProps } from './uploader-modal';
export { UploaderPanel, type UploaderPanelProps } from './uploader-panel';
export { useChunkedUploads, useLibraryFiles, percentOf, type UploadItem } from './use-content-library';
export { uploadInChunks, hasPendingUpload, forgetUpload } from '@rivet/shared/client/chunked-upload';
export { ProcessingBadge, LibraryFileState } from './processing-badge';
