// The curriculum builder's media picker is the content library's bulk uploader modal (spec 001
// §2.4, §2.6; decisions 030, 031), composed here because features do not import each other.
import type { ReactNode } from 'react';
import { UploaderModal } from '../features/content-library';
import { MediaPickerContext, type MediaPickerProps } from '../features/course-wizard/media-picker';

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

export function CourseMediaPickerProvider({ children }: { children: ReactNode }) {
  return <MediaPickerContext.Provider value={renderPicker}>{children}</MediaPickerContext.Provider>;
}
