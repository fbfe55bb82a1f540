// The one toast container (its own chunk, with react-toastify): top-right, 5 s, pauses, drag to dismiss at 80 %. Its
// region and close buttons are named in the page's language. Its timer bar only in English: react-toastify names
// the bar "notification timer" whatever the language, and a screen reader reads that out.
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { useEffect } from 'react';
import { useT } from '../lib/i18n.js';
import { toastHostMounted } from '../lib/toast.js';

export default function ToastHost() {
  const t = useT();
  // After the container's own effect (a child's runs first), which registers it.
  useEffect(() => toastHostMounted(), []);
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      hideProgressBar={t.lang !== 'en'}
      aria-label={t('toast.region')}
      closeButton={({ closeToast }) => (
        <button
          type="button"
          className="Toastify__close-button Toastify__close-button--light"
          aria-label={t('toast.close')}
          onClick={(event) => {
            event.stopPropagation();
            closeToast(true);
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 14 16">
            <path
              fillRule="evenodd"
              d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
            />
          </svg>
        </button>
      )}
    />
  );
}
