// How the curriculum builder gets a media file: a picker component the app supplies (src/app
// composes it from the content library's uploader modal, since one feature never imports
// another). Without one, the builder offers no media entries rather than entries that cannot work.
import { createContext, type ReactNode } from 'react';

export type MediaKind = 'video' | 'compressedVideo' | 'image' | 'audio';

export interface PickedFile {
  guid: string;
  fileName: string;
  /** The storage key a course asset's url holds (decision 030). */
  fileLocationUrl: string;
}

export interface MediaPickerProps {
  kind: MediaKind;
  /** The course's partner, whose library holds the files. */
  institutionId: number;
  onChoose: (file: PickedFile) => void;
  onClose: () => void;
  /** Told while a file uploads (§5: nothing is saved meanwhile). */
  onBusyChange: (busy: boolean) => void;
}

/** Renders the picker (a render function, so the builder never creates a component while rendering). */
export const MediaPickerContext = createContext<((props: MediaPickerProps) => ReactNode) | null>(null);

/**
 * Renders the processing state of the library file a media item uses (docs/decisions/033:
 * 'processing', 'ready', 'failed: <reason>'), refreshed while it processes; supplied by the app
 * from the content library, like the picker. Without one, items show no state.
 */
export const MediaStateContext = createContext<((props: { institutionId: number; url: string }) => ReactNode) | null>(null);

/** The course's partner, for the items' states (set by the builder). */
export const BuilderInstitutionContext = createContext<number | null>(null);

export interface BulkUploaderProps {
  /** The course's partner, whose content library the files go to. */
  institutionId: number;
  /** The partner's name, to say where the files go. */
  institutionName: string;
  onClose: () => void;
  /** Told while a file uploads (§5: nothing is saved meanwhile). */
  onBusyChange: (busy: boolean) => void;
}

/**
 * Build Curriculum's Bulk Upload (spec 001 §2.1, §2.6; decision 089): the content library's
 * uploader for every kind at once, supplied by the app like the picker. Without one, the step
 * offers no Bulk Upload button.
 */
export const BulkUploaderContext = createContext<((props: BulkUploaderProps) => ReactNode) | null>(null);
