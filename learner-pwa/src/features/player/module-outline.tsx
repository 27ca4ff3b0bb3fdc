// The side panel's module accordion (spec: Course player): each module with its completed/total
// count (in my-learning mode, its number of sessions), and its sections with their kind, length
// and a tick once completed. The open section's module is expanded; pressing a section opens it.
import { useState } from 'react';
import { Button as AriaButton, Disclosure, DisclosureGroup, DisclosurePanel, Heading, type Key } from 'react-aria-components';
import type { PlayerContent } from '@rivet/shared/api/learning';
import { ASSET_KIND, assetLength, type Position } from './course-outline';

const ICON: Record<string, string> = {
  video: 'M4 6h11v12H4zM15 10.5l5-3v9l-5-3',
  compressVideo: 'M4 5h16v11H4zM10 8.5v4l3.5-2zM8 20h8',
  audio: 'M9 18V6l10-2v12M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3zM19 16a3 3 0 1 1-3-3 3 3 0 0 1 3 3z',
  image: 'M4 5h16v14H4zM4 15l5-5 5 5 2-2 4 4',
  article: 'M6 3h9l4 4v14H6zM9 12h7M9 16h7M9 8h3',
  quiz: 'M12 18h.01M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14',
};

export interface ModuleOutlineProps {
  content: PlayerContent;
  position: Position;
  myLearning: boolean;
  onOpen: (position: Position) => void;
}

export function ModuleOutline({ content, position, myLearning, onOpen }: ModuleOutlineProps) {
  const currentKey = String(content.videos[position.module]?.courseModuleId ?? '');
  const [expanded, setExpanded] = useState<Set<Key>>(() => new Set([currentKey]));
  // The module the learner moves into opens; the ones they opened stay open.
  const [shownKey, setShownKey] = useState(currentKey);
  if (shownKey !== currentKey) {
    setShownKey(currentKey);
    setExpanded((keys) => new Set(keys).add(currentKey));
  }

  return (
    <DisclosureGroup className="outline" allowsMultipleExpanded expandedKeys={expanded} onExpandedChange={setExpanded}>
      {content.videos.map((module, m) => {
        const total = module.items.length;
        const count = myLearning ? (total === 1 ? '1 session' : `${total} sessions`) : `${module.itemsCompleted}/${total}`;
        const countLabel = myLearning ? count : `${module.itemsCompleted} of ${total} completed`;
        return (
          <Disclosure key={module.courseModuleId} id={String(module.courseModuleId)} className="outline__module">
            <Heading level={3} className="outline__heading">
              <AriaButton slot="trigger" className="outline__trigger">
                <span className="outline__module-title">
                  <span className="outline__index">Module {m + 1}</span>
                  {module.title}
                </span>
                <span className="outline__count">
                  <span aria-hidden="true">{count}</span>
                  <span className="visually-hidden">, {countLabel}</span>
                </span>
                <svg className="outline__chevron" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="M6 9l6 6 6-6" />
                </svg>
              </AriaButton>
            </Heading>
            <DisclosurePanel className="outline__panel">
              <ol className="outline__sections">
                {module.items.map((section, s) => {
                  const asset = section.courseModuleItemAssets[0] ?? null;
                  const kind = asset?.assetType ?? 'article';
                  const length = assetLength(asset);
                  const current = m === position.module && s === position.section;
                  return (
                    <li key={section.courseModuleItemId}>
                      <AriaButton
                        className="outline__section"
                        aria-current={current ? 'step' : undefined}
                        onPress={() => onOpen({ module: m, section: s })}
                      >
                        <svg className="outline__icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                          <path d={ICON[kind]} />
                        </svg>
                        <span className="outline__section-text">
                          <span className="visually-hidden">{ASSET_KIND[kind]}: </span>
                          <span className="outline__section-title">{section.title}</span>
                          {length ? <span className="outline__length">{length}</span> : null}
                        </span>
                        <span className={`outline__tick${section.isCompleted ? ' outline__tick--done' : ''}`}>
                          {section.isCompleted ? (
                            <>
                              <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                                <path d="M5 12.5l4.5 4.5L19 7.5" />
                              </svg>
                              <span className="visually-hidden">, completed</span>
                            </>
                          ) : null}
                        </span>
                      </AriaButton>
                    </li>
                  );
                })}
              </ol>
            </DisclosurePanel>
          </Disclosure>
        );
      })}
    </DisclosureGroup>
  );
}
