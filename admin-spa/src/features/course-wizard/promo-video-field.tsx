// The promotional video of Additional Information (spec 001 §2.3; decision 036). Optional (§5).
// The file goes up in 1 MiB chunks into the partner's content library as soon as it is chosen —
// resumable after a dropped connection, with progress — and Save Draft / Continue then name it.
// The picked file is judged by its first bytes (an MP4 has an `ftyp` box), not by its name; the
// server checks again, fully, when the upload completes.
import { useEffect, useRef, useState } from 'react';
import { FileTrigger, ProgressBar } from 'react-aria-components';
import { COURSE_AUTHORING_MESSAGES as M, promoTooLargeMessage, type CourseDraft } from '@rivet/shared/api/course-authoring';
import { errorMessage } from '@rivet/shared/client/errors';
import { forgetUpload, uploadInChunks } from '@rivet/shared/client/chunked-upload';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';

/** What Save Draft / Continue send about the promotional video. */
export type PromoChoice = { kind: 'keep' } | { kind: 'new'; guid: string; fileName: string } | { kind: 'remove' };

export const KEEP_PROMO: PromoChoice = { kind: 'keep' };

/** The form fields of Course/Update/OtherDetails for a choice. */
export function promoFields(choice: PromoChoice): { CoursePromotionalVideoGuid?: string; RemoveCoursePromotionalVideo?: string } {
  if (choice.kind === 'new') return { CoursePromotionalVideoGuid: choice.guid };
  if (choice.kind === 'remove') return { RemoveCoursePromotionalVideo: 'true' };
  return {};
}

/** QuickTime, audio-only and HEIF files also start with `ftyp`; only these brands are a video the browser plays. */
const NOT_MP4_BRANDS = new Set(['qt  ', 'M4A ', 'M4B ', 'M4P ', 'heic', 'heix', 'mif1', 'msf1', 'avif']);

async function looksLikeMp4(file: Blob): Promise<boolean> {
  if (file.size < 12) return false;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const text = String.fromCharCode(...head.subarray(4, 12));
  return text.startsWith('ftyp') && !NOT_MP4_BRANDS.has(text.slice(4));
}

type Upload = { state: 'uploading'; file: File; percent: number } | { state: 'failed'; file: File; percent: number; reason: string };

export interface PromoVideoFieldProps {
  course: Pick<CourseDraft, 'institutionId' | 'coursePromotionalVideoUrl' | 'promotionalVideoMaxBytes' | 'courseBannerUrl'>;
  choice: PromoChoice;
  onChoiceChange: (choice: PromoChoice) => void;
  /** True while a file uploads: Save Draft and Continue wait for it. */
  onBusyChange: (busy: boolean) => void;
  /** The server's refusal of the chosen video, after a save. */
  error?: string | null;
}

