// Placeholder while this screen is being built (issue 4).
export function VerifyCertificatePage() {
  return <div className="page"><h1 className="page__title">VerifyCertificatePage</h1></div>;
}
