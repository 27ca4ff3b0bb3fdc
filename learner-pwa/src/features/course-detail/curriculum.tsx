// The curriculum accordion: modules, and in each the sections with their kind and length.
import { Button as AriaButton, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';
import type { CourseDetail } from '@rivet/shared/api/course';

type Module = CourseDetail['courseModules'][number];
type Asset = Module['items'][number]['courseModuleItemAssets'][number];

const KIND: Record<Asset['assetType'], string> = {
  video: 'Video',
  compressVideo: 'Video',
  audio: 'Audio',
  image: 'Image',
  article: 'Article',
  quiz: 'Quiz',
};

const ICON: Record<string, string> = {
  Video: 'M5 5h10v14H5zM15 10l5-3v10l-5-3',
  Audio: 'M9 18V6l10-2v12M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3zM19 16a3 3 0 1 1-3-3 3 3 0 0 1 3 3z',
  Image: 'M4 5h16v14H4zM4 15l5-5 5 5 2-2 4 4',
  Article: 'M6 3h9l4 4v14H6zM9 12h7M9 16h7M9 8h3',
  Quiz: 'M12 18h.01M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14',
};

/** Seconds for media, minutes for reading (contract); shown as m:ss or 'N min read'. */
function assetLength(asset: Asset): string | null {
  if (asset.durationDisplay) return asset.durationDisplay;
  if (asset.duration === null) return null;
  if (asset.assetType === 'article') return `${asset.duration} min read`;
  const s = Math.round(asset.duration);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function Curriculum({ modules }: { modules: Module[] }) {
  if (!modules.length) return null;
  return (
    <section className="course-section" aria-labelledby="curriculum-title">
      <h2 id="curriculum-title" className="course-section__title">
        Curriculum
      </h2>
      <DisclosureGroup className="curriculum" allowsMultipleExpanded defaultExpandedKeys={[String(modules[0]!.courseModuleId)]}>
        {modules.map((module, index) => (
          <Disclosure key={module.courseModuleId} id={String(module.courseModuleId)} className="curriculum__module">
            <Heading level={3} className="curriculum__heading">
              <AriaButton slot="trigger" className="curriculum__trigger">
                <span>
                  <span className="curriculum__index">Module {index + 1}</span> {module.title}
                </span>
                <span className="curriculum__count">{module.items.length === 1 ? '1 section' : `${module.items.length} sections`}</span>
              </AriaButton>
            </Heading>
            <DisclosurePanel className="curriculum__panel">
              <ol className="curriculum__items">
                {module.items.map((item) => {
                  const asset = item.courseModuleItemAssets[0];
                  const kind = asset ? KIND[asset.assetType] : 'Article';
                  const length = asset ? assetLength(asset) : null;
                  return (
                    <li key={item.courseModuleItemId} className="curriculum__item">
                      <svg className="curriculum__icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                        <path d={ICON[kind]} />
                      </svg>
                      <span className="visually-hidden">{kind}: </span>
                      <span className="curriculum__title">{item.title}</span>
                      {length ? <span className="curriculum__length">{length}</span> : null}
                    </li>
                  );
                })}
              </ol>
            </DisclosurePanel>
          </Disclosure>
        ))}
      </DisclosureGroup>
    </section>
  );
}
