// A modal popup on the native <dialog>: focus moves in when it opens, Escape closes it, focus goes back to the opener
// (unless it has already moved on by then).
import { useEffect, useId, useRef } from 'react';
import './modal.css';

/** Shown while `open`; the content mounts afresh each time, so a reopened form starts empty. */
export function Modal({ open, title, onClose, children }) {
  const dialogRef = useRef(null);
  const titleId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const dialog = dialogRef.current;
    const opener = document.activeElement;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // Closed by Escape, the browser may already have given focus back, and the visitor moved it on since: only
      // focus left in the closed dialog or on nothing goes back to the opener.
      const left = document.activeElement;
      const lost = !left || left === document.body || dialog.contains(left);
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [open]);

  // Escape makes the browser close the dialog itself; onClose lets the owner's state follow.
  return (
    <dialog ref={dialogRef} className="modal" aria-modal="true" aria-labelledby={titleId} onClose={onClose}>
      {open && (
        <>
          <h2 className="modal-title" id={titleId}>
            {title}
          </h2>
          {children}
        </>
      )}
    </dialog>
  );
}
