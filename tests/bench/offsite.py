#!/usr/bin/env python3
# Benchmark of an off-site copy: the database of scale.py (100,000 contacts, 50,000 users and
# certificates, 5,000 notices) backed up, encrypted and uploaded at the server's start to a real
# S3 server on loopback (moto), while wrk asks for the notice list at 16 connections. Prints the
# server's peak resident memory and the notice list's latency during the upload; nothing here
# is a test. Needs PyPI's moto[server] and Debian's wrk.
# Run from the repository root: python3 tests/bench/offsite.py [--bin PATH] [--seconds 8]

import argparse, json, os, random, socket, subprocess, sys, tempfile, threading, time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from bench import ensure_tools, ms, wrk  # noqa: E402
from report import print_table  # noqa: E402
from scale import ADMIN_EMAIL, ADMIN_PASSWORD, PeakMemory, ROOT, seed  # noqa: E402


# The public notice board's first page, as scale.py measures it.
NOTICES, GZIP = "/api/admin/servicelist?page=1", ("Accept-Encoding: gzip",)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "jyoti"))
    parser.add_argument("--seconds", type=int, default=8)
    args = parser.parse_args()
    ensure_tools()
    if not os.path.exists(args.bin):
        subprocess.run(["cargo", "build", "--release"], cwd=ROOT, check=True)

    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "jyoti.db")
        subprocess.run([args.bin, "create-admin", "--email", ADMIN_EMAIL, "--db", db, "--create"],
                       input=ADMIN_PASSWORD + "\n", text=True, check=True, stdout=subprocess.DEVNULL)
        seed(db, random.Random(7))
        size_mb = os.path.getsize(db) / 1e6
        # The same load with no upload, for comparison.
        quiet_server = subprocess.Popen([args.bin, "--bind", "127.0.0.1", "--port", "0", "--db", db, "--no-rate-limit"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        quiet_base = quiet_server.stdout.readline().strip().removeprefix("listening on ")
        try:
            quiet = wrk(quiet_base + NOTICES, args.seconds, 16, GZIP)
        finally:
            quiet_server.terminate()
            quiet_server.wait()

        port = free_port()
        # A real bucket is on another machine: here its server yields the two cores to the site.
        s3 = subprocess.Popen(["nice", "-n", "19", sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/bench", method="PUT"))
                    break
                except OSError:
                    time.sleep(0.1)
            env = dict(os.environ, JYOTI_OFFSITE="s3://bench/jyoti", JYOTI_OFFSITE_ENDPOINT=f"http://127.0.0.1:{port}",
                       JYOTI_OFFSITE_KEY_ID="bench", JYOTI_OFFSITE_SECRET="bench-secret",
                       JYOTI_OFFSITE_PASSPHRASE="a long bench passphrase")
            server = subprocess.Popen([args.bin, "--bind", "127.0.0.1", "--port", "0", "--db", db, "--no-rate-limit",
                                       "--backup-dir", os.path.join(tmp, "backups"), "--backup-every", "24h"],
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
            base = server.stdout.readline().strip().removeprefix("listening on ")
            try:
                peak = PeakMemory(server.pid)
                peak.start()
                started = time.perf_counter()
                result = {}
                load = threading.Thread(target=lambda: result.update(
                    zip(("rps", "p50", "p99", "errors"), wrk(base + NOTICES, args.seconds, 16, GZIP))))
                load.start()
                uploaded = None
                while uploaded is None and time.perf_counter() - started < 120:
                    health = json.load(urllib.request.urlopen(base + "/healthz"))
                    if health["checks"]["offsite"]["state"] == "ok":
                        uploaded = time.perf_counter() - started
                    time.sleep(0.05)
                load.join()
                memory = peak.stop()
            finally:
                server.terminate()
                server.wait()
        finally:
            s3.terminate()
            s3.wait()

    rows = [
        ("database backed up, encrypted and uploaded", f"{size_mb:.0f} MB", ""),
        ("time from start until the copy was up", f"{uploaded:.1f} s" if uploaded else "never", ""),
        ("peak resident memory meanwhile", f"{memory:.0f} MB", "ok" if memory < 60 else "OVER the 60 MB budget"),
        (f"notice board page 1 at 16 connections for {args.seconds} s, no upload: p50 / p99",
         f"{quiet[1]} / {quiet[2]}", ""),
        (f"the same while the copy is made and uploaded: p99", result["p99"],
         "ok" if ms(result["p99"]) < 20 else "OVER the 20 ms budget"),
        ("  requests per second, p50, errors", f"{result['rps']:.0f}, {result['p50']}, {result['errors']}", ""),
    ]
    print_table(rows)


if __name__ == "__main__":
    sys.exit(main())
