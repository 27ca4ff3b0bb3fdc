// The curriculum builder's media picker is the content library's bulk uploader modal (spec 001
// §2.4, §2.6; decisions 030, 031), composed here because features do not import each other.
import type { ReactNode } from 'react';
import { LibraryFileState, UploaderModal } from '../features/content-library';
import { MediaPickerContext, MediaStateContext, type MediaPickerProps } from '../features/course-wizard/media-picker';

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

const renderState = (props: { institutionId: number; url: string }) => <LibraryFileState {...props} />;

export function CourseMediaPickerProvider({ children }: { children: ReactNode }) {
  return (
    <MediaPickerContext.Provider value={renderPicker}>
      <MediaStateContext.Provider value={renderState}>{children}</MediaStateContext.Provider>
    </MediaPickerContext.Provider>
  );
}
