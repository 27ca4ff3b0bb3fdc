// "Download my data" (NDPA sections 34 and 38, docs/decisions/090): everything Rivet holds about
// the learner as one JSON file, made on the server when asked (each download is recorded as a data
// request staff can see). The file is built from the answer in the page, so no address that would
// hand the data to whoever has it is ever made.
import { useState } from 'react';
import { exportMyData } from '@rivet/shared/api/privacy';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { Link } from '@rivet/shared/ui/link';
import { toast } from '@rivet/shared/ui/toast';
import { paths } from '../../paths';
import './download-data-panel.css';

export const DATA_DOWNLOADED = 'Your data has been downloaded';

/** rivet-my-data-2026-12-02.json: the day it was made, in Lagos. */
export function exportFileName(exportedAt: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(exportedAt));
  return `rivet-my-data-${day}.json`;
}

export function DownloadDataPanel() {
  const { api } = useSessionManager();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function download() {
    setError(null);
    setBusy(true);
    try {
      const data = await api.call(exportMyData);
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = exportFileName(data.exportedAt);
      document.body.append(a);
      a.click();
      a.remove();
      // The browser has taken the file once the click returns; a moment later the memory goes.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success(DATA_DOWNLOADED);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="data-download" aria-labelledby="data-download-title">
      <h2 id="data-download-title" className="profile__section-title">
        Your data
      </h2>
      <p className="data-download__text">
        Download everything Rivet holds about you (your profile, enrolments, progress, quiz results, payments, certificates, survey answers
        and sign-ins) as one JSON file you can keep or take to another service. See the <Link href={paths.privacy}>Privacy Notice</Link>.
      </p>
      <ErrorAlert error={error} />
      <Button variant="secondary" onPress={() => void download()} isPending={busy} className="data-download__button">
        Download my data
      </Button>
    </section>
  );
}
