// Course Configuration (spec 001 §2.9; spec 002 §2.12): the course categories, upper-cased, with
// edit and activate/deactivate icons and Add Category for whoever holds manageCourseConfiguration;
// others with viewCourseConfiguration read the list. The side drawer creates and edits.
import { useMemo, useState } from 'react';
import { CATEGORY_MESSAGES as M } from '@rivet/shared/api/course-configuration';
import type { CourseCategory } from '@rivet/shared/api/reference';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { ListPage, type ListColumn } from '../../components/list-page';
import { EditIcon, PowerIcon } from '../../components/row-icons';
import { useToggleConfirmation } from '../../components/toggle-confirmation';
import { useListQuery } from '../../components/use-list-query';
import { CategoryDrawer } from './category-drawer';
import { useAllCourseCategories, useCourseCategoryCalls } from './use-course-categories';
import './settings.css';

/** Spec 001 §9: lists show 50 rows a page. */
export const CATEGORY_PAGE_SIZE = 50;

type Editing = { mode: 'create' } | { mode: 'edit'; category: CourseCategory } | null;

export function CourseConfigurationPage() {
  const profile = useProfile();
  const canManage = hasAnyPermission(profile.permissions, 'manageCourseConfiguration');
  const query = useListQuery();
  const categories = useAllCourseCategories();
  const calls = useCourseCategoryCalls();
  const [editing, setEditing] = useState<Editing>(null);
  const toggle = useToggleConfirmation<CourseCategory>({
    noun: 'course category',
    toggle: calls.toggle,
    onDone: () => categories.refetch(),
    failed: { activate: M.activateFailed, deactivate: M.deactivateFailed },
    deactivateHint: () => 'Authors will no longer be offered it and learners will not see it among the filters. Courses already in it keep it.',
  });

  const matching = useMemo(() => {
    const needle = query.search.trim().toLowerCase();
    const items = categories.data?.items ?? [];
    return needle ? items.filter((c) => c.name.toLowerCase().includes(needle) || c.code.toLowerCase().includes(needle)) : items;
  }, [categories.data, query.search]);
  const page = matching.slice((query.page - 1) * CATEGORY_PAGE_SIZE, query.page * CATEGORY_PAGE_SIZE);

  const columns: ListColumn<CourseCategory>[] = [
    {
      id: 'name',
      name: 'Category',
      isRowHeader: true,
      render: (c) => (
        <span className="settings__category">
          <span className="settings__category-name">{c.name}</span>
          {c.isActive ? null : <span className="settings__badge">Inactive</span>}
        </span>
      ),
    },
    { id: 'code', name: 'Code', render: (c) => <code className="settings__code">{c.code}</code> },
  ];
  if (canManage) {
    columns.push({
      id: 'action',
      name: 'Action',
      isAction: true,
      render: (c) => (
        <span className="settings__actions">
          <IconButton aria-label={`Edit ${c.name}`} onPress={() => setEditing({ mode: 'edit', category: c })}>
            <EditIcon />
          </IconButton>
          <IconButton aria-label={`${c.isActive ? 'Deactivate' : 'Activate'} ${c.name}`} className={c.isActive ? 'settings__toggle settings__toggle--on' : 'settings__toggle'} onPress={() => toggle.ask(c)}>
            <PowerIcon />
          </IconButton>
        </span>
      ),
    });
  }

  return (
    <ListPage
      title="Course Configuration"
      description={canManage ? 'The categories partners file their courses under and learners filter the catalogue by.' : 'The categories partners file their courses under. Only the platform’s administrators change them.'}
      action={canManage ? <Button onPress={() => setEditing({ mode: 'create' })}>Add Category</Button> : undefined}
      searchLabel="Search categories"
      query={query}
      columns={columns}
      rows={page}
      totalRows={matching.length}
      pageSize={CATEGORY_PAGE_SIZE}
      isPending={categories.isPending}
      error={categories.error}
      onRetry={() => void categories.refetch()}
      emptyText={(search) => (search ? `No category matches “${search}”.` : 'No course categories yet.')}
    >
      {toggle.dialog}
      {editing ? <CategoryDrawer category={editing.mode === 'edit' ? editing.category : null} onClose={() => setEditing(null)} onSaved={() => void categories.refetch()} /> : null}
    </ListPage>
  );
}
