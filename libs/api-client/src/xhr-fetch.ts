/**
 * `fetch` cannot report upload progress in browsers yet; XMLHttpRequest can. This sends one request with XHR and
 * answers a standard Response, so the client treats both paths alike.
 */
export function xhrFetch(
  url: string,
  init: RequestInit,
  onUploadProgress: (loaded: number, total: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = init.credentials === 'include';
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>))
      xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      // A Response cannot carry a body with 204 (or other null-body statuses).
      const body = [101, 204, 205, 304].includes(xhr.status) ? null : xhr.responseText;
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    const fail = (name: string) => () =>
      reject(new DOMException(`XMLHttpRequest ${name}`, name === 'abort' ? 'AbortError' : 'NetworkError'));
    xhr.onerror = fail('error');
    xhr.ontimeout = fail('timeout');
    xhr.onabort = fail('abort');
    const { signal } = init;
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
