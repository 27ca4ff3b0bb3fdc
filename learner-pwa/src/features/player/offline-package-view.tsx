// A downloaded lesson package, shown from the phone (offline/offline-package.ts says why it is not
// the sandboxed frame). A package without scripts is always shown this way once downloaded: the
// frame would download its video again. One with scripts keeps the frame while online, and offline
// shows its text, pictures and videos with a note that the interactive parts need the connection.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { readOfflinePackage, type OfflinePackagePage } from '../../offline/offline-package';

/** Inside the shadow root: readable defaults the page's own styles may override. */
const BASE_CSS = `
:host { display: block; }
.package-page { font-family: system-ui, sans-serif; line-height: 1.5; color: #141a26; background: #fff; min-height: 100%; padding: 16px; box-sizing: border-box; }
.package-page img, .package-page video { max-width: 100%; height: auto; }
.package-page video { display: block; width: 100%; background: #000; }
`;

function ShadowPage({ page, title }: { page: OfflinePackagePage; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${BASE_CSS}\n${page.css}</style><div class="package-page">${page.html}</div>`;
  }, [page]);
  return <div ref={host} className="player-package__page" role="region" aria-label={title} />;
}

export interface OfflinePackageViewProps {
  url: string;
  title: string;
  /** The sandboxed frame, for when the page is not on the phone or must run its scripts. */
  frame: ReactNode;
  isOnline: boolean;
}

export function OfflinePackageView({ url, title, frame, isOnline }: OfflinePackageViewProps) {
  const [page, setPage] = useState<OfflinePackagePage | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    readOfflinePackage(url).then(
      (read) => live && setPage(read),
      () => live && setPage(null),
    );
    return () => {
      live = false;
    };
  }, [url]);

  if (page === undefined) return <div className="player-stage player-stage--frame" aria-busy="true" />;
  if (page === null || (page.hadScripts && isOnline)) return <>{frame}</>;
  return (
    <div className="player-package">
      {page.hadScripts ? <p className="player-package__note">You are offline: this lesson’s interactive parts come back with the connection.</p> : null}
      <ShadowPage page={page} title={title} />
    </div>
  );
}
