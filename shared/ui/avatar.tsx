import { useState } from 'react';
import { initials } from '../domain/people';
import './avatar.css';

export interface AvatarProps {
  firstName?: string | null;
  lastName?: string | null;
  /** Picture URL; initials show when absent or when it fails to load. */
  src?: string | null;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

export function Avatar({ firstName, lastName, src, size = 'md' }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const showPicture = Boolean(src) && !failed;
  return (
    <span className={`rv-avatar rv-avatar--${size}`} aria-hidden="true">
      {showPicture ? (
        <img src={src ?? undefined} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <span className="rv-avatar__initials" data-testid="avatar-initials">
          {initials(firstName, lastName)}
        </span>
      )}
    </span>
  );
}
