// The curriculum builder (spec 001 §2.4, §2.5, §4): modules hold sections, sections hold content.
// Each level is a react-aria GridList with drag and drop (useDragAndDrop): rows are moved with the
// pointer or, from the row's drag handle, with the keyboard (Enter, the arrow keys, Enter again;
// Escape cancels), and react-aria announces each stage to screen readers. Rows keep their fields
// usable: keyboardNavigationBehavior="tab" leaves keys typed in a field to the field.
import { useContext, useState } from 'react';
import { Button as AriaButton, GridList, GridListItem, Menu, MenuItem, MenuTrigger, Popover, useDragAndDrop } from 'react-aria-components';
import { ALT_TEXT_GUIDANCE, ASSET_TYPE, ASSET_TYPE_LABELS, CURRICULUM_MESSAGES as M, QUESTION_TYPE_LABELS, CONTENT_MENU, contentMenu, emptyQuestion, emptyQuiz, type AssetTypeCode, type QuizQuestion } from '@rivet/shared/domain/curriculum';
import { Button } from '@rivet/shared/ui/button';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { TextField } from '@rivet/shared/ui/text-field';
import '@rivet/shared/ui/menu.css';
import { ArticleDialog } from './curriculum-article-dialog';
import { QuestionDialog, QuizSetupDialog, TrashIcon } from './curriculum-quiz-dialogs';
import { BuilderInstitutionContext, MediaPickerContext, MediaStateContext, type MediaKind } from './media-picker';
import { emptyModule, emptySection, newKey, reorder, updateModule, updateSection, type BuilderAsset, type BuilderModule, type BuilderSection } from './curriculum-state';

/** Media items come from the partner's content library through the bulk uploader (decision 030). */
const LIBRARY_KIND_OF: Partial<Record<AssetTypeCode, MediaKind>> = {
  [ASSET_TYPE.video]: 'video',
  [ASSET_TYPE.compressVideo]: 'compressedVideo',
  [ASSET_TYPE.image]: 'image',
  [ASSET_TYPE.audio]: 'audio',
};

type Dialog =
  | { kind: 'media'; moduleKey: string; sectionKey: string; assetKey: string | null; assetType: AssetTypeCode }
  | { kind: 'article'; moduleKey: string; sectionKey: string; assetKey: string | null }
  | { kind: 'quiz'; moduleKey: string; sectionKey: string; assetKey: string | null }
  | { kind: 'question'; moduleKey: string; sectionKey: string; assetKey: string; index: number | null; type: 0 | 1 };

export interface CurriculumBuilderProps {
  /** The course's partner: its content library holds the media. */
  institutionId: number;
  /** Told while a file uploads (§5: nothing is saved meanwhile). */
  onUploadingChange: (uploading: boolean) => void;
  modules: BuilderModule[];
  onChange: (change: (modules: BuilderModule[]) => BuilderModule[]) => void;
  /** After a refused save: empty titles show §5's message. */
  showTitleErrors: boolean;
}

const titleOr = (title: string, fallback: string) => title.trim() || fallback;
const plainText = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();

