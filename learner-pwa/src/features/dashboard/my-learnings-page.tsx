// Placeholder while this screen is being built (issue 4).
export function MyLearningsPage() {
  return <div className="page"><h1 className="page__title">MyLearningsPage</h1></div>;
}
