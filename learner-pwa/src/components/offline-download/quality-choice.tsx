// Choosing what to download: each quality with its size, so the learner knows the data it costs
// before spending it (issue 5: the size of each before downloading).
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { OfflineQuality } from '@rivet/shared/api/offline';
import type { DownloadQuality } from '../../offline/db';
import { formatBytes } from '../../offline/storage';

const HINTS: Record<DownloadQuality, string> = {
  'data-saver': 'Smallest download. Clear enough on a phone screen.',
  standard: 'Sharper picture. Uses more data and space.',
};

export interface QualityChoiceProps {
  qualities: OfflineQuality[];
  value: DownloadQuality;
  onChange: (quality: DownloadQuality) => void;
  isDisabled?: boolean;
}

export function QualityChoice({ qualities, value, onChange, isDisabled }: QualityChoiceProps) {
  return (
    <RadioGroup className="offline-choice" value={value} onChange={(next) => onChange(next as DownloadQuality)} isDisabled={isDisabled}>
      <Label className="offline-choice__label">Video quality</Label>
      <div className="offline-choice__options">
        {qualities.map((q) => (
          <Radio key={q.quality} value={q.quality} className="offline-choice__option">
            <span className="offline-choice__mark" aria-hidden="true" />
            <span className="offline-choice__text">
              <span className="offline-choice__name">
                {q.label} · <span className="offline-choice__size">{formatBytes(q.bytes)}</span>
              </span>
              <span className="offline-choice__hint">{HINTS[q.quality]}</span>
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
