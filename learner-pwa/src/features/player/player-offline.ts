// What a downloaded course changes in the player: videos play the rendition on the phone and a
// lesson package may be shown from it. The learner app supplies it (learner-course-player.tsx);
// the staff preview has no downloads, so the player's own files never load the offline store.
import { createContext, type ReactNode } from 'react';
import type { PlayerAsset } from '@rivet/shared/api/learning';
import type { MediaSource } from '../../offline/offline-media';

export interface PlayerOffline {
  /** The downloaded rendition of a video, played instead of the network's; null when not on the phone. */
  videoSource(asset: PlayerAsset): MediaSource | null;
  /** A downloaded package's view around its frame, or null to show the frame alone. */
  packageView(asset: PlayerAsset, url: string, frame: ReactNode): ReactNode | null;
}

export const PlayerOfflineContext = createContext<PlayerOffline | null>(null);
