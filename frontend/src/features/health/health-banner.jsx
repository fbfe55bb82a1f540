// The banner above every admin screen: the problems /healthz reports (the database cannot save, the disk is nearly
// full, backups failing, email not going out, the HTTPS certificate not renewed), each in plain words with what to
// do, until they are gone. Checked again on every screen change and every minute.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { checkHealth, useHealth } from './health.js';
import './health-banner.css';

/** What each check is about, as the banner (and the dashboard) names it. */
export const HEALTH_TOPICS = {
  database: 'Saving',
  disk: 'Disk space',
  backups: 'Backups',
  offsite: 'Off-site copies',
  mail: 'Email',
  https: 'HTTPS',
};

const RECHECK_MS = 60_000;

/**
 * The checks that are not ok, each {name, state, message}. No answer at all is a problem of its own; a 200 without
 * checks is an older server.
 */
function problemsIn(health) {
  if (!health) return [];
  if (!health.checks) {
    return health.status === 0 ? [{ name: 'database', state: 'fail', message: 'The site does not answer.' }] : [];
  }
  return Object.entries(health.checks)
    .filter(([, check]) => check.state !== 'ok')
    .map(([name, check]) => ({ name, ...check }));
}

export function HealthBanner() {
  const { pathname } = useLocation();
  const health = useHealth();

  useEffect(() => {
    checkHealth();
    const timer = window.setInterval(checkHealth, RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [pathname]);

  const problems = problemsIn(health);
  if (problems.length === 0) return null;
  const failing = problems.some((problem) => problem.state === 'fail');
  return (
    <section
      className={failing ? 'health-banner health-banner-fail' : 'health-banner'}
      aria-labelledby="health-banner-title"
      role={failing ? 'alert' : 'status'}
    >
      <h2 id="health-banner-title">{failing ? 'The site needs attention now' : 'The site needs attention soon'}</h2>
      <ul>
        {problems.map((problem) => (
          <li key={problem.name}>
            <strong>{HEALTH_TOPICS[problem.name] ?? problem.name}:</strong> {problem.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
