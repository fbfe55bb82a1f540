// Notifications through react-toastify, loaded on first use so it stays out of the first page load,
// plus a "flash" message that survives one full page reload.
const FLASH_KEY = 'flash-toast';

let toastify = null;
const loadToastify = () => (toastify ??= import('react-toastify/unstyled'));

const show = (kind) => (message) => {
  loadToastify().then(({ toast }) => toast[kind](message));
};

export const notify = {
  success: show('success'),
  warning: show('warning'),
  error: show('error'),
};

/** Remembers a success message to show after the next page load (login reloads the whole app). */
export function flashAfterReload(message) {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    notify.success(message);
  }
}

/** Shows, once, a message left by flashAfterReload. */
export function showFlashed() {
  let message = null;
  try {
    message = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
  } catch {
    return;
  }
  if (message) notify.success(message);
}
