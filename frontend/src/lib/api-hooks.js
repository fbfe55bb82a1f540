// Hooks for screens that read and change data through the API: a loaded list or record with reload,
// a form's round trip with the server's field errors, and the toast for a refused change.
import { useCallback, useEffect, useState } from 'react';
import { notify } from './toast.js';

/**
 * Calls `load` (an api-client call; keep it stable) on mount and on every `reload()`.
 * `data` is null until the first successful answer; a failed reload keeps the data already shown.
 * `loadFailed` is true when nothing could be loaded at all.
 */
export function useApiData(load) {
  const [state, setState] = useState({ data: null, loadFailed: false });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    load().then((response) => {
      if (!live) return;
      setState((previous) =>
        response.ok ? { data: response.data, loadFailed: false } : { ...previous, loadFailed: previous.data === null },
      );
    });
    return () => {
      live = false;
    };
  }, [load, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}

/**
 * A form's submit handler: `send()` makes the call; `onSuccess(response)` runs when it is ok. A refusal shows
 * the error toast and leaves the server's reason (`message`) and field errors (`errors`) for the form to show.
 */
export function useApiSubmit(send, onSuccess) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState({ message: '', errors: {} });

  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    const response = await send();
    setBusy(false);
    if (response.ok) {
      onSuccess(response);
      return;
    }
    setRefusal({ message: response.data?.message ?? '', errors: response.data?.errors ?? {} });
    notifyRefusal(response);
  };

  return { submit, busy, ...refusal };
}

/**
 * The error toast for a change the server refused, with the server's own reason. A network failure (status 0)
 * was already logged by the api client and, as the spec asks, shows nothing.
 */
export function notifyRefusal(response) {
  if (response.status === 0) return;
  notify.error(response.data?.message || `The server refused the change (status ${response.status}).`);
}

/** The success toast for a change that worked: the server's own words (`msg`), or `fallback` without them. */
export function notifyDone(response, fallback) {
  notify.success(response.data?.msg || fallback);
}

/**
 * A deletion: asks `question` first; once `remove()` succeeds, toasts the server's words (`success` without them)
 * and calls `onRemoved`.
 */
export async function deleteAfterConfirm(question, remove, success, onRemoved) {
  if (!window.confirm(question)) return;
  const response = await remove();
  if (response.ok) {
    notifyDone(response, success);
    onRemoved();
  } else {
    notifyRefusal(response);
  }
}
