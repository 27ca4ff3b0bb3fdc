// Survey Report queries (Drizzle only): a survey's answers one a row, with no learner, course or
// response id (decision 047); institution staff read the answers about their own courses.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { containing } from '../db/shared-queries';
import type { ReportFilter, Slice } from './reports.repository';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

export interface SurveyAnswerFilter extends ReportFilter {
  surveyId: number;
  questionId: number;
  newestFirst: boolean;
}

export interface SurveyAnswerRecord {
  id: number;
  question: string;
  answer: string;
  /** The Lagos day. */
  day: string;
  /** The keyset's time to the microsecond. */
  at: string;
}

export type SurveyReportRepository = ReturnType<typeof createSurveyReportRepository>;

export function createSurveyReportRepository(db: Database) {
  const answerText = sql`coalesce(nullif(o.option, ''), a.answer)`;
  const from = sql`from survey_response_answers a
      join survey_responses r on r.id = a.response_id
      join survey_questions q on q.id = a.question_id
      left join survey_question_options o on o.id = a.option_id`;
  const where = (f: SurveyAnswerFilter): SQL => sql`r.survey_id = ${f.surveyId}
      and ${f.questionId ? sql`a.question_id = ${f.questionId}` : sql`true`}
      and ${f.institutionId ? sql`exists (select 1 from courses c where c.id = r.course_id and c.institution_id = ${f.institutionId})` : sql`true`}
      and ${f.from ? sql`r.submitted_at >= ${f.from.toISOString()}::timestamptz` : sql`true`}
      and ${f.to ? sql`r.submitted_at < ${f.to.toISOString()}::timestamptz` : sql`true`}
      and ${f.search ? sql`${answerText} ilike ${containing(f.search)}` : sql`true`}`;

  return {
    async survey(id: number): Promise<{ id: number; title: string } | null> {
      const [row] = rowsOf<{ id: number; title: string }>(await db.execute(sql`select id, title from surveys where id = ${id}`));
      return row ?? null;
    },
    async questions(f: SurveyAnswerFilter): Promise<{ id: number; question: string; answered: number }[]> {
      return rowsOf(
        await db.execute(sql`select q.id, q.question,
            (select count(*)::int from survey_response_answers a join survey_responses r on r.id = a.response_id left join survey_question_options o on o.id = a.option_id
              where a.question_id = q.id and ${where({ ...f, questionId: 0, search: '' })}) as "answered"
          from survey_questions q where q.survey_id = ${f.surveyId} order by q.position, q.id`),
      );
    },
    async count(f: SurveyAnswerFilter): Promise<number> {
      const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${from} where ${where(f)}`));
      return row?.n ?? 0;
    },
    async answers(f: SurveyAnswerFilter, slice: Slice<{ at: string; id: number }>): Promise<SurveyAnswerRecord[]> {
      const direction = f.newestFirst ? sql`desc` : sql`asc`;
      const after = slice.after ? (f.newestFirst ? sql`and (r.submitted_at, a.id) < (${slice.after.at}::timestamptz, ${slice.after.id})` : sql`and (r.submitted_at, a.id) > (${slice.after.at}::timestamptz, ${slice.after.id})`) : sql``;
      const page = slice.after === undefined ? sql`limit ${slice.limit} offset ${slice.offset}` : sql`limit ${slice.limit}`;
      return rowsOf(
        await db.execute(sql`select a.id, q.question, ${answerText} as "answer", to_char(r.submitted_at at time zone 'Africa/Lagos', 'YYYY-MM-DD') as "day", r.submitted_at::text as "at"
          ${from} where ${where(f)} ${after} order by r.submitted_at ${direction}, a.id ${direction} ${page}`),
      );
    },
    async surveys(institutionId: number | null): Promise<{ id: number; title: string; responses: number }[]> {
      return rowsOf(
        await db.execute(sql`select s.id, s.title,
            (select count(*)::int from survey_responses r where r.survey_id = s.id
              and ${institutionId ? sql`exists (select 1 from courses c where c.id = r.course_id and c.institution_id = ${institutionId})` : sql`true`}) as "responses"
          from surveys s where not s.draft order by s.id desc`),
      );
    },
  };
}
