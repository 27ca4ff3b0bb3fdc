// The curriculum builder's media picker is the content library's bulk uploader modal (spec 001
// §2.4, §2.6; decisions 030, 031), composed here because features do not import each other; so is
// Build Curriculum's Bulk Upload, the same modal for every kind of file (decision 089).
import type { ReactNode } from 'react';
import { LibraryFileState, UploaderModal } from '../features/content-library';
import { BulkUploaderContext, MediaPickerContext, MediaStateContext, type BulkUploaderProps, type MediaPickerProps } from '../features/course-wizard/media-picker';

function CourseMediaPicker({ kind, institutionId, onChoose, onClose, onBusyChange }: MediaPickerProps) {
  return (
    <UploaderModal
      kind={kind}
      institutionId={institutionId}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onBusyChange={onBusyChange}
      onChoose={onChoose}
    />
  );
}

const renderPicker = (props: MediaPickerProps) => <CourseMediaPicker {...props} />;

function CourseBulkUploader({ institutionId, institutionName, onClose, onBusyChange }: BulkUploaderProps) {
  return (
    <UploaderModal
      kind={null}
      institutionId={institutionId}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onBusyChange={onBusyChange}
      title="Bulk Upload"
      lead={`Files go to ${institutionName}’s content library; add them to a section with Add Content.`}
    />
  );
}

const renderBulkUploader = (props: BulkUploaderProps) => <CourseBulkUploader {...props} />;

const renderState = (props: { institutionId: number; url: string }) => <LibraryFileState {...props} />;

export function CourseMediaPickerProvider({ children }: { children: ReactNode }) {
  return (
    <MediaPickerContext.Provider value={renderPicker}>
      <MediaStateContext.Provider value={renderState}>
        <BulkUploaderContext.Provider value={renderBulkUploader}>{children}</BulkUploaderContext.Provider>
      </MediaStateContext.Provider>
    </MediaPickerContext.Provider>
  );
}
