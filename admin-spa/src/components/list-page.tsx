// The admin console's List page shape (STYLE.md): a header with title, description and action, a
// debounced search whose state is in the URL (use-list-query.ts), a react-aria table fed by server
// paging, and the empty, loading and error states. Screens give columns and a cell renderer.
import type { ReactNode } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Button } from '@rivet/shared/ui/button';
import { SearchField } from '@rivet/shared/ui/search-field';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import type { ListQuery } from './use-list-query';
import './list-page.css';

export interface ListColumn<T> {
  id: string;
  name: string;
  /** The column naming the row (one per table). */
  isRowHeader?: boolean;
  /** Right-aligned and narrow, for action buttons. */
  isAction?: boolean;
  render: (row: T) => ReactNode;
}

export interface ListPageProps<T extends { id: number | string }> {
  title: string;
  description?: string;
  /** The header's button (e.g. Add Role). */
  action?: ReactNode;
  searchLabel: string;
  /** The search box's placeholder (default "Search"). */
  searchPlaceholder?: string;
  /** Filters beside the search (e.g. an institution select). */
  filters?: ReactNode;
  query: ListQuery;
  columns: readonly ListColumn<T>[];
  rows: readonly T[] | undefined;
  totalRows?: number;
  pageSize: number;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** Shown when the list is empty; the search is named when there is one. */
  emptyText: (search: string) => string;
  /** Shown between the search and the table (a report's totals). */
  beforeTable?: ReactNode;
  /** Dialogs and other pieces that belong to the page. */
  children?: ReactNode;
  /** Shows the rows as a list of cards (spec: Manage Users' "card list") instead of the table. */
  renderCard?: (row: T) => ReactNode;
  /** 2 when the list is a panel of a larger page (the dashboard's Course Insights). */
  titleLevel?: 1 | 2;
  className?: string;
}

export function ListPage<T extends { id: number | string }>(props: ListPageProps<T>) {
  const { title, description, action, searchLabel, query, columns, rows, totalRows = 0, pageSize, isPending, error, onRetry, emptyText, children, renderCard, filters, titleLevel = 1, searchPlaceholder = 'Search', className, beforeTable } = props;
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  const pages = Math.max(1, Math.ceil(totalRows / pageSize));
  return (
    <div className={`list-page${className ? ` ${className}` : ''}`}>
      <header className="list-page__header">
        <div>
          <Title className="list-page__title">{title}</Title>
          {description ? <p className="list-page__description">{description}</p> : null}
        </div>
        {action ? <div className="list-page__action">{action}</div> : null}
      </header>
      <div className="list-page__tools">
        <SearchField label={searchLabel} hideLabel placeholder={searchPlaceholder} value={query.searchInput} onChange={query.setSearchInput} className="list-page__search" />
        {filters}
      </div>
      {beforeTable}
      {error && !rows ? (
        <ScreenState kind="error" error={error} onRetry={onRetry} className="list-page__state" />
      ) : isPending && !rows ? (
        <ScreenState kind="loading" label={`Loading ${title}`} className="list-page__state" />
      ) : renderCard ? (
        rows?.length ? (
          <ul className="list-cards" aria-label={title}>
            {rows.map((row) => (
              <li key={row.id} className="list-cards__item">
                {renderCard(row)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="list-table__empty list-cards__empty">{emptyText(query.search)}</p>
        )
      ) : (
        <div className="list-page__table-wrap">
          <Table aria-label={title} className="list-table">
            <TableHeader columns={columns}>
              {(column) => (
                <Column id={column.id} isRowHeader={column.isRowHeader} className={`list-table__column${column.isAction ? ' list-table__column--action' : ''}`}>
                  {column.name}
                </Column>
              )}
            </TableHeader>
            <TableBody items={rows ?? []} renderEmptyState={() => <p className="list-table__empty">{emptyText(query.search)}</p>}>
              {(row) => (
                <Row id={row.id} columns={columns} className="list-table__row">
                  {(column) => <Cell className={`list-table__cell${column.isAction ? ' list-table__cell--action' : ''}`}>{column.render(row)}</Cell>}
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      )}
      {pages > 1 ? (
        <nav className="list-page__pager" aria-label={`${title} pages`}>
          <Button variant="secondary" size="sm" isDisabled={query.page <= 1} onPress={() => query.setPage(query.page - 1)}>
            Previous
          </Button>
          <span>
            Page {query.page} of {pages}
          </span>
          <Button variant="secondary" size="sm" isDisabled={query.page >= pages} onPress={() => query.setPage(query.page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
      {children}
    </div>
  );
}
