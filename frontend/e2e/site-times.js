// Times as the admin screens write them: in the site's time zone (the test server runs with the default,
// Asia/Kolkata), whatever zone the browser is in.

export const SITE_ZONE = 'Asia/Kolkata';

const parts = (at, options) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-IN', { ...options, timeZone: SITE_ZONE })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );

/** "27 Nov 2026 10:05 am" for the moment `at` in the site's zone, as a pattern (September may be "Sept"). */
export function writtenInSiteZone(at) {
  const day = parts(at, { day: 'numeric', month: 'short', year: 'numeric' });
  const clock = parts(at, { hour: 'numeric', minute: '2-digit', hour12: true });
  const month = day.month.replace(/t$/, '');
  return new RegExp(`^${day.day} ${month}t? ${day.year} ${clock.hour}:${clock.minute} ${clock.dayPeriod.toLowerCase()}$`);
}

/** "27 November" and "6:05 pm" for `at` in the site's zone. */
export function dayAndClockInSiteZone(at) {
  const day = parts(at, { day: 'numeric', month: 'long' });
  const clock = parts(at, { hour: 'numeric', minute: '2-digit', hour12: true });
  return { day: `${day.day} ${day.month}`, clock: `${clock.hour}:${clock.minute} ${clock.dayPeriod.toLowerCase()}` };
}
