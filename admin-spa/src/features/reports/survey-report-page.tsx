// Survey Report (spec 002 §2.1 /report/survey/{surveyreport}, §2.11): back header, search "Search
// responses", Sort By (Newest, Oldest) and Export to Excel. The spec's table was placeholder data and
// its sort did nothing; here the answers are real, one a row — the question and the answer, the
// day it was given, never the learner or the course (decision 047) — and the sort works
// (decision 051). Answers can be narrowed to one question; SurveyReport.xlsx is the export.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { SURVEY_SORTS, surveyReport, surveyReportList, type SurveyAnswerRow } from '@rivet/shared/api/reports';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { Select } from '@rivet/shared/ui/select';
import type { ListColumn } from '../../components/list-page';
import { ReportPage, useReportFilters } from '../../components/report-page';
import { surveyReportPath } from '../../paths';

const columns: ListColumn<SurveyAnswerRow>[] = [
  { id: 'sno', name: 'S/NO', render: (r) => r.sno },
  { id: 'question', name: 'QUESTION', isRowHeader: true, render: (r) => <span className="report-cell--wrap">{r.question}</span> },
  { id: 'answer', name: 'ANSWER', render: (r) => <span className="report-cell--wrap">{r.answer}</span> },
  { id: 'date', name: 'DATE SUBMITTED', render: (r) => <span className="report-cell--nowrap">{r.dateSubmitted}</span> },
];

const SORT_ITEMS = SURVEY_SORTS.map((s) => ({ id: s, label: s }));

export function SurveyReportPage() {
  const { api } = useSessionManager();
  const navigate = useNavigate();
  const { surveyreport } = useParams();
  const filters = useReportFilters();
  const list = useQuery({ queryKey: ['report-surveys'], queryFn: ({ signal }) => api.call(surveyReportList, { query: { InstitutionId: '0' }, signal }) });
  const surveyItems = (list.data ?? []).map((s) => ({ id: String(s.id), label: `${s.title} (${s.responses} response${s.responses === 1 ? '' : 's'})` }));
  const surveyId = surveyreport ?? (list.data?.[0] ? String(list.data[0].id) : null);
  const picker = (
    <Select label="Survey" items={surveyItems} value={surveyId} onChange={(v) => v && navigate(surveyReportPath(v))} />
  );
  const sort = filters.value('sort') || 'Newest';
  const question = filters.value('question') || '0';
  const questions = useQuery({
    queryKey: ['report-survey-questions', surveyId],
    queryFn: ({ signal }) => api.call(surveyReport, { query: { SurveyId: surveyId!, PageSize: '1' } as never, signal }),
    enabled: Boolean(surveyId),
  });
  const questionItems = [{ id: '0', label: 'All questions' }, ...(questions.data?.questions ?? []).map((q) => ({ id: String(q.id), label: `${q.question} (${q.answered})` }))];

  if (!surveyId) {
    return (
      <div className="list-page">
        <h1 className="list-page__title">Survey Report</h1>
        {list.isPending ? <p>Loading surveys…</p> : <p>No surveys yet.</p>}
      </div>
    );
  }
  return (
    <ReportPage
      title="Survey Report"
      description={questions.data?.survey ? `Answers to “${questions.data.survey.title}”, without names.` : undefined}
      endpoint={surveyReport}
      columns={columns}
      searchLabel="Search responses"
      exportLabel="Export to Excel"
      dateRange
      query={{ SurveyId: surveyId, QuestionId: question, Sort: sort }}
      headerExtra={
        <Button variant="ghost" onPress={() => navigate(-1)}>
          ← Back
        </Button>
      }
      filters={
        <>
          {picker}
          <Select label="Question" items={questionItems} value={question} onChange={(v) => filters.set('question', v === '0' ? '' : (v ?? ''))} />
          <Select label="Sort By" items={SORT_ITEMS} value={sort} onChange={(v) => filters.set('sort', v === 'Newest' ? '' : (v ?? ''))} />
        </>
      }
      emptyText={(search) => (search ? `No answer matches “${search}”.` : 'No answers yet.')}
    />
  );
}
