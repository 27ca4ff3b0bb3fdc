// The bulk uploader modal (spec 001 §2.6, 650 px wide). For the curriculum step and the course
// forms:
//
//   <UploaderModal kind="video" institutionId={course.institutionId} isOpen={open} onOpenChange={setOpen}
//     onChoose={(file) => setAssetUrl(file.fileLocationUrl)} />
//
// `onChoose` gets the library file (its fileLocationUrl is what a course asset's url holds); the
// modal closes after a choice. While a file uploads the modal cannot be dismissed by clicking
// outside, and `onBusyChange` says so (§4: nothing proceeds while anything uploads).
import { useState, type ReactNode } from 'react';
import { LIBRARY_KINDS, type LibraryFile, type LibraryKind } from '@rivet/shared/api/content-library';
import { Button } from '@rivet/shared/ui/button';
import { Modal } from '@rivet/shared/ui/modal';
import { UploaderPanel } from './uploader-panel';

export interface UploaderModalProps {
  kind: LibraryKind | null;
  institutionId: number | null;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose?: (file: LibraryFile) => void;
  onBusyChange?: (busy: boolean) => void;
  title?: string;
  /** A line above the drop zone (Build Curriculum's Bulk Upload says where the files go). */
  lead?: ReactNode;
}

export function UploaderModal({ kind, institutionId, isOpen, onOpenChange, onChoose, onBusyChange, title, lead }: UploaderModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      width={650}
      title={title ?? `Upload ${kind ? LIBRARY_KINDS[kind].label : 'files'}`}
      footer={
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      {lead ? <p className="cl-modal__lead">{lead}</p> : null}
      <UploaderPanel
        kind={kind}
        institutionId={institutionId}
        onBusyChange={(b) => {
          setBusy(b);
          onBusyChange?.(b);
        }}
        onChoose={
          onChoose &&
          ((file) => {
            onChoose(file);
            onOpenChange(false);
          })
        }
      />
    </Modal>
  );
}
