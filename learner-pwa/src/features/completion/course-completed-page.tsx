// Placeholder while this screen is being built (issue 4).
export function CourseCompletedPage() {
  return <div className="page"><h1 className="page__title">CourseCompletedPage</h1></div>;
}
