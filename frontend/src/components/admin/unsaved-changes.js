// Admin forms with edits not yet saved: leaving the screen by a link, by Back or Forward, or closing or reloading the
// page, asks first and names them, so a volunteer's typing is never dropped without a word.
import { useId, useLayoutEffect } from 'react';
import { guardHistory, shownScreen } from '../../lib/history-guard.js';

/** The forms with unsaved edits, by id, each with the name the question gives it, in the order they were edited. */
const unsaved = new Map();

/**
 * Marks the form named `label` as holding unsaved edits while `dirty` is true (and it is on the screen). While any
 * form does, following a link to another screen asks "You have unsaved changes in: …. Leave this page?", and the
 * browser asks before the page is closed or reloaded.
 */
export function useUnsavedChanges(label, dirty) {
  const id = useId();
  // A layout effect: registered in the same commit that shows the edit (and "Unsaved changes"), so nothing typed can
  // be left before the question is in place.
  useLayoutEffect(() => {
    if (!dirty) return undefined;
    if (unsaved.size === 0) listen(true);
    unsaved.set(id, label);
    return () => {
      unsaved.delete(id);
      if (unsaved.size === 0) listen(false);
    };
  }, [id, label, dirty]);
}

/** Whether any of a form's values differs from the one it started with. */
export const changedFrom = (initial, values) => Object.keys(values).some((key) => values[key] !== initial[key]);

/** The names of the forms with unsaved edits, each once, in the order they were edited. */
export const unsavedForms = () => [...new Set(unsaved.values())];

/** The question before leaving, naming each form with unsaved edits. */
const leaveQuestion = () => `You have unsaved changes in: ${unsavedForms().join(', ')}. Leave this page?`;

function listen(on) {
  const method = on ? 'addEventListener' : 'removeEventListener';
  // Capture: the question comes before the router's own click handler, which leaves a prevented click alone.
  document[method]('click', askBeforeLeaving, true);
  window[method]('beforeunload', holdUnload);
  guardHistory(on ? askBeforeHistory : null);
}

/**
 * A click on a link of this site that leaves the screen (another path, in this tab) asks first; "Cancel" stops it.
 * Links to other sites, new tabs and downloads unload the page or keep it, so `beforeunload` covers them.
 */
function askBeforeLeaving(event) {
  const elsewhere = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey; // a new tab or window
  if (event.defaultPrevented || event.button !== 0 || elsewhere) return;
  const link = event.target.closest?.('a[href]');
  if (!link || link.hasAttribute('download') || (link.target && link.target !== '_self')) return;
  const to = new URL(link.href, window.location.href);
  if (to.origin !== window.location.origin || to.pathname === window.location.pathname) return;
  if (!window.confirm(leaveQuestion())) event.preventDefault();
}

/** Set while a refused Back or Forward is undone: that popstate is not news to the router either. */
let undoing = false;

/**
 * Back and Forward to another screen while a form holds unsaved edits ask the same question; "Cancel" puts the address
 * back and stays. A navigation the app makes itself (after a save, say) is never held: only the history buttons are.
 * The browser's popstate cannot be cancelled, so the question is asked before the router hears of it
 * (lib/history-guard.js), and a refused one is kept from the router and undone with history.go. The router numbers its
 * history entries (state.idx), which gives how far to go back.
 */
function askBeforeHistory(event) {
  if (undoing) {
    undoing = false;
    event.stopImmediatePropagation();
    return;
  }
  const index = event.state?.idx;
  const shown = shownScreen();
  // How far to go to undo it: no number (an entry the router did not make) or none, and nothing is held.
  const back = shown.index - index;
  if (unsaved.size === 0 || window.location.pathname === shown.pathname || !Number.isInteger(back) || back === 0) return;
  if (window.confirm(leaveQuestion())) return;
  event.stopImmediatePropagation();
  undoing = true;
  window.history.go(back);
}

/** Browsers show their own words here (a page cannot name the forms), but they ask. */
function holdUnload(event) {
  event.preventDefault();
  // Older Chromium and Safari ask only when returnValue is set.
  event.returnValue = '';
}
