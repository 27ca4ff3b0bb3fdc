// The sections that are not videos or quizzes: a compressed-video package (an interactive lesson in
// a sandboxed frame), an article and a picture. Each is completed by the learner ('Mark as
// Completed', a quiet 'Completed' once done); articles and pictures can be saved on the phone
// ('Download').
import { useContext, useEffect, useRef, useState } from 'react';
import type { PlayerAsset } from '@rivet/shared/api/learning';
import { errorMessage } from '@rivet/shared/client/errors';
import { Button } from '@rivet/shared/ui/button';
import { toast } from '@rivet/shared/ui/toast';
import { RichText } from '../../components/rich-text';
import { downloadArticle, downloadImage } from './download';
import { PlayerOfflineContext } from './player-offline';

interface SectionActionsProps {
  /** Resolves once the completion is saved (or its failure shown). */
  onMarkCompleted: () => Promise<void>;
  onDownload?: () => void | Promise<void>;
  /** Done already: no call to action, just the state. */
  completed?: boolean;
}

function SectionActions({ onMarkCompleted, onDownload, completed = false }: SectionActionsProps) {
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
      {completed ? (
        <p className="player-actions__done">
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
          Completed
        </p>
      ) : (
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
      )}
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
  /** The section is complete. */
  completed?: boolean;
}

/** Whether the browser can put an element full screen (iPhones cannot, except for videos). */
const canGoFullscreen = () => typeof document !== 'undefined' && document.fullscreenEnabled === true && typeof HTMLElement.prototype.requestFullscreen === 'function';

/**
 * The package in its frame. Its page is another origin, so its height cannot be read: the frame
 * is tall enough for a lesson page on a phone (most of the screen, where a 4:3 strip cut the
 * lesson's own video controls off) and 4:3 on wide screens, and 'Full screen' gives it the whole
 * screen: the browser's full screen where it has one, else the frame fills the window.
 */
function PackageFrame({ url, title }: { url: string | null; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);
  useEffect(() => {
    const sync = () => setFull(document.fullscreenElement === box.current && box.current !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  useEffect(() => {
    if (!full || canGoFullscreen()) return;
    // The window-filling fallback: Escape leaves it, as it leaves the browser's own full screen.
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setFull(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [full]);
  const toggle = () => {
    const element = box.current;
    if (!element) return;
    if (canGoFullscreen()) {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => setFull(false));
      else void element.requestFullscreen().catch(() => setFull(true));
      return;
    }
    setFull((now) => !now);
  };
  return (
    <div ref={box} className={`player-frame${full ? ' player-frame--full' : ''}`}>
      <div className="player-stage player-stage--frame">
        {url ? (
          <iframe className="player-stage__media" src={url} title={title} sandbox="allow-scripts" allow="fullscreen" referrerPolicy="no-referrer" />
        ) : (
          <p className="player-stage__error">This lesson is not available yet.</p>
        )}
      </div>
      {url ? (
        <div className="player-frame__tools">
          <Button variant="ghost" size="sm" onPress={toggle}>
            <FullScreenIcon exit={full} />
            {full ? 'Exit full screen' : 'Full screen'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function FullScreenIcon({ exit }: { exit: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={exit ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'} />
    </svg>
  );
}

/**
 * The package's entry page runs in a frame with scripts but no same-origin access: it cannot
 * read the learner's session, the app's storage or the page around it. A downloaded package is
 * shown from the phone instead (offline-package-view.tsx, through PlayerOfflineContext), at its
 * content's own height.
 */
export function PackageView({ asset, onMarkCompleted, completed }: ViewProps) {
  // The address this frame opened with: a refetch of the content (new signatures) must not reload it.
  const [url] = useState(asset.url);
  const offline = useContext(PlayerOfflineContext);
  const frame = <PackageFrame url={url} title={asset.title} />;
  return (
    <>
      {(url && offline?.packageView(asset, url, frame)) || frame}
      <SectionActions onMarkCompleted={onMarkCompleted} completed={completed} />
    </>
  );
}

export function ArticleView({ asset, onMarkCompleted, completed }: ViewProps) {
  const body = asset.body ?? '';
  return (
    <>
      <article className="player-article" aria-label={asset.title}>
        {body ? <RichText html={body} /> : <p>This article is empty.</p>}
      </article>
      <SectionActions onMarkCompleted={onMarkCompleted} completed={completed} onDownload={body ? () => downloadArticle(asset.title, body) : undefined} />
    </>
  );
}

/**
 * An image lesson's alt text is its author's description (decision 093), never the file name (an
 * image's title is the uploaded file's name). One stored before authors were asked for it falls
 * back to the section's own title.
 */
export const imageAlt = (asset: Pick<PlayerAsset, 'altText'>, sectionTitle: string) => asset.altText?.trim() || `Picture for the lesson “${sectionTitle}”`;

export function ImageView({ asset, sectionTitle, onMarkCompleted, completed }: ViewProps & { sectionTitle: string }) {
  // Shown from the address it opened with (new signatures must not download it again); saved
  // from the newest one.
  const [shown] = useState(asset.url);
  const url = asset.url;
  return (
    <>
      <figure className="player-picture">{shown ? <img src={shown} alt={imageAlt(asset, sectionTitle)} decoding="async" /> : <p>This picture is not available yet.</p>}</figure>
      <SectionActions onMarkCompleted={onMarkCompleted} completed={completed} onDownload={url ? () => downloadImage(asset.title, url) : undefined} />
    </>
  );
}
