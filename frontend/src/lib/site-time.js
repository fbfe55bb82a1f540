// Times as the admin screens write them: in the site's time zone (the server's `--time-zone`, sent in the content
// document), never the browser's, so an alert row, its mail and the Settings screen give one time for one moment.
// Formatters are made on first use (see formats.js) and again only when the zone changes.

/** The server's default until the content document says otherwise. */
let zone = 'Asia/Kolkata';
const made = new Map();

/** Takes the site's zone from the content document; a name this browser does not know keeps the last one. */
export function setSiteZone(name) {
  if (typeof name !== 'string' || !name || name === zone) return;
  try {
    new Intl.DateTimeFormat('en-IN', { timeZone: name });
  } catch {
    return;
  }
  zone = name;
  made.clear();
}

function format(locale, options) {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = made.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    made.set(key, formatter);
  }
  return formatter;
}

/** Formats the timestamp `text` with `make(time)`, or answers the text as it came when it is not a time. */
const readable = (text, make) => {
  const time = Date.parse(text);
  return Number.isNaN(time) ? text : make(time);
};

/** "28 Nov 2026". */
export const siteDay = (text) => readable(text, (time) => format('en-IN', { dateStyle: 'medium' }).format(time));

/** "28 November": for what is days away. */
export const siteDayOfMonth = (text) =>
  readable(text, (time) => format('en-GB', { day: 'numeric', month: 'long' }).format(time));

/** "11:08 pm", without the zone. */
export const siteClock = (text) =>
  readable(text, (time) => format('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true }).format(time));

/** "11:08 pm IST": the clock with the zone's short name. */
export const siteClockAndZone = (text) =>
  readable(text, (time) =>
    format('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' }).format(time),
  );

/** "28 Nov 2026, 11:08 pm": the zone is named once on the screen (see siteZoneName). */
export const siteDayAndTime = (text) => readable(text, () => `${siteDay(text)}, ${siteClock(text)}`);

/** The zone as people name it, and as the server does: "IST (Asia/Kolkata)". */
export function siteZoneName() {
  const short = format('en-IN', { timeZoneName: 'short' })
    .formatToParts(Date.now())
    .find((part) => part.type === 'timeZoneName')?.value;
  return short && short !== zone ? `${short} (${zone})` : zone;
}

/** The day of the timestamp `text` in the site's zone, as YYYY-MM-DD (for days.js's formatDay); else the text. */
export const siteDate = (text) =>
  readable(text, (time) => format('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(time));

/** When a Bengali reader's day is: সকাল from 4, দুপুর from 12, বিকেল from 4 pm, সন্ধ্যা from 6 pm, রাত from 8 pm. */
const BENGALI_PARTS = [
  [4, 'রাত'],
  [12, 'সকাল'],
  [16, 'দুপুর'],
  [18, 'বিকেল'],
  [20, 'সন্ধ্যা'],
  [24, 'রাত'],
];

/**
 * "28 Nov, 6:05 pm" in English; "২৮ নভেম্বর, সন্ধ্যা ৬:০৫" in Bengali, which says the part of the day rather than
 * am/pm: the moment of the timestamp `text` in the site's zone.
 */
export const siteMoment = (text, lang) =>
  readable(text, (time) => {
    if (lang !== 'bn') {
      return format('en-GB', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', hour12: true }).format(time);
    }
    const hour = Number(format('en-GB', { hour: 'numeric', hourCycle: 'h23' }).format(time));
    const part = BENGALI_PARTS.find(([until]) => hour < until)[1];
    const day = format('bn-IN', { day: 'numeric', month: 'long' }).format(time);
    const clock = format('bn-IN', { hour: 'numeric', minute: '2-digit', hour12: true })
      .formatToParts(time)
      .filter((piece) => piece.type !== 'dayPeriod')
      .map((piece) => piece.value)
      .join('')
      .trim();
    return `${day}, ${part} ${clock}`;
  });
