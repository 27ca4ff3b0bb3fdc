// The sections that are not videos or quizzes: a compressed-video package (an interactive lesson in
// a sandboxed frame), an article and a picture. Each is completed by the learner ('Mark as
// Completed'); articles and pictures can be saved on the phone ('Download').
import { useState } from 'react';
import type { PlayerAsset } from '@rivet/shared/api/learning';
import { errorMessage } from '@rivet/shared/client/errors';
import { Button } from '@rivet/shared/ui/button';
import { toast } from '@rivet/shared/ui/toast';
import { RichText } from '../../components/rich-text';
import type { CourseDownload } from '../../offline/db';
import { useOnline } from '../../offline/network';
import { assetDownloaded } from '../../offline/offline-media';
import { downloadArticle, downloadImage } from './download';
import { OfflinePackageView } from './offline-package-view';

interface SectionActionsProps {
  /** Resolves once the completion is saved (or its failure shown). */
  onMarkCompleted: () => Promise<void>;
  onDownload?: () => void | Promise<void>;
}

function SectionActions({ onMarkCompleted, onDownload }: SectionActionsProps) {
  const [saving, setSaving] = useState(false);
  const [downloading, setDownloading] = useState(false);
  return (
    <div className="player-actions">
      {onDownload ? (
        <Button
          variant="secondary"
          isPending={downloading}
          onPress={async () => {
            setDownloading(true);
            try {
              await onDownload();
            } catch (error) {
              toast.error(errorMessage(error));
            } finally {
              setDownloading(false);
            }
          }}
        >
          <DownloadIcon />
          Download
        </Button>
      ) : null}
      <Button
        isPending={saving}
        onPress={async () => {
          setSaving(true);
          try {
            await onMarkCompleted();
          } finally {
            setSaving(false);
          }
        }}
      >
        Mark as Completed
      </Button>
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}

interface ViewProps {
  asset: PlayerAsset;
  onMarkCompleted: () => Promise<void>;
}

/**
 * The package's entry page runs in a frame with scripts but no same-origin access: it cannot
 * read the learner's session, the app's storage or the page around it. A downloaded package is
 * shown from the phone instead (offline-package-view.tsx).
 */
export function PackageView({ asset, onMarkCompleted, download }: ViewProps & { download?: CourseDownload | null }) {
  // The address this frame opened with: a refetch of the content (new signatures) must not reload it.
  const [url] = useState(asset.url);
  const online = useOnline();
  const frame = (
    <div className="player-stage player-stage--frame">
      {url ? (
        <iframe className="player-stage__media" src={url} title={asset.title} sandbox="allow-scripts" allow="fullscreen" referrerPolicy="no-referrer" />
      ) : (
        <p className="player-stage__error">This lesson is not available yet.</p>
      )}
    </div>
  );
  return (
    <>
      {url && assetDownloaded(download, asset.courseModuleItemAssetId) ? (
        <OfflinePackageView url={url} title={asset.title} frame={frame} isOnline={online} />
      ) : (
        frame
      )}
      <SectionActions onMarkCompleted={onMarkCompleted} />
    </>
  );
}

export function ArticleView({ asset, onMarkCompleted }: ViewProps) {
  const body = asset.body ?? '';
  return (
    <>
      <article className="player-article" aria-label={asset.title}>
        {body ? <RichText html={body} /> : <p>This article is empty.</p>}
      </article>
      <SectionActions onMarkCompleted={onMarkCompleted} onDownload={body ? () => downloadArticle(asset.title, body) : undefined} />
    </>
  );
}

export function ImageView({ asset, onMarkCompleted }: ViewProps) {
  // Shown from the address it opened with (new signatures must not download it again); saved
  // from the newest one.
  const [shown] = useState(asset.url);
  const url = asset.url;
  return (
    <>
      <figure className="player-picture">{shown ? <img src={shown} alt={asset.title} decoding="async" /> : <p>This picture is not available yet.</p>}</figure>
      <SectionActions onMarkCompleted={onMarkCompleted} onDownload={url ? () => downloadImage(asset.title, url) : undefined} />
    </>
  );
}
