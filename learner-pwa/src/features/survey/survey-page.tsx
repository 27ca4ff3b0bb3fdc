// Placeholder while this screen is being built (issue 4).
export function SurveyPage() {
  return <div className="page"><h1 className="page__title">SurveyPage</h1></div>;
}
