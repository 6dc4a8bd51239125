/** The error page's title for a status. */
export function errorTitleFor(status: number): string {
  switch (status) {
    case 400:
      return 'Invalid request';
    case 404:
      return 'Something is missing';
    case 405:
      return 'Unsupported method';
    case 500:
      return 'Something is broken';
    default:
      return 'An unexpected error has occurred';
  }
}
