// A survey's responses (issue 16; decision 047), without the learners' identity: how many chose
// each option, how the rating boxes were used and their mean, and the free-text answers on their own.
import type { SurveyResults } from '@rivet/shared/api/manage-survey';
import { Button } from '@rivet/shared/ui/button';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { useSurveyResults } from './use-manage-survey';
import '../../components/console-page.css';

type Question = SurveyResults['questions'][number];

const percent = (count: number, of: number) => (of === 0 ? 0 : Math.round((count / of) * 100));

export function SurveyResponses({ surveyId, onDone }: { surveyId: number; onDone: () => void }) {
  const results = useSurveyResults(surveyId);
  return (
    <div className="console-page">
      <header className="console-page__header">
        <div>
          <h1 className="console-page__title">{results.data ? `Responses: ${results.data.title}` : 'Responses'}</h1>
          <p className="console-page__lead">
            {results.data ? `${results.data.responses} ${results.data.responses === 1 ? 'learner has' : 'learners have'} answered. ` : ''}Answers are shown without learners’ names; free-text answers are listed alphabetically.
          </p>
        </div>
        <Button variant="secondary" onPress={onDone}>
          Back to surveys
        </Button>
      </header>
      {results.error && !results.data ? (
        <ScreenState kind="error" error={results.error} onRetry={() => void results.refetch()} />
      ) : !results.data ? (
        <ScreenState kind="loading" label="Loading responses" />
      ) : (
        <>
          {results.data.responses === 0 ? <p className="ms__empty">No responses yet: the questions below will fill in as learners answer.</p> : null}
          <ol className="ms-results">
            {results.data.questions.map((q, i) => (
              <li key={q.surveyQuestionId} className="ms-builder__card">
                <h2 className="ms-results__question">
                  {i + 1}. {q.question}
                </h2>
                <p className="ms-results__meta">{q.answered} {q.answered === 1 ? 'answer' : 'answers'}</p>
                <QuestionResults question={q} />
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

function Bars({ rows, of }: { rows: { label: string; count: number }[]; of: number }) {
  return (
    <dl className="ms-bars">
      {rows.map((r) => (
        <div key={r.label} className="ms-bars__row">
          <dt className="ms-bars__label">{r.label}</dt>
          <dd className="ms-bars__value">
            <span className="ms-bars__track" aria-hidden="true">
              <span className="ms-bars__fill" style={{ width: `${percent(r.count, of)}%` }} />
            </span>
            <span className="ms-bars__count">
              {r.count} ({percent(r.count, of)}%)
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function QuestionResults({ question: q }: { question: Question }) {
  if (q.questionType === 1) return <Bars rows={q.options.map((o) => ({ label: o.option, count: o.count }))} of={q.answered} />;
  if (q.questionType === 3) {
    return (
      <>
        <p className="ms-results__average">Average: {q.average === null ? '—' : q.average.toLocaleString('en-NG')}</p>
        <Bars rows={q.ratings.map((r) => ({ label: String(r.value), count: r.count }))} of={q.answered} />
      </>
    );
  }
  return q.answers.length ? (
    <ul className="ms-results__answers">
      {q.answers.map((a, i) => (
        <li key={i}>{a}</li>
      ))}
    </ul>
  ) : (
    <p className="ms-results__meta">No answers yet.</p>
  );
}
