// The faces the public pages write their words in on a phone: each a size (rem), a weight, and italic or monospace
// where it is one, and `lang: 'bn'` for the one Bengali word of an English page (the language switch's). The first
// use of a face costs the browser a look-up of the system's fonts (on Linux a round trip to the browser's own process
// for each size and weight), which made the first page's layout the longest task after the loader, and far longer on
// a busy machine. index.html's loading screen writes a letter in each face, unseen, so the browser looks them all up
// in the layout before its first paint, where no visitor waits on it (build.mjs). A browser test
// (e2e/loader-faces.spec.js) checks this list against the pages: a face they use that is missing here, or one listed
// that none of them uses, fails it.
export const LOADER_FACES = [
  { size: 0.9, weight: 400 },
  { size: 0.9, weight: 600 },
  { size: 0.9, weight: 600, lang: 'bn' },
  { size: 0.95, weight: 400 },
  { size: 0.95, weight: 700 },
  { size: 1, weight: 400 },
  { size: 1, weight: 400, italic: true },
  { size: 1, weight: 400, mono: true },
  { size: 1, weight: 600 },
  { size: 1, weight: 700 },
  { size: 1.05, weight: 700 },
  { size: 1.1, weight: 400 },
  { size: 1.1, weight: 600 },
  { size: 1.1, weight: 700 },
  { size: 1.15, weight: 700 },
  { size: 1.2, weight: 700 },
  { size: 1.3, weight: 800 },
  { size: 1.4, weight: 700 },
  { size: 1.5, weight: 700 },
  { size: 1.6, weight: 700 },
  { size: 1.7, weight: 700 },
  { size: 5.15, weight: 800 },
];

/** The CSS `font` of a face (the page's own font, or its monospace one). */
export const faceFont = ({ size, weight, italic = false, mono = false }) =>
  `${italic ? 'italic ' : ''}${weight} ${size}rem ${mono ? 'var(--mono)' : 'var(--font)'}`;
