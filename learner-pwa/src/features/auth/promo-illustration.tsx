/** A phone showing a lesson, drawn inline so the page costs no image download. */
export function PromoIllustration() {
  return (
    <svg className="promo-illustration" viewBox="0 0 320 280" role="presentation">
      <circle cx="160" cy="140" r="120" fill="var(--color-brand-soft)" />
      <circle cx="262" cy="58" r="18" fill="var(--color-accent)" opacity="0.8" />
      <circle cx="56" cy="214" r="10" fill="var(--color-accent)" opacity="0.6" />
      <rect x="108" y="36" width="104" height="208" rx="16" fill="var(--color-surface)" stroke="var(--color-brand)" strokeWidth="4" />
      <rect x="118" y="56" width="84" height="56" rx="6" fill="var(--color-brand)" />
      <path d="M152 72v24l20-12z" fill="var(--color-on-brand)" />
      <rect x="118" y="122" width="70" height="8" rx="4" fill="var(--color-border-strong)" />
      <rect x="118" y="138" width="54" height="8" rx="4" fill="var(--color-border)" />
      <rect x="118" y="160" width="84" height="6" rx="3" fill="var(--color-border)" />
      <rect x="118" y="160" width="52" height="6" rx="3" fill="var(--color-accent-strong)" />
      <rect x="118" y="184" width="84" height="22" rx="6" fill="var(--color-brand)" />
      <rect x="216" y="150" width="76" height="54" rx="10" fill="var(--color-surface)" stroke="var(--color-border)" />
      <path d="M232 178l10 10 20-22" fill="none" stroke="var(--color-success)" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="28" y="86" width="70" height="44" rx="10" fill="var(--color-surface)" stroke="var(--color-border)" />
      <text x="63" y="114" textAnchor="middle" fontSize="16" fontWeight="700" fill="var(--color-brand)">₦</text>
    </svg>
  );
}