export function CurriculumBuilder({ institutionId, onUploadingChange, modules, onChange, showTitleErrors }: CurriculumBuilderProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const renderPicker = useContext(MediaPickerContext);
  const [focusKey, setFocusKey] = useState<string | null>(null);

  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'application/x-rivet-module': String(key), 'text/plain': titleOr(modules.find((m) => m.key === key)?.title ?? '', 'Untitled module') })),
    acceptedDragTypes: ['application/x-rivet-module'],
    onReorder: (e) => onChange((list) => reorder(list, e.keys, e.target.key, e.target.dropPosition)),
  });

  const addModule = () => {
    const module = emptyModule();
    setFocusKey(module.key);
    onChange((list) => [...list, module]);
  };

  const findAsset = (d: { moduleKey: string; sectionKey: string; assetKey: string | null }) =>
    modules.find((m) => m.key === d.moduleKey)?.sections.find((s) => s.key === d.sectionKey)?.assets.find((a) => a.key === d.assetKey) ?? null;

  const putAsset = (moduleKey: string, sectionKey: string, asset: BuilderAsset) =>
    onChange((list) =>
      updateSection(list, moduleKey, sectionKey, (s) => ({
        ...s,
        assets: s.assets.some((a) => a.key === asset.key) ? s.assets.map((a) => (a.key === asset.key ? asset : a)) : [...s.assets, asset],
      })),
    );

  return (
    <BuilderInstitutionContext.Provider value={institutionId}>
    <div className="cb">
      {modules.length ? (
        <GridList
          aria-label="Course modules"
          className="cb-list cb-list--modules"
          items={modules}
          // Rows render from their item; what else they show (position, errors, focus) must re-render them too.
          dependencies={[modules, showTitleErrors, focusKey]}
          dragAndDropHooks={dragAndDropHooks}
          keyboardNavigationBehavior="tab"
        >
          {(module) => {
            const index = modules.indexOf(module);
            return (
              <GridListItem id={module.key} textValue={`Module ${index + 1}: ${titleOr(module.title, 'untitled')}`} className="cb-item cb-item--module">
                <ModuleCard
                  module={module}
                  index={index}
                  showTitleErrors={showTitleErrors}
                  autoFocus={focusKey === module.key}
                  onChange={(change) => onChange((list) => updateModule(list, module.key, change))}
                  onDelete={() => onChange((list) => list.filter((m) => m.key !== module.key))}
                  onDialog={setDialog}
                  focusKey={focusKey}
                  onFocusKey={setFocusKey}
                />
              </GridListItem>
            );
          }}
        </GridList>
      ) : (
        <p className="cb-empty">No module yet. A course needs at least one module, each with a section holding content.</p>
      )}
      <div>
        <Button variant="secondary" onPress={addModule}>
          Add Course Module
        </Button>
      </div>

      {dialog?.kind === 'media' && renderPicker && LIBRARY_KIND_OF[dialog.assetType]
        ? renderPicker({
            kind: LIBRARY_KIND_OF[dialog.assetType]!,
            institutionId,
            onClose: () => {
              onUploadingChange(false);
              setDialog(null);
            },
            onBusyChange: onUploadingChange,
            onChoose: (file) => {
              const existing = findAsset(dialog);
              const chosen = { title: file.fileName, url: file.fileLocationUrl, fileGuid: file.guid };
              putAsset(dialog.moduleKey, dialog.sectionKey, existing ? { ...existing, ...chosen } : { key: newKey('asset'), id: null, assetType: dialog.assetType, body: '', quiz: null, altText: '', ...chosen });
              onUploadingChange(false);
              setDialog(null);
            },
          })
        : null}
      {dialog?.kind === 'article' ? (
        <ArticleDialog
          mode={dialog.assetKey ? 'update' : 'add'}
          initial={(() => {
            const asset = findAsset(dialog);
            return { title: asset?.title ?? '', body: asset?.body ?? '' };
          })()}
          onCancel={() => setDialog(null)}
          onSave={({ title, body }) => {
            const existing = findAsset(dialog);
            putAsset(dialog.moduleKey, dialog.sectionKey, existing ? { ...existing, title, body } : { key: newKey('asset'), id: null, assetType: ASSET_TYPE.article, title, body, url: null, quiz: null, altText: '' });
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'quiz' ? (
        <QuizSetupDialog
          initial={findAsset(dialog)?.quiz ?? emptyQuiz()}
          onCancel={() => setDialog(null)}
          onSave={(setup) => {
            const existing = findAsset(dialog);
            const quiz = { ...setup, data: existing?.quiz?.data ?? [] };
            putAsset(dialog.moduleKey, dialog.sectionKey, existing ? { ...existing, title: setup.name, quiz } : { key: newKey('asset'), id: null, assetType: ASSET_TYPE.quiz, title: setup.name, body: '', url: null, quiz, altText: '' });
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'question' ? (
        <QuestionDialog
          mode={dialog.index === null ? 'add' : 'update'}
          initial={dialog.index === null ? emptyQuestion(dialog.type) : findAsset(dialog)!.quiz!.data[dialog.index]!}
          // A new question exists only once saved: cancelling it leaves nothing behind (§4).
          onCancel={() => setDialog(null)}
          onSave={(question) => {
            const asset = findAsset(dialog)!;
            const data = asset.quiz!.data;
            const next: QuizQuestion[] = dialog.index === null ? [...data, question] : data.map((q, i) => (i === dialog.index ? question : q));
            putAsset(dialog.moduleKey, dialog.sectionKey, { ...asset, quiz: { ...asset.quiz!, data: next } });
            setDialog(null);
          }}
        />
      ) : null}
    </div>
    </BuilderInstitutionContext.Provider>
  );
}

/** A button (in the kit's look) opening a menu of choices: Add Content, Add New Question. */
function AddMenu({ label, accessibleLabel, items }: { label: string; accessibleLabel: string; items: { id: string; label: string; onAction: () => void }[] }) {
  return (
    <MenuTrigger>
      <Button variant="secondary" size="sm" aria-label={accessibleLabel}>
        {label}
        <svg className="cb-chevron" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </Button>
      <Popover placement="bottom start" className="rv-menu__popover">
        <Menu className="rv-menu" items={items} onAction={(key) => items.find((i) => i.id === key)?.onAction()}>
          {(item) => (
            <MenuItem id={item.id} className="rv-menu__item rv-menu__item--default">
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

function DragHandle({ label }: { label: string }) {
  return (
    <AriaButton slot="drag" className="cb-handle" aria-label={label}>
      <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
        <circle cx="9" cy="6" r="1.6" />
        <circle cx="15" cy="6" r="1.6" />
        <circle cx="9" cy="12" r="1.6" />
        <circle cx="15" cy="12" r="1.6" />
        <circle cx="9" cy="18" r="1.6" />
        <circle cx="15" cy="18" r="1.6" />
      </svg>
    </AriaButton>
  );
}

interface ModuleCardProps {
  module: BuilderModule;
  index: number;
  showTitleErrors: boolean;
  autoFocus: boolean;
  onChange: (change: (m: BuilderModule) => BuilderModule) => void;
  onDelete: () => void;
  onDialog: (dialog: Dialog) => void;
  focusKey: string | null;
  onFocusKey: (key: string) => void;
}

function ModuleCard({ module, index, showTitleErrors, autoFocus, onChange, onDelete, onDialog, focusKey, onFocusKey }: ModuleCardProps) {
  const name = `module ${index + 1}`;
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ [`application/x-rivet-section-${module.key}`]: String(key), 'text/plain': titleOr(module.sections.find((s) => s.key === key)?.title ?? '', 'Untitled section') })),
    acceptedDragTypes: [`application/x-rivet-section-${module.key}`],
    onReorder: (e) => onChange((m) => ({ ...m, sections: reorder(m.sections, e.keys, e.target.key, e.target.dropPosition) })),
  });
  const addSection = () => {
    const section = emptySection();
    onFocusKey(section.key);
    onChange((m) => ({ ...m, sections: [...m.sections, section] }));
  };
  return (
    <div className="cb-card">
      <div className="cb-row">
        <DragHandle label={`Drag ${name}`} />
        <TextField
          className="cb-title"
          label={`Module ${index + 1} title`}
          value={module.title}
          onChange={(title) => onChange((m) => ({ ...m, title }))}
          errorMessage={showTitleErrors && !module.title.trim() ? M.missingTitle : undefined}
          autoFocus={autoFocus}
        />
        <IconButton aria-label={`Delete ${name}`} onPress={onDelete} className="cb-delete">
          <TrashIcon />
        </IconButton>
      </div>
      {module.sections.length ? (
        <GridList
          aria-label={`Sections of ${name}`}
          className="cb-list cb-list--sections"
          items={module.sections}
          dependencies={[module, name, showTitleErrors, focusKey]}
          dragAndDropHooks={dragAndDropHooks}
          keyboardNavigationBehavior="tab"
        >
          {(section) => {
            const sectionIndex = module.sections.indexOf(section);
            return (
              <GridListItem id={section.key} textValue={`Section ${sectionIndex + 1}: ${titleOr(section.title, 'untitled')}`} className="cb-item cb-item--section">
                <SectionCard
                  moduleKey={module.key}
                  moduleName={name}
                  section={section}
                  index={sectionIndex}
                  showTitleErrors={showTitleErrors}
                  autoFocus={focusKey === section.key}
                  onChange={(change) => onChange((m) => ({ ...m, sections: m.sections.map((s) => (s.key === section.key ? change(s) : s)) }))}
                  onDelete={() => onChange((m) => ({ ...m, sections: m.sections.filter((s) => s.key !== section.key) }))}
                  onDialog={onDialog}
                />
              </GridListItem>
            );
          }}
        </GridList>
      ) : (
        <p className="cb-empty">No section yet: every module needs at least one.</p>
      )}
      <div>
        <Button variant="secondary" size="sm" onPress={addSection}>
          Add Course Section
        </Button>
      </div>
    </div>
  );
}

interface SectionCardProps {
  moduleKey: string;
  moduleName: string;
  section: BuilderSection;
  index: number;
  showTitleErrors: boolean;
  autoFocus: boolean;
  onChange: (change: (s: BuilderSection) => BuilderSection) => void;
  onDelete: () => void;
  onDialog: (dialog: Dialog) => void;
}

function SectionCard({ moduleKey, moduleName, section, index, showTitleErrors, autoFocus, onChange, onDelete, onDialog }: SectionCardProps) {
  const name = `section ${index + 1} of ${moduleName}`;
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ [`application/x-rivet-content-${section.key}`]: String(key), 'text/plain': section.assets.find((a) => a.key === key)?.title ?? '' })),
    acceptedDragTypes: [`application/x-rivet-content-${section.key}`],
    onReorder: (e) => onChange((s) => ({ ...s, assets: reorder(s.assets, e.keys, e.target.key, e.target.dropPosition) })),
  });
  const canPick = useContext(MediaPickerContext) !== null;
  const menu = contentMenu(
    section.assets.map((a) => a.assetType),
    canPick ? CONTENT_MENU : [ASSET_TYPE.article, ASSET_TYPE.quiz],
  );
  const add = (type: AssetTypeCode) => {
    if (type === ASSET_TYPE.article) onDialog({ kind: 'article', moduleKey, sectionKey: section.key, assetKey: null });
    else if (type === ASSET_TYPE.quiz) onDialog({ kind: 'quiz', moduleKey, sectionKey: section.key, assetKey: null });
    else onDialog({ kind: 'media', moduleKey, sectionKey: section.key, assetKey: null, assetType: type });
  };
  return (
    <div className="cb-card cb-card--section">
      <div className="cb-row">
        <DragHandle label={`Drag ${name}`} />
        <TextField
          className="cb-title"
          label={`Section ${index + 1} title`}
          value={section.title}
          onChange={(title) => onChange((s) => ({ ...s, title }))}
          errorMessage={showTitleErrors && !section.title.trim() ? M.missingTitle : undefined}
          autoFocus={autoFocus}
        />
        <IconButton aria-label={`Delete ${name}`} onPress={onDelete} className="cb-delete">
          <TrashIcon />
        </IconButton>
      </div>
      {section.assets.length ? (
        <GridList aria-label={`Content of ${name}`} className="cb-list cb-list--content" items={section.assets} dependencies={[section, name, showTitleErrors]} dragAndDropHooks={dragAndDropHooks} keyboardNavigationBehavior="tab">
          {(asset) => (
            <GridListItem id={asset.key} textValue={`${ASSET_TYPE_LABELS[asset.assetType as AssetTypeCode] ?? 'Content'}: ${asset.title}`} className="cb-item cb-item--content">
              <ContentRow
                asset={asset}
                showErrors={showTitleErrors}
                onAltText={(altText) => onChange((s) => ({ ...s, assets: s.assets.map((a) => (a.key === asset.key ? { ...a, altText } : a)) }))}
                onEdit={() =>
                  onDialog(
                    asset.assetType === ASSET_TYPE.quiz || asset.assetType === ASSET_TYPE.article
                      ? { kind: asset.assetType === ASSET_TYPE.quiz ? 'quiz' : 'article', moduleKey, sectionKey: section.key, assetKey: asset.key }
                      : { kind: 'media', moduleKey, sectionKey: section.key, assetKey: asset.key, assetType: asset.assetType as AssetTypeCode },
                  )
                }
                onDelete={() => onChange((s) => ({ ...s, assets: s.assets.filter((a) => a.key !== asset.key) }))}
                onQuestion={(index, type) => onDialog({ kind: 'question', moduleKey, sectionKey: section.key, assetKey: asset.key, index, type })}
                onDeleteQuestion={(index) =>
                  onChange((s) => ({ ...s, assets: s.assets.map((a) => (a.key === asset.key && a.quiz ? { ...a, quiz: { ...a.quiz, data: a.quiz.data.filter((_, i) => i !== index) } } : a)) }))
                }
              />
            </GridListItem>
          )}
        </GridList>
      ) : (
        <p className="cb-empty">No content yet: every section needs at least one item.</p>
      )}
      {menu.length ? (
        <div>
          <AddMenu label="Add Content" accessibleLabel={`Add content to ${name}`} items={menu.map((type) => ({ id: String(type), label: ASSET_TYPE_LABELS[type], onAction: () => add(type) }))} />
        </div>
      ) : (
        // §4's menu rules leave nothing to add; say so rather than drop the button silently.
        <p className="cb-empty">This section is full: it holds one item of each type it may hold. Add another section for more.</p>
      )}
    </div>
  );
}

