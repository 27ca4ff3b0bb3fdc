// Placeholder while this screen is being built (issue 4).
export function CertificatePage() {
  return <div className="page"><h1 className="page__title">CertificatePage</h1></div>;
}
