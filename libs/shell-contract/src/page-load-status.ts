/** Page-load errors are shown as 403 (a 403), 404 (any other client error) or 500 (anything else). */
export function pageLoadStatus(status: number | undefined): 403 | 404 | 500 {
  if (status !== undefined && status >= 400 && status <= 499) return status === 403 ? 403 : 404;
  return 500;
}
