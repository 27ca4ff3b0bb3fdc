// The overall progress ring (spec: circular overall progress percentage). One image for screen
// readers, named with the figure; the SVG and the number inside are decoration.
const SIZE = 120;
const STROKE = 12;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function ProgressRing({ percentage, label }: { percentage: number; label: string }) {
  const value = Math.min(100, Math.max(0, Math.round(percentage)));
  return (
    <div className="progress-ring" role="img" aria-label={`${label}: ${value}%`}>
      <svg className="progress-ring__svg" viewBox={`0 0 ${SIZE} ${SIZE}`} width={SIZE} height={SIZE} aria-hidden="true">
        <circle className="progress-ring__track" cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} strokeWidth={STROKE} fill="none" />
        {value > 0 ? (
          <circle
          className="progress-ring__fill"
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          strokeWidth={STROKE}
          fill="none"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - value / 100)}
          transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
          />
        ) : null}
      </svg>
      <span className="progress-ring__value" aria-hidden="true">
        {value}%
      </span>
    </div>
  );
}
