// Placeholder while this screen is being built (issue 4).
export function PlayerPage() {
  return <div className="page"><h1 className="page__title">PlayerPage</h1></div>;
}
