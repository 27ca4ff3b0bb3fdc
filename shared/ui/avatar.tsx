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
        // The initials are drawn by CSS from data-initials, not written as text: a button holding a
        // name and an avatar (the account menus) is named "Account menu for Ada", and initials as
        // text would be visible words missing from that name (axe's label-content-name-mismatch;
        // decision 093). The avatar is decoration either way.
        <span className="rv-avatar__initials" data-testid="avatar-initials" data-initials={initials(firstName, lastName)} />
      )}
    </span>
  );
}
