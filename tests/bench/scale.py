#!/usr/bin/env python3
# Benchmark at scale: a database with ten years of rows (100,000 contacts, 50,000 users,
# 50,000 certificates, 5,000 notices), two years of activity log (100,000 entries), a full bin
# (100,000 deleted records) and 500,000 versions in the history (100 of each notice). Page
# requests at 16 connections (wrk), a full-text search
# over the contacts, the server's resident memory throughout and while 100,000 contacts export
# as CSV, and each admin screen's first page in Chromium with its JavaScript heap
# (tests/bench/admin-screens.mjs). Prints one table; nothing here is a test.
# Run from the repository root: python3 tests/bench/scale.py [--bin PATH] [--seconds 10]

import argparse, json, os, random, shutil, sqlite3, subprocess, sys, tempfile, threading, time
import urllib.parse, urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ADMIN_EMAIL, ADMIN_PASSWORD = "bench@example.org", "bench password 123"
sys.path.insert(0, os.path.dirname(__file__))
from bench import ensure_tools, ms, request, wrk  # noqa: E402  (the throughput benchmark's helpers)
from report import print_table  # noqa: E402

WORDS = ("class evening children books teacher school exam result holiday help thanks "
         "volunteer donate mathematics english science drawing library lamp notice").split()


def seed(db, rng):
    """Fills the tables the way years of use would, straight into SQLite (the server is stopped)."""
    conn = sqlite3.connect(db)
    text = lambda n: " ".join(rng.choice(WORDS) for _ in range(n))
    stamp = lambda i, total: time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(1_450_000_000 + i * (315_000_000 // total)))
    # Any bcrypt hash will do: nobody logs in as these users.
    hashed = conn.execute("SELECT password_hash FROM users LIMIT 1").fetchone()[0]
    with conn:
        conn.executemany(
            "INSERT INTO users (firstname, lastname, department, year, email, password_hash, created_at)"
            " VALUES (?, ?, 'CSE', '2', ?, ?, ?)",
            ((f"First{i}", f"Last{i}", f"user{i}@example.org", hashed, stamp(i, 50_000)[:19] + "Z")
             for i in range(50_000)))
        conn.executemany(
            "INSERT INTO contacts (name, email, telephone, rating, message, created_at) VALUES (?, ?, '+91 98765 43210', ?, ?, ?)",
            ((f"Visitor {i}", f"visitor{i}@example.org", 1 + i % 5,
              ("win a prize " if i % 50 == 0 else "") + text(30), stamp(i, 100_000)) for i in range(100_000)))
        conn.executemany("INSERT INTO certificates (name, certinumber) VALUES (?, ?)",
                         ((f"Holder {i}", 100_000 + i) for i in range(50_000)))
        # Two years of the activity log (older entries are dropped), a tenth of them by editors.
        now = time.time()
        actions = ("notice added", "site settings changed", "photo added", "team member changed",
                   "certificate added", "signed in", "contact message changed")
        conn.executemany(
            "INSERT INTO audit_log (at, actor_id, actor, address, action, target, changes) VALUES (?, ?, ?, ?, ?, ?, ?)",
            ((time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(now - 700 * 86400 + i * (699 * 86400 // 100_000))),
              1 + i % 7, f"Volunteer {i % 7} <volunteer{i % 7}@example.org>", f"203.0.113.{i % 250}",
              actions[i % len(actions)], f"record {i}",
              json.dumps([{"field": "heroTitle", "old": text(4), "new": text(4)}]) if i % 7 == 1 else None)
             for i in range(100_000)))
        conn.executemany("UPDATE users SET role = 'editor' WHERE id = ?", ((i,) for i in range(2, 50_000, 25)))
        conn.executemany("INSERT INTO notices (url, title, date) VALUES (?, ?, ?)",
                         ((None if i % 3 else f"https://example.org/n/{i}", f"Notice about {text(5)} {i}",
                           time.strftime("%Y-%m-%d", time.gmtime(1_450_000_000 + i * 63_000))) for i in range(5_000)))
        # A full bin: 100,000 records deleted over the last 30 days (the bin days), each kept whole.
        kinds = ("contact", "notice", "certificate", "feedback", "gift", "card")
        conn.executemany(
            "INSERT INTO bin (kind, record_id, title, rows, deleted_at, deleted_by) VALUES (?, ?, ?, ?, ?, ?)",
            ((kinds[i % len(kinds)], 200_000 + i, f"Visitor {i} <visitor{i}@example.org>",
              json.dumps([{"table": "contacts", "rows": [{"id": 200_000 + i, "name": f"Visitor {i}",
                                                          "email": f"visitor{i}@example.org", "message": text(30)}]}]),
              time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(now - 30 * 86400 + i * (30 * 86400 // 100_000))),
              f"Volunteer {i % 7} <volunteer{i % 7}@example.org>")
             for i in range(100_000)))
        # 500,000 versions: each of the 5,000 notices changed 100 times over two years.
        conn.executemany(
            "INSERT INTO history (kind, record_id, row, at, changed_by) VALUES ('notice', ?, ?, ?, ?)",
            ((1 + i // 100, json.dumps({"id": 1 + i // 100, "url": None, "title": f"Notice about {text(5)}",
                                        "date": "2026-11-20"}),
              time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(now - 700 * 86400 + (i % 100) * 7 * 86400)),
              f"Volunteer {i % 7} <volunteer{i % 7}@example.org>")
             for i in range(500_000)))
    conn.close()


def start(binary, db):
    proc = subprocess.Popen([binary, "--bind", "127.0.0.1", "--port", "0", "--db", db, "--no-rate-limit"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    base = proc.stdout.readline().strip().removeprefix("listening on ")
    return proc, base


def timed_search(base, token, path, q, runs=7):
    """The median time in ms of `runs` searches of the list at `path` for `q`, and how many rows
    the search found."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        found = request(base, "GET", f"{path}?page=1&q={urllib.parse.quote(q)}", token=token)["total"]
        times.append(time.perf_counter() - t0)
    return sorted(times)[runs // 2] * 1000, found


def download(url, headers):
    """Reads the whole answer to GET `url` in 64 KiB chunks, as a browser would; its size in bytes."""
    size = 0
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as res:
        while chunk := res.read(1 << 16):
            size += len(chunk)
    return size


class PeakMemory(threading.Thread):
    """Samples the server's resident memory every 20 ms until stopped: the highest since the last
    `reset()` in `peak`, and the highest of the whole run, which `stop()` answers."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.overall, self.running = pid, 0, 0, True

    def run(self):
        while self.running:
            with open(f"/proc/{self.pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        now = int(line.split()[1]) / 1024
                        self.peak = max(self.peak, now)
                        self.overall = max(self.overall, now)
            time.sleep(0.02)

    def reset(self):
        self.peak = 0

    def stop(self):
        self.running = False
        self.join()
        return self.overall


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "jyoti"))
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    ensure_tools()
    if not os.path.exists(args.bin):
        subprocess.run(["cargo", "build", "--release"], cwd=ROOT, check=True)

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "scale.db")
        subprocess.run([args.bin, "create-admin", "--email", ADMIN_EMAIL, "--db", db, "--create"],
                       input=ADMIN_PASSWORD + "\n", text=True, check=True, stdout=subprocess.DEVNULL)
        started = time.perf_counter()
        seed(db, random.Random(7))
        rows.append(("seeding 905,000 rows", f"{time.perf_counter() - started:.1f} s", ""))
        proc, base = start(args.bin, db)
        memory = PeakMemory(proc.pid)
        memory.start()
        try:
            token = request(base, "POST", "/api/auth/login", {"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})["token"]
            auth = [f"Authorization: Bearer {token}", "Accept-Encoding: gzip"]
            for name, path in [
                ("contacts, page 1", "/api/admin/contacts?page=1&size=20"),
                ("contacts, page 2,500 by name", "/api/admin/contacts?page=2500&size=20&sort=name"),
                ("users, page 1", "/api/admin/users?page=1&size=20"),
                ("users, editors only, page 50", "/api/admin/users?page=50&size=20&role=editor"),
                ("activity log, page 1", "/api/admin/audit?page=1&pageSize=20"),
                ("activity log, page 4,000", "/api/admin/audit?page=4000&pageSize=20"),
                ("certificates by number, page 100", "/api/admin/display_certificate?page=100&sort=number"),
                ("notice board, page 1 (public)", "/api/admin/servicelist?page=1&size=10"),
                ("bin of 100,000, page 1", "/api/admin/bin?page=1&size=20"),
                ("bin of 100,000, page 2,500", "/api/admin/bin?page=2500&size=20"),
                ("bin, messages only, page 100", "/api/admin/bin?page=100&size=20&kind=contact"),
                ("history of a notice (100 of 500,000 versions)", "/api/admin/history/notice/42"),
            ]:
                rps, p50, p99, errors = wrk(base + path, args.seconds, connections=16, headers=auth)
                rows.append((f"{name}: p50 / p99 at 16 connections", f"{p50} / {p99}",
                             ("ok" if ms(p99) < 20 else "OVER the 20 ms budget") + f" ({rps:,.0f} req/s, {errors} errors)"))
            for what, path, queries in [
                ("100,000 contacts", "/api/admin/contacts", ("prize", "mathematics teacher", "visitor4242")),
                ("100,000 activity entries", "/api/admin/audit", ("volunteer3", "heroTitle")),
                ("100,000 binned records", "/api/admin/bin", ("Visitor 4242", "visitor9")),
            ]:
                for q in queries:
                    median, found = timed_search(base, token, path, q)
                    rows.append((f"search of {what} for '{q}' ({found} found)", f"{median:.1f} ms",
                                 "ok" if median < 100 else "OVER the 100 ms budget"))
            before_export = memory.peak
            t0 = time.perf_counter()
            size = download(base + "/api/admin/contacts/csv", {"Authorization": "Bearer " + token})
            rows.append(("CSV export of 100,000 contacts", f"{size / 1e6:.1f} MB in {time.perf_counter() - t0:.1f} s",
                         f"server memory {before_export:.0f} MB before, {memory.peak:.0f} MB peak"))
            # The spec's unpaged list calls answer the whole array, written row by row.
            for path, gzip in (("/api/admin/contacts", False), ("/api/admin/contacts", True), ("/api/admin/users", False)):
                memory.reset()
                t0 = time.perf_counter()
                headers = {"Authorization": "Bearer " + token}
                if gzip:
                    headers["Accept-Encoding"] = "gzip"
                size = download(base + path, headers)
                peak = memory.peak
                rows.append((f"unpaged {path}{' (gzip)' if gzip else ''}", f"{size / 1e6:.1f} MB in {time.perf_counter() - t0:.1f} s",
                             f"server memory peak {peak:.0f} MB" + ("" if peak < 60 else " OVER the 60 MB budget")))
            if not args.no_browser:
                out = subprocess.run(["node", os.path.join(ROOT, "tests", "bench", "admin-screens.mjs"), base, token],
                                     cwd=os.path.join(ROOT, "frontend"), capture_output=True, text=True)
                if out.returncode != 0:
                    print(out.stdout, out.stderr, file=sys.stderr)
                for screen in json.loads(out.stdout or "[]"):
                    rows.append((f"{screen['path']}: first page shown / JS heap", f"{screen['ms']} ms / {screen['heapMB']} MB",
                                 "ok" if screen["ms"] < 1000 and screen["heapMB"] < 100 else "OVER budget"))
        finally:
            peak = memory.stop()
            proc.terminate()
            proc.wait()
        rows.append(("server resident memory, peak throughout", f"{peak:.0f} MB", "ok" if peak < 60 else "OVER the 60 MB budget"))

    print_table(rows, value_width=22)


if __name__ == "__main__":
    sys.exit(main())
