// What downloads take on this phone, for My learnings: 'Offline downloads: 2 courses · 38 MB ·
// 1.2 GB free on this phone'. Counts what is stored (finished files), not what is planned.
import { Fragment } from 'react';
import { formatBytes } from '../../offline/storage';
import { useDownloadManager, useStorageFigures, useUserDownloads } from '../../offline/use-downloads';
import { DownloadStateIcon } from './download-icons';
import { storedBytes } from './download-text';
import './offline-download.css';

export function DownloadsSummary() {
  const { userId, supported } = useDownloadManager();
  const downloads = useUserDownloads(userId);
  const used = downloads?.reduce((sum, d) => sum + storedBytes(d.files), 0) ?? 0;
  const figures = useStorageFigures(used);
  if (!supported || !downloads) return null;
  const courses = downloads.filter((d) => storedBytes(d.files) > 0 || d.state !== 'error').length;
  const parts = [courses === 0 ? 'none yet' : `${courses} ${courses === 1 ? 'course' : 'courses'}`];
  if (courses > 0) parts.push(formatBytes(used));
  if (figures?.free != null) parts.push(`${formatBytes(figures.free)} free on this phone`);
  return (
    <p className="offline-summary">
      <DownloadStateIcon state={courses > 0 ? 'complete' : null} />
      <span>
        <span className="offline-summary__label">Offline downloads:</span>{' '}
        {parts.map((part, i) => (
          <Fragment key={part}>
            {i > 0 ? ' · ' : null}
            <span className="offline-summary__part">{part}</span>
          </Fragment>
        ))}
      </span>
    </p>
  );
}