function ContentRow({
  asset,
  showErrors,
  onAltText,
  onEdit,
  onDelete,
  onQuestion,
  onDeleteQuestion,
}: {
  asset: BuilderAsset;
  /** After a refused save: an image without alt text says so. */
  showErrors: boolean;
  onAltText: (altText: string) => void;
  onEdit: () => void;
  onDelete: () => void;
  onQuestion: (index: number | null, type: 0 | 1) => void;
  onDeleteQuestion: (index: number) => void;
}) {
  const type = ASSET_TYPE_LABELS[asset.assetType as AssetTypeCode] ?? 'Content';
  const label = `${type} “${asset.title}”`;
  const action = asset.assetType === ASSET_TYPE.quiz ? ['Quiz Setup', `Quiz Setup of ${label}`] : asset.assetType === ASSET_TYPE.article ? ['Edit', `Edit ${label}`] : ['Change file', `Change file of ${label}`];
  return (
    <div className="cb-content">
      <div className="cb-row">
        <DragHandle label={`Drag ${label}`} />
        <span className="cb-badge">{type}</span>
        <span className="cb-content__title">{asset.title || 'Untitled'}</span>
        <MediaState url={asset.url} />
        <Button variant="ghost" size="sm" onPress={onEdit} aria-label={action[1]}>
          {action[0]}
        </Button>
        <IconButton aria-label={`Delete ${label}`} onPress={onDelete} className="cb-delete">
          <TrashIcon />
        </IconButton>
      </div>
      {asset.assetType === ASSET_TYPE.image ? (
        // The learner's player names the picture by this, never by its file name (decision 093).
        <TextField
          className="cb-alt"
          label="Alt text"
          description={ALT_TEXT_GUIDANCE}
          isRequired
          rows={2}
          value={asset.altText}
          onChange={onAltText}
          errorMessage={showErrors && !asset.altText.trim() ? M.altText : undefined}
        />
      ) : null}
      {asset.assetType === ASSET_TYPE.quiz && asset.quiz ? <QuizCard asset={asset} onQuestion={onQuestion} onDeleteQuestion={onDeleteQuestion} /> : null}
    </div>
  );
}

