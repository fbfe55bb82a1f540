// Hooks for screens that read and change data through the API: a loaded list or record with reload, a form's
// values and round trip with the server's field errors, a button's change, and the toasts for a change that worked
// or was refused.
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

const NO_REFUSAL = { message: '', errors: {}, status: null };

/**
 * A form's values (keyed by the controls' names, starting at `initial`) and its submit handler. On submit,
 * `check(form)` may stop the send by answering false (having said why); `send(form)` makes the call;
 * `onSuccess(response, form)` runs when it is ok. A refusal keeps the server's reason (`message`) and field
 * errors (`errors`) for the form to show, and its `status` (0: the site could not be reached), and calls
 * `onRefusal(response)`, by default the error toast. `notSent` says why a send failed when no field is to blame.
 * `field(name)` gives a Field its name, value, change handler and error; `set(name, value)` changes one value and
 * clears that field's error.
 */
export function useForm(initial, { send, onSuccess, onRefusal = notifyRefusal, check }) {
  const [form, setForm] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState(NO_REFUSAL);

  // A changed value is a new answer: the server's reason for the old one no longer applies to it.
  const set = (name, value) => {
    setForm((current) => ({ ...current, [name]: value }));
    setRefusal((current) => {
      if (!(name in current.errors)) return current;
      const { [name]: _answered, ...errors } = current.errors;
      return { ...current, errors };
    });
  };

  const change = (event) => {
    const { name, type, checked, value } = event.target;
    set(name, type === 'checkbox' ? checked : value);
  };

  const field = (name) => ({ name, value: form[name], onChange: change, error: refusal.errors[name] });

  const submit = async (event) => {
    event.preventDefault();
    if (check && !check(form)) return;
    setBusy(true);
    const response = await send(form);
    setBusy(false);
    if (response.ok) {
      setRefusal(NO_REFUSAL);
      onSuccess(response, form);
      return;
    }
    setRefusal({ message: response.data?.message ?? '', errors: response.data?.errors ?? {}, status: response.status });
    onRefusal(response);
  };

  const notSent = refusal.status === null || Object.keys(refusal.errors).length > 0 ? '' : whyNotSent(refusal);
  return { form, setForm, set, change, field, submit, busy, notSent, ...refusal };
}

/** Why a send failed that no field is to blame for: no connection, the server's reason, or its status. */
function whyNotSent({ status, message }) {
  if (status === 0) return 'The site could not be reached; check the connection.';
  return message || `The server could not take it (status ${status}).`;
}

/**
 * A change a button makes: `run()` calls `act()` (doing nothing while a call is under way, `busy`), then says so
 * with the server's words (`success` without them; `said(response)` says it instead when given) and runs `onDone()`,
 * or shows the server's reason.
 */
export function useAction(act, { success, onDone, said }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    const response = await act();
    setBusy(false);
    if (!response.ok) {
      notifyRefusal(response);
      return;
    }
    if (said) said(response);
    else notifyDone(response, success);
    onDone?.();
  };
  return { run, busy };
}

/**
 * The error toast for a change the server refused, with the server's own reason. A network failure (status 0)
 * was already logged by the api client and, as the spec asks, shows nothing.
 */
export function notifyRefusal(response) {
  if (response.status === 0) return;
  // Held, not refused: an admin's write naming another UPI ID waits out the payment hold (api-client.js).
  if (response.status === 202) {
    notify.warning(response.data?.message);
    return;
  }
  notify.error(response.data?.message || `The server refused the change (status ${response.status}).`);
}

/** The success toast for a change that worked: the server's own words (`msg`), or `fallback` without them. */
export function notifyDone(response, fallback) {
  notify.success(response.data?.msg || fallback);
}
