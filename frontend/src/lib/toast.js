// Notifications through react-toastify, loaded on first use so it stays out of the first page load,
// plus a "flash" message that survives one full page reload.
const FLASH_KEY = 'flash-toast';

let toastify = null;
const loadToastify = () => (toastify ??= import('react-toastify/unstyled'));

// The container mounts when the page is idle after its first screen (app.jsx), or at once when a toast is asked for
// before then; a toast waits until it has mounted, so none is queued under a container that mounts after it (whose
// pause on focus would then miss it).
const hostWanted = new Set();
let hostMounted;
const hostReady = new Promise((resolve) => {
  hostMounted = resolve;
});

/** Calls `listener` when a toast is asked for; answers the function that stops listening. */
export function onToastWanted(listener) {
  hostWanted.add(listener);
  return () => hostWanted.delete(listener);
}

/** Said by the container once it has mounted. */
export const toastHostMounted = () => hostMounted();

function withToastify() {
  hostWanted.forEach((listener) => listener());
  return Promise.all([loadToastify(), hostReady]).then(([module]) => module);
}

const show = (kind) => (message) => {
  withToastify().then(({ toast }) => toast[kind](message));
};

export const notify = {
  success: show('success'),
  warning: show('warning'),
  error: show('error'),
  /** A success toast whose `content` is a component given {closeToast}, shown for `ms` (an Undo beside its words). */
  lasting: (content, ms) => {
    withToastify().then(({ toast }) => toast.success(content, { autoClose: ms }));
  },
};

/**
 * Props for the button of a lasting toast (its `toastProps` from the content's arguments): its countdown waits while
 * the keyboard is on the button, so someone who tabs to Undo is not racing the clock, and goes on when they leave.
 */
export function heldWhileFocused(toastProps) {
  const id = toastProps?.toastId;
  const hold = (paused) =>
    loadToastify().then(({ toast }) => (paused ? toast.pause({ id }) : toast.play({ id })));
  return { onFocus: () => hold(true), onBlur: () => hold(false) };
}

/** A flash older than this was left by a reload that never came: it is not shown. */
const FLASH_FRESH_MS = 60_000;

/**
 * Remembers a success message to show after the next page load (login reloads the whole app). Kept in
 * localStorage, which the page opens at start anyway for the session token: opening sessionStorage as well cost a
 * slow phone a long task in the first second the page was on screen.
 */
export function flashAfterReload(message) {
  try {
    localStorage.setItem(FLASH_KEY, JSON.stringify({ message, at: Date.now() }));
  } catch {
    notify.success(message);
  }
}

/** Shows, once, a message left by flashAfterReload a moment ago. */
export function showFlashed() {
  let flash = null;
  try {
    const stored = localStorage.getItem(FLASH_KEY);
    if (stored === null) return;
    localStorage.removeItem(FLASH_KEY);
    flash = JSON.parse(stored);
  } catch {
    return;
  }
  const fresh = Math.abs(Date.now() - flash?.at) < FLASH_FRESH_MS;
  if (fresh && typeof flash.message === 'string') notify.success(flash.message);
}
