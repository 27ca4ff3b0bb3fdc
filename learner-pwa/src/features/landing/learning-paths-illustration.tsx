/** A path of lessons leading to a certificate, drawn inline: the spec's video block without the download. */
export function LearningPathsIllustration() {
  return (
    <svg className="paths__art" viewBox="0 0 360 240" role="img" aria-label="A learning path: three lessons leading to a certificate">
      <rect width="360" height="240" rx="20" fill="var(--color-brand)" />
      <path d="M50 190 C 110 190, 100 120, 160 120 S 230 60, 300 60" fill="none" stroke="var(--color-accent)" strokeWidth="4" strokeDasharray="8 8" />
      <circle cx="50" cy="190" r="18" fill="var(--color-surface)" />
      <text x="50" y="196" textAnchor="middle" fontSize="16" fontWeight="700" fill="var(--color-brand)">1</text>
      <circle cx="160" cy="120" r="18" fill="var(--color-surface)" />
      <text x="160" y="126" textAnchor="middle" fontSize="16" fontWeight="700" fill="var(--color-brand)">2</text>
      <circle cx="230" cy="88" r="14" fill="var(--color-surface)" />
      <text x="230" y="93" textAnchor="middle" fontSize="13" fontWeight="700" fill="var(--color-brand)">3</text>
      <rect x="272" y="32" width="60" height="46" rx="6" fill="var(--color-surface)" />
      <circle cx="302" cy="50" r="9" fill="var(--color-accent)" />
      <path d="M296 58l-3 14 9-5 9 5-3-14" fill="var(--color-accent)" />
      <rect x="40" y="36" width="120" height="50" rx="10" fill="rgb(255 255 255 / 0.12)" />
      <path d="M92 50v22l18-11z" fill="var(--color-accent)" />
    </svg>
  );
}
