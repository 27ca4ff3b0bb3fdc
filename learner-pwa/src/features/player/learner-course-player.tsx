// The player as learners have it: progress through the offline outbox to the server
// (use-progress.ts), the Download button, and a downloaded course's media from the phone.
import { useMemo } from 'react';
import type { PlayerContent } from '@rivet/shared/api/learning';
import { DownloadButton } from '../../components/offline-download/download-button';
import type { CourseDownload } from '../../offline/db';
import { useOnline } from '../../offline/network';
import { assetDownloaded, offlineVideoSource } from '../../offline/offline-media';
import { CoursePlayer } from './course-player';
import { OfflinePackageView } from './offline-package-view';
import { PlayerOfflineContext, type PlayerOffline } from './player-offline';
import type { PlayerTarget } from './player-navigation';
import { useProgress } from './use-progress';

export interface LearnerCoursePlayerProps {
  content: PlayerContent;
  requested: PlayerTarget;
  refresh: () => void;
  /** The course's download, when it is downloaded (or downloading): media plays from the phone. */
  download?: CourseDownload | null;
}

export function LearnerCoursePlayer({ content, requested, refresh, download = null }: LearnerCoursePlayerProps) {
  const progress = useProgress(content);
  const online = useOnline();
  const offline = useMemo<PlayerOffline>(
    () => ({
      videoSource: (asset) => offlineVideoSource(asset, download),
      packageView: (asset, url, frame) =>
        assetDownloaded(download, asset.courseModuleItemAssetId) ? <OfflinePackageView url={url} title={asset.title} frame={frame} isOnline={online} /> : null,
    }),
    [download, online],
  );
  return (
    <PlayerOfflineContext.Provider value={offline}>
      <CoursePlayer content={content} requested={requested} refresh={refresh} progress={progress} tools={<DownloadButton courseId={content.courseId} title={content.title} variant="header" />} />
    </PlayerOfflineContext.Provider>
  );
}
