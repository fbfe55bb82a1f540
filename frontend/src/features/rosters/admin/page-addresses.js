// The team page addresses the Team screen suggests, computed from the teams that exist: the next year's ("2k26"),
// and one for last year's core team when another team takes /team. Never one a team already has.

const YEAR = /^2k(\d{2})$/;

const yearOf = (slug) => {
  const match = YEAR.exec(slug);
  return match ? Number(match[1]) : null;
};

const yearAddress = (year) => `2k${String((year + 100) % 100).padStart(2, '0')}`;

/**
 * The address of the year after the latest year's team (2k26 when 2k24 and 2k25 exist), or this year's when no team
 * is named for a year. `slugs` are the addresses the teams have.
 */
export function nextYearAddress(slugs, today = new Date()) {
  const years = slugs.map(yearOf).filter((year) => year !== null);
  let year = years.length > 0 ? Math.max(...years) + 1 : today.getFullYear() % 100;
  while (slugs.includes(yearAddress(year))) year += 1;
  return yearAddress(year);
}

/**
 * A free address for the core team that gives way to the team at `incoming`: the year before it (2k25 for 2k26) when
 * no team has it, else that year with a letter (2k25b, 2k25c…). For a team not named for a year, the year before the
 * next free one.
 */
export function formerCoreAddress(slugs, incoming) {
  const year = yearOf(incoming) ?? yearOf(nextYearAddress(slugs));
  const base = yearAddress(year - 1);
  const candidates = [base, ...[...'bcdefghijklmnopqrstuvwxyz'].map((letter) => base + letter)];
  return candidates.find((candidate) => !slugs.includes(candidate)) ?? '';
}