export function PromoVideoField({ course, choice, onChoiceChange, onBusyChange, error: serverError }: PromoVideoFieldProps) {
  const { api } = useSessionManager();
  const [upload, setUpload] = useState<Upload | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  // A local preview of the uploaded file until it is saved (object URLs exist in browsers only).
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);
  const madeUrl = useRef<string | null>(null);
  const preview = choice.kind === 'new' ? uploadedUrl : null;
  const abort = useRef<AbortController | null>(null);
  const busy = upload?.state === 'uploading';
  const limitMb = Math.floor(course.promotionalVideoMaxBytes / 1_048_576);

  useEffect(() => {
    onBusyChange(busy);
  }, [busy, onBusyChange]);
  // Leaving the step stops an upload in flight (it resumes if the same file is picked again).
  useEffect(
    () => () => {
      abort.current?.abort();
      if (madeUrl.current) URL.revokeObjectURL(madeUrl.current);
    },
    [],
  );

  function keepPreview(file: File) {
    if (madeUrl.current) URL.revokeObjectURL(madeUrl.current);
    madeUrl.current = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    setUploadedUrl(madeUrl.current);
  }

  async function send(file: File) {
    const controller = new AbortController();
    abort.current = controller;
    setUpload({ state: 'uploading', file, percent: 0 });
    try {
      const result = await uploadInChunks({
        api,
        file,
        kind: 'video',
        institutionId: course.institutionId,
        signal: controller.signal,
        onProgress: (held, total) => setUpload({ state: 'uploading', file, percent: Math.round((held / total) * 100) }),
      });
      setUpload(null);
      keepPreview(file);
      onChoiceChange({ kind: 'new', guid: result.guid, fileName: file.name });
    } catch (failure) {
      if (controller.signal.aborted) return;
      setUpload((current) => ({ state: 'failed', file, percent: current?.percent ?? 0, reason: errorMessage(failure) }));
    }
  }

  async function pick(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setPickError(null);
    if (!(await looksLikeMp4(file))) return setPickError(M.unsupportedFile);
    if (file.size > course.promotionalVideoMaxBytes) return setPickError(promoTooLargeMessage(course.promotionalVideoMaxBytes));
    void send(file);
  }

  function cancel() {
    abort.current?.abort();
    if (upload) forgetUpload(upload.file, 'video');
    setUpload(null);
  }

  const currentUrl = choice.kind === 'keep' ? course.coursePromotionalVideoUrl : null;
  const shownUrl = currentUrl ?? preview;
  const error = pickError ?? serverError ?? null;
  const chooseLabel = currentUrl || choice.kind === 'new' ? 'Replace video' : 'Choose video';

  return (
    <section className="cw-promo" aria-labelledby="cw-promo-title" aria-describedby="cw-promo-hint">
      <div className="rv-picture">
        <div className="rv-picture__frame cw-promo__frame">
          {shownUrl ? (
            // preload="metadata": the first frame shows without downloading the whole video.
            <video className="cw-promo__video" src={shownUrl} controls preload="metadata" aria-label={currentUrl ? 'Current promotional video' : 'New promotional video'} />
          ) : (
            <span className="cw-promo__placeholder" aria-hidden="true">
              ▶
            </span>
          )}
        </div>
        <div className="rv-picture__body">
          <div className="rv-picture__title" id="cw-promo-title">
            Promotional video <span className="cw-optional">(optional)</span>
          </div>
          <div className="rv-picture__hint" id="cw-promo-hint">
            An MP4 of up to {limitMb} MB. Learners see it on the course page once the course is published.
          </div>
          <PromoStatus choice={choice} upload={upload} hasCurrent={Boolean(course.coursePromotionalVideoUrl)} />
          {upload ? (
            <div className="rv-picture__actions">
              {upload.state === 'failed' ? (
                <Button size="sm" variant="secondary" onPress={() => void send(upload.file)}>
                  Retry
                </Button>
              ) : null}
              <Button size="sm" variant="ghost" onPress={cancel}>
                Cancel upload
              </Button>
            </div>
          ) : (
            <div className="rv-picture__actions">
              <FileTrigger acceptedFileTypes={['video/mp4']} onSelect={(files) => void pick(files)}>
                <Button size="sm" variant="secondary">
                  {chooseLabel}
                </Button>
              </FileTrigger>
              {currentUrl || choice.kind === 'new' ? (
                <Button size="sm" variant="ghost" onPress={() => onChoiceChange(course.coursePromotionalVideoUrl ? { kind: 'remove' } : KEEP_PROMO)}>
                  Remove video
                </Button>
              ) : null}
              {choice.kind === 'remove' ? (
                <Button size="sm" variant="ghost" onPress={() => onChoiceChange(KEEP_PROMO)}>
                  Keep the current video
                </Button>
              ) : null}
            </div>
          )}
          {error ? (
            <div className="rv-picture__error" role="alert">
              {error}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function PromoStatus({ choice, upload, hasCurrent }: { choice: PromoChoice; upload: Upload | null; hasCurrent: boolean }) {
  if (upload?.state === 'failed') {
    return (
      <p className="cw-promo__failed" role="alert">
        {upload.file.name}: upload failed <span className="cw-promo__reason">— {upload.reason}</span>
      </p>
    );
  }
  if (upload) {
    return (
      <ProgressBar className="cw-promo__progress" value={upload.percent} aria-label={`Uploading ${upload.file.name}`}>
        {({ percentage }) => (
          <>
            <span className="cw-promo__name">{upload.file.name}</span>
            <span className="cw-promo__track">
              <span className="cw-promo__fill" style={{ width: `${percentage}%` }} />
            </span>
            <span className="cw-promo__value">{Math.round(percentage ?? 0)}%</span>
          </>
        )}
      </ProgressBar>
    );
  }
  if (choice.kind === 'new') {
    return (
      <p className="cw-promo__note" role="status">
        {choice.fileName} uploaded. It becomes the promotional video when you press Save Draft or Continue.
      </p>
    );
  }
  if (choice.kind === 'remove' && hasCurrent) {
    return (
      <p className="cw-promo__note" role="status">
        The promotional video will be removed when you press Save Draft or Continue.
      </p>
    );
  }
  return null;
}
