/** '23 November 2026': the date as the PDF prints it (en-NG, Lagos time). */
export const formatIssueDate = (iso: string) =>
  new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' }).format(new Date(iso));
