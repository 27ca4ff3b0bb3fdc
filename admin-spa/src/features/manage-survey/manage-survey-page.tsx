// Manage Survey (spec 001 §2.9 "End of course Survey"; issue 16; decision 047): the platform
// administrators' surveys in two tabs (Active Survey: every finished survey with its toggle; Draft),
// and, at the same address, the builder (?view=new, ?view=edit&id=), the Assign screen
// (?view=assign&id=) and a survey's responses (?view=responses&id=).
import { useSearchParams } from 'react-router';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { SurveySummary } from '@rivet/shared/api/course-survey';
import { REPORT_READERS } from '@rivet/shared/api/reports';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { surveyReportPath } from '../../paths';
import { EditIcon, PowerIcon } from '../../components/row-icons';
import { useToggleConfirmation } from '../../components/toggle-confirmation';
import { SurveyAssign } from './survey-assign';
import { SurveyBuilder } from './survey-builder';
import { SurveyResponses } from './survey-responses';
import { useSurveyCalls, useSurveyList, type SurveyTab } from './use-manage-survey';
import '../../components/console-page.css';
import './manage-survey.css';

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' });

// Only the two platform admin roles reach this page (screen-access.ts).
export function ManageSurveyPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view');
  const id = Number(params.get('id')) || null;
  const tab: SurveyTab = params.get('tab') === 'draft' ? 'draft' : 'active';
  const backToList = (toTab: SurveyTab = tab) => setParams(toTab === 'draft' ? { tab: 'draft' } : {});

  if (view === 'new') return <SurveyBuilder surveyId={null} onDone={backToList} />;
  if (view === 'edit' && id) return <SurveyBuilder surveyId={id} onDone={backToList} />;
  if (view === 'assign' && id) return <SurveyAssign surveyId={id} onDone={() => backToList('active')} />;
  if (view === 'responses' && id) return <SurveyResponses surveyId={id} onDone={() => backToList()} />;

  return (
    <div className="console-page">
      <header className="console-page__header">
        <div>
          <h1 className="console-page__title">End of course Survey</h1>
          <p className="console-page__lead">Surveys learners answer when they finish a course. Authors choose among the active ones; you can also assign them here.</p>
        </div>
        <Button onPress={() => setParams({ view: 'new' })}>Add a survey</Button>
      </header>
      <Tabs selectedKey={tab} onSelectionChange={(key) => setParams(key === 'draft' ? { tab: 'draft' } : {})}>
        <TabList aria-label="Surveys" className="console-tabs__list">
          <Tab id="active" className="console-tabs__tab">
            Active Survey
          </Tab>
          <Tab id="draft" className="console-tabs__tab">
            Draft
          </Tab>
        </TabList>
        <TabPanel id="active" className="console-tabs__panel">
          <SurveyTable tab="active" open={(next) => setParams(next)} />
        </TabPanel>
        <TabPanel id="draft" className="console-tabs__panel">
          <SurveyTable tab="draft" open={(next) => setParams(next)} />
        </TabPanel>
      </Tabs>
    </div>
  );
}

function SurveyTable({ tab, open }: { tab: SurveyTab; open: (params: Record<string, string>) => void }) {
  const list = useSurveyList(tab);
  const calls = useSurveyCalls();
  // The Survey Report needs a report permission (§6; decision 051); without one the link would lead to the dashboard.
  const readsReport = hasAnyPermission(useProfile().permissions, ...REPORT_READERS.institution);
  const toggle = useToggleConfirmation<SurveySummary & { name: string }>({
    noun: 'survey',
    toggle: (s) => calls.toggle(s.surveyId),
    onDone: () => list.refetch(),
    failed: { activate: 'Failed to activate survey', deactivate: 'Failed to deactivate survey' },
    deactivateHint: () => 'Authors will no longer be offered it. Courses it is assigned to keep it, but their learners finish without it until you activate it again; answers already given are kept.',
  });

  if (list.error && !list.data) return <ScreenState kind="error" error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <ScreenState kind="loading" label="Loading surveys" />;
  if (list.data.length === 0) {
    return (
      <div className="ms__empty">
        <p>{tab === 'draft' ? 'No draft created' : 'No Survey created'}</p>
        <Button variant="secondary" onPress={() => open({ view: 'new' })}>
          Create Survey
        </Button>
      </div>
    );
  }
  return (
    <div className="console-table-wrap">
      <table className="console-table ms-table" aria-label={tab === 'draft' ? 'Draft surveys' : 'Surveys'}>
        <thead>
          <tr>
            <th scope="col">S/N</th>
            <th scope="col">Title</th>
            <th scope="col">Date Created</th>
            <th scope="col">Created by</th>
            <th scope="col">Responses</th>
            <th scope="col" className="ms-table__action">
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {list.data.map((s, i) => (
            <tr key={s.surveyId}>
              <td>{i + 1}</td>
              <th scope="row" className="ms-table__title">
                {s.title}
                {!s.draft && !s.isActive ? <span className="ms__badge">Inactive</span> : null}
              </th>
              <td>{dateFormat.format(new Date(s.date))}</td>
              <td>{s.createdBy || '—'}</td>
              <td>
                <Button variant="ghost" size="sm" aria-label={`View ${s.responses} responses to ${s.title}`} onPress={() => open({ view: 'responses', id: String(s.surveyId) })}>
                  {s.responses} {s.responses === 1 ? 'response' : 'responses'}
                </Button>
              </td>
              <td className="ms-table__action">
                <span className="ms__actions">
                  <IconButton aria-label={`Edit ${s.title}`} onPress={() => open({ view: 'edit', id: String(s.surveyId), ...(tab === 'draft' ? { tab } : {}) })}>
                    <EditIcon />
                  </IconButton>
                  {s.isActive && !s.draft ? (
                    <Button variant="secondary" size="sm" aria-label={`Assign ${s.title}`} onPress={() => open({ view: 'assign', id: String(s.surveyId) })}>
                      Assign
                    </Button>
                  ) : null}
                  {!s.draft && readsReport ? (
                    <ButtonLink variant="ghost" size="sm" href={surveyReportPath(s.surveyId)} aria-label={`Survey Report of ${s.title}`}>
                      Report
                    </ButtonLink>
                  ) : null}
                  {s.draft ? null : (
                    <IconButton aria-label={`${s.isActive ? 'Deactivate' : 'Activate'} ${s.title}`} className={s.isActive ? 'ms__toggle ms__toggle--on' : 'ms__toggle'} onPress={() => toggle.ask({ ...s, name: s.title })}>
                      <PowerIcon />
                    </IconButton>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {toggle.dialog}
    </div>
  );
}
