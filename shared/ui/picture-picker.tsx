// Choosing a new picture: a preview at once, and the spec's type and size rules checked before
// anything is sent (the server checks the content again). The learner's profile and the staff
// profile wizard use it for a profile picture (round avatar); the partner wizards for a partner's
// logo, thumbnail, banner and certificate logo (`title`, `types`, `check`, `preview="image"`).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MESSAGES, PROFILE_PICTURE_TYPES } from '@rivet/shared/api/profile';
import { Avatar } from './avatar';
import { Button } from './button';
import './picture-picker.css';

/** The spec's rule, as the browser can judge it from the file's declared type and size. */
export function checkPicture(file: File): string | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return PROFILE_PICTURE_MESSAGES.type;
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return PROFILE_PICTURE_MESSAGES.size;
  return null;
}

export interface PicturePickerProps {
  firstName: string;
  lastName: string;
  /** The stored picture. */
  current: string | null;
  choice: PictureChoice | null;
  onChange: (file: File | null) => void;
  error: string | null;
  onError: (message: string | null) => void;
  isDisabled?: boolean;
  /** What a good picture is; the default names the accepted types and size. */
  hint?: string;
  /** What the picture is; 'Profile picture' by default. */
  title?: string;
  /** The types the file dialog offers, and the rule a chosen file must pass (profile pictures' by default). */
  types?: readonly string[];
  /** May answer later (a partner picture's pixel size is known once the browser has decoded it). */
  check?: (file: File) => string | null | Promise<string | null>;
  /** A round avatar (profile pictures) or the picture as it is (logos, banners). */
  preview?: 'avatar' | 'image';
  /** The image preview's frame in the picture's intended shape (width / height), so a wrong shape shows as bands. */
  aspect?: number;
}

export function PicturePicker({
  firstName,
  lastName,
  current,
  choice,
  onChange,
  error,
  onError,
  isDisabled,
  hint = 'PNG, JPG, GIF or WebP, up to 2 MB.',
  title = 'Profile picture',
  types = PROFILE_PICTURE_TYPES,
  check = checkPicture,
  preview = 'avatar',
  aspect,
}: PicturePickerProps) {
  const file = choice?.file ?? null;
  const id = useId();
  const src = choice?.preview ?? current;
  return (
    <div className={`rv-picture rv-picture--${preview}`}>
      {preview === 'avatar' ? (
        <Avatar size="xl" firstName={firstName} lastName={lastName} src={src} />
      ) : (
        <div className="rv-picture__frame" style={aspect ? { aspectRatio: String(aspect) } : undefined}>
          {src ? <img src={src} alt={`${title} preview`} className="rv-picture__image" /> : <span className="rv-picture__none">No picture yet</span>}
        </div>
      )}
      <div className="rv-picture__body">
        <p className="rv-picture__title" id={`${id}-label`}>
          {title}
        </p>
        <p className="rv-picture__hint" id={`${id}-hint`}>
          {hint} {file ? `Chosen: ${file.name}` : null}
        </p>
        <div className="rv-picture__actions">
          <FileTrigger
            acceptedFileTypes={[...types]}
            onSelect={(files) => {
              const picked = files?.[0];
              if (!picked) return;
              void Promise.resolve(check(picked)).then((problem) => {
                onError(problem);
                onChange(problem ? null : picked);
              });
            }}
          >
            {/* A logo, thumbnail or banner picker says which picture in its words, not only in an
                aria-label: a name that leaves out the visible words fails speech users (axe's
                label-content-name-mismatch; decision 093). */}
            <Button variant="secondary" size="sm" isDisabled={isDisabled} aria-describedby={`${id}-hint`}>
              {`${current || file ? 'Change' : 'Upload'} ${preview === 'image' ? title : 'picture'}`}
            </Button>
          </FileTrigger>
          {file ? (
            <Button variant="ghost" size="sm" isDisabled={isDisabled} onPress={() => onChange(null)}>
              {current ? 'Keep the current one' : 'Remove'}
            </Button>
          ) : null}
        </div>
        {error ? (
          <p className="rv-picture__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export interface PictureChoice {
  file: File;
  /** A blob: URL of the file for the preview (null where the browser cannot make one). */
  preview: string | null;
}

/** The chosen picture and its preview URL, released when replaced or when the form goes away. */
export function usePictureChoice() {
  const [choice, setChoice] = useState<PictureChoice | null>(null);
  const url = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (url.current) URL.revokeObjectURL(url.current);
      url.current = null;
    },
    [],
  );
  const choose = useCallback((file: File | null) => {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    setChoice(file ? { file, preview: url.current } : null);
  }, []);
  return [choice, choose] as const;
}