function QuizCard({ asset, onQuestion, onDeleteQuestion }: { asset: BuilderAsset; onQuestion: (index: number | null, type: 0 | 1) => void; onDeleteQuestion: (index: number) => void }) {
  const questions = asset.quiz!.data;
  return (
    <div className="cb-quiz">
      {questions.length ? (
        <ol className="cb-quiz__questions" aria-label={`Questions of quiz “${asset.title}”`}>
          {questions.map((q, i) => (
            <li key={i} className="cb-quiz__question">
              <span className="cb-quiz__text">{plainText(q.question) || 'Untitled question'}</span>
              <span className="cb-quiz__type">{QUESTION_TYPE_LABELS[q.type]}</span>
              <Button variant="ghost" size="sm" onPress={() => onQuestion(i, q.type)} aria-label={`Edit question ${i + 1}`}>
                Edit
              </Button>
              <Button variant="ghost" size="sm" onPress={() => onDeleteQuestion(i)} aria-label={`Delete question ${i + 1}`}>
                Delete
              </Button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="cb-empty">{M.quizWithoutQuestion}.</p>
      )}
      <div>
        <AddMenu
          label="Add New Question"
          // Starts with its visible words (axe's label-content-name-mismatch; decision 093).
          accessibleLabel={`Add New Question to quiz “${asset.title}”`}
          items={[
            { id: 'single', label: QUESTION_TYPE_LABELS[0], onAction: () => onQuestion(null, 0) },
            { id: 'multiple', label: QUESTION_TYPE_LABELS[1], onAction: () => onQuestion(null, 1) },
          ]}
        />
      </div>
    </div>
  );
}

/** The processing state of the library file a media item uses (decision 033), when the app supplies one. */
function MediaState({ url }: { url: string | null }) {
  const render = useContext(MediaStateContext);
  const institutionId = useContext(BuilderInstitutionContext);
  return render && url && institutionId !== null ? render({ institutionId, url }) : null;
}
