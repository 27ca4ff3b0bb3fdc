// URL slugs for readable links (e.g. /course/details/12/excel-for-small-business-owners).
/** A readable address segment for a course title: '/course/details/12/excel-for-small-business'. */
export function titleSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'course';
}
