// "What changed" (issue 28 §3; decision 078): what an update of a published course changes, for the
// reviewer to read before deciding. Shown above the review wizard's steps of a revision and kept
// open across them (the reviewer may fold it away); the comparison is the server's
// (Course/Revision/Changes/{id}), by origin, so an edited section is never guessed from its title.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RICH_TEXT_FIELDS, revisionChanges, type RevisionChanges, type RevisionPrice } from '@rivet/shared/api/course-revision-changes';
import { ASSET_TYPE_LABELS, type AssetTypeCode } from '@rivet/shared/domain/curriculum';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { StoredRichText } from './stored-rich-text';
import './revision-changes.css';

export const revisionChangesKey = (courseId: number) => ['authoring', 'revision-changes', courseId];

export function useRevisionChanges(courseId: number, enabled: boolean) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: revisionChangesKey(courseId),
    queryFn: ({ signal }) => api.call(revisionChanges, { params: { id: courseId }, signal }),
    enabled,
  });
}

/** How many things differ: one per field, price, picture, module and section. */
export const changeCount = (c: RevisionChanges) => c.fields.length + (c.price ? 1 : 0) + c.pictures.length + c.modules.length + c.sections.length;

export function RevisionChangesPanel({ courseId, publishedCourseId }: { courseId: number; publishedCourseId: number }) {
  const query = useRevisionChanges(courseId, true);
  // Open at first; the reviewer may fold it away while reading the steps, and it stays as left.
  const [open, setOpen] = useState(true);
  return (
    <section className="cw-changes" aria-labelledby="cw-changes-title">
      <div className="cw-changes__header">
        <h2 id="cw-changes-title" className="cw-changes__title">
          What changed in this update
        </h2>
        {query.data ? <span className="cw-changes__count">{countText(changeCount(query.data))}</span> : null}
        <Button variant="ghost" size="sm" onPress={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="cw-changes-body" className="cw-changes__toggle">
          {open ? 'Hide changes' : 'Show changes'}
        </Button>
      </div>
      <div id="cw-changes-body" hidden={!open}>
        <p className="cw-changes__lead">Compared with published course #{publishedCourseId}, which learners keep until this update is approved.</p>
        <QueryState query={query} loadingText="Comparing with the published course...">
          {(changes) => (changeCount(changes) === 0 ? <p className="cw-changes__none">Nothing differs from the published course.</p> : <ChangeList changes={changes} />)}
        </QueryState>
      </div>
    </section>
  );
}

const countText = (n: number) => (n === 0 ? 'no changes' : n === 1 ? '1 change' : `${n} changes`);
const kind = (assetType: number) => ASSET_TYPE_LABELS[assetType as AssetTypeCode] ?? 'Content';
const CHANGE_WORD = { added: 'Added', removed: 'Removed', edited: 'Edited', renamed: 'Renamed', replaced: 'Replaced' } as const;

function Change({ change, children }: { change: keyof typeof CHANGE_WORD; children: ReactNode }) {
  return (
    <li className="cw-changes__item">
      <span className={`cw-changes__tag cw-changes__tag--${change}`}>{CHANGE_WORD[change]}</span> <span className="cw-changes__what">{children}</span>
    </li>
  );
}

function ChangeList({ changes }: { changes: RevisionChanges }) {
  const { fields, price, pictures, modules, sections } = changes;
  return (
    <div className="cw-changes__groups">
      {fields.length || price || pictures.length ? (
        <div className="cw-changes__group">
          <h3 className="cw-changes__group-title">Course details</h3>
          <ul className="cw-changes__list">
            {fields.map((f) =>
              RICH_TEXT_FIELDS.includes(f.field) ? (
                <Change key={f.field} change="edited">
                  <strong>{f.label}</strong>
                  <details className="cw-review-details">
                    <summary>Compare the text</summary>
                    <div className="cw-changes__compare">
                      <div>
                        <p className="cw-changes__side">Published</p>
                        {f.before ? <StoredRichText html={f.before} /> : <p className="cw-guidance">Empty</p>}
                      </div>
                      <div>
                        <p className="cw-changes__side">This update</p>
                        {f.after ? <StoredRichText html={f.after} /> : <p className="cw-guidance">Empty</p>}
                      </div>
                    </div>
                  </details>
                </Change>
              ) : (
                <Change key={f.field} change="edited">
                  <strong>{f.label}</strong>: <Before>{f.before ?? 'empty'}</Before> → <After>{f.after ?? 'empty'}</After>
                </Change>
              ),
            )}
            {price ? (
              <Change change="edited">
                <strong>Price</strong>: <Before>{priceText(price.before)}</Before> → <After>{priceText(price.after)}</After>
              </Change>
            ) : null}
            {pictures.map((p) => (
              <Change key={p.picture} change={p.before && p.after ? 'replaced' : p.after ? 'added' : 'removed'}>
                <strong>{p.label}</strong>
                {p.picture !== 'promoVideo' ? (
                  <span className="cw-changes__pictures">
                    {p.before ? <img src={p.before} alt={`${p.label}, published`} /> : null}
                    {p.before && p.after ? <span aria-hidden="true">→</span> : null}
                    {p.after ? <img src={p.after} alt={`${p.label}, this update`} /> : null}
                  </span>
                ) : p.after ? (
                  <>
                    {' '}
                    (<a href={p.after} target="_blank" rel="noreferrer">
                      watch the new video
                    </a>
                    )
                  </>
                ) : null}
              </Change>
            ))}
          </ul>
        </div>
      ) : null}
      {modules.length || sections.length ? (
        <div className="cw-changes__group">
          <h3 className="cw-changes__group-title">Curriculum</h3>
          <ul className="cw-changes__list">
            {modules.map((m, i) => (
              <Change key={`m${i}`} change={m.change}>
                Module <strong>{m.title}</strong>
                {m.previousTitle ? (
                  <>
                    {' '}
                    (was <Before>{m.previousTitle}</Before>)
                  </>
                ) : null}
              </Change>
            ))}
            {sections.map((s, i) => (
              <Change key={`s${i}`} change={s.change}>
                Section <strong>{s.title}</strong> in module {s.module}
                {s.previousTitle ? (
                  <>
                    , was <Before>{s.previousTitle}</Before>
                  </>
                ) : null}
                {s.previousModule ? <>, moved from module {s.previousModule}</> : null}
                {s.contents.length ? (
                  <ul className="cw-changes__contents">
                    {s.contents.map((c, j) => (
                      <li key={j}>
                        {kind(c.assetType)} “{c.title}” {c.change}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </Change>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

const Before = ({ children }: { children: ReactNode }) => <del className="cw-changes__before">{children}</del>;
const After = ({ children }: { children: ReactNode }) => <ins className="cw-changes__after">{children}</ins>;

/** As the Pricing step shows figures: kobo always written. */
const naira = (n: number) => `₦${n.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const priceText = (p: RevisionPrice) => (p.isPaid ? `${naira(p.coursePrice)} (base ${naira(p.basePrice)})` : 'Free');
