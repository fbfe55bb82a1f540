// Files to and from the API, for the admin area (so the first page's script does without them): uploads with
// progress, downloads saved under the server's name, and files fetched with the bearer token. Each answers like
// `api`: {ok, status, data}. And a file the page made itself, saved (the Account page's recovery codes).
import { forgetRejectedToken, headersFor, parseJson } from './api-client.js';

/**
 * POSTs `form`: a FormData as multipart/form-data, or a File as it is. fetch cannot report upload progress, so this one uses
 * XMLHttpRequest: `onProgress(fraction)` gets 0…1 as the bytes leave the browser.
 */
export function upload(path, form, { onProgress } = {}) {
  const headers = headersFor(true);
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    if (onProgress) {
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      });
    }
    request.addEventListener('load', () => {
      forgetRejectedToken(request.status, headers);
      const ok = request.status >= 200 && request.status < 300;
      resolve({ ok, status: request.status, data: parseJson(request.responseText) });
    });
    const failed = () => {
      console.error(`POST ${path} failed: the upload did not reach the server`);
      resolve({ ok: false, status: 0, data: null });
    };
    request.addEventListener('error', failed);
    request.addEventListener('abort', failed);
    request.send(form);
  });
}

/** The file name a Content-Disposition header offers, or `fallback`. */
function offeredName(disposition, fallback) {
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Hands a file (a Blob) to the browser to save, under `name`. */
export function saveFile(blob, name) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after the click returns; revoking at once could cut the download short.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * GETs a file with the bearer token and saves it under the name the server offers (Content-Disposition),
 * or `fallbackName`. Answers like `api`: on a refusal `data` is the server's JSON error.
 */
export async function download(path, fallbackName = 'download') {
  const response = await fetchFile(path, (blob, headers) =>
    saveFile(blob, offeredName(headers.get('Content-Disposition'), fallbackName)),
  );
  return response.ok ? { ...response, data: null } : response;
}

/**
 * GETs a file with the bearer token and answers like `api`, with the file as a Blob in `data` (on a refusal
 * `data` is the server's JSON error): for an image an admin may see and the browser may not fetch by itself.
 * `then(blob, headers)` runs once it arrived.
 */
export async function fetchFile(path, then) {
  const headers = headersFor(true);
  headers.Accept = '*/*';
  try {
    const response = await fetch(path, { headers, credentials: 'same-origin' });
    forgetRejectedToken(response.status, headers);
    if (!response.ok) {
      return { ok: false, status: response.status, data: parseJson(await response.text().catch(() => '')) };
    }
    const blob = await response.blob();
    then?.(blob, response.headers);
    return { ok: true, status: response.status, data: blob };
  } catch (error) {
    console.error(`GET ${path} failed:`, error);
    return { ok: false, status: 0, data: null };
  }
}
