#!/usr/bin/env python3
# Benchmark under attack: the server with 1,000 stalled connections open and 100 parallel wrong
# logins in flight, while a visitor from another address loads a page and logs in; then the peak
# memory of photo uploads (one, and three at once); then the HTTPS port (`--domain`, with a
# certificate of its own stored as a past run would have) under 500 more connections every 3 s
# that never send a ClientHello. Prints one table; nothing here is a test. Needs `openssl`.
# Run from the repository root: python3 tests/bench/hostile.py [--bin PATH] [--stalled 1000]
# It builds the release binary when --bin is not given and target/release/jyoti is missing.

import argparse, io, json, os, random, resource, socket, sqlite3, ssl, struct, subprocess, sys
import tempfile, threading, time, zlib
sys.path.insert(0, os.path.dirname(__file__))
from report import print_table  # noqa: E402  (the table, under the line naming commit, date and machine)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ADMIN_EMAIL, ADMIN_PASSWORD = "bench@example.org", "bench password 123"
VISITOR_EMAIL, VISITOR_PASSWORD = "visitor@example.org", "visitor password 123"
ATTACKER, VISITOR = "127.0.0.1", "127.0.0.2"
statuses = []


def http(addr, method, path, body=b"", headers=None, source=VISITOR, timeout=60):
    """One HTTP/1.1 request from `source`; returns (status, headers text, body bytes, seconds)."""
    started = time.perf_counter()
    sock = socket.create_connection(addr, timeout=timeout, source_address=(source, 0))
    head = f"{method} {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\nContent-Length: {len(body)}\r\n"
    for name, value in (headers or {}).items():
        head += f"{name}: {value}\r\n"
    sock.sendall(head.encode() + b"\r\n" + body)
    raw = b""
    while chunk := sock.recv(65536):
        raw += chunk
    sock.close()
    top, _, rest = raw.partition(b"\r\n\r\n")
    status = int(top.split(b" ")[1])
    statuses.append(status)
    return status, top.decode(errors="replace"), rest, time.perf_counter() - started


def json_call(addr, method, path, value, token=None, source=VISITOR):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    status, _, body, seconds = http(addr, method, path, json.dumps(value).encode(), headers, source)
    return status, body, seconds


def start(binary, db):
    proc = subprocess.Popen([binary, "--bind", "0.0.0.0", "--port", "0", "--db", db],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = int(proc.stdout.readline().strip().rsplit(":", 1)[1])
    return proc, ("127.0.0.1", port)


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def stall(addr, count):
    """Opens `count` connections from the attacker that never finish: half stop inside the
    request head, half after the head and one byte of a promised body."""
    sockets = []
    for n in range(count):
        try:
            sock = socket.create_connection(addr, timeout=5, source_address=(ATTACKER, 0))
            if n % 2:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: bench\r\nX-Slow:")
            else:
                sock.sendall(b"POST /api/form/contact HTTP/1.1\r\nHost: bench\r\n"
                             b"Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n{")
            sockets.append(sock)
        except OSError:
            break
    return sockets


def png(width, height, seed):
    """A noisy RGB PNG (so it does not compress to nothing), made with the standard library."""
    rng = random.Random(seed)
    row = bytes(rng.getrandbits(8) for _ in range(width * 3))
    raw = b"".join(b"\x00" + row[(y * 7) % 300:] + row[:(y * 7) % 300] for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def upload(addr, token, photo, name="p.png", kind="image/png"):
    boundary = "benchboundary"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
            f"Content-Type: {kind}\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
    headers = {"Content-Type": f"multipart/form-data; boundary={boundary}", "Authorization": "Bearer " + token}
    return http(addr, "POST", "/api/admin/media", body, headers, timeout=120)[0]


def https_under_flood(binary, tmp):
    """Serves `--domain jyoti.test` with a self-signed certificate stored in a new database, holds
    500 more silent connections from the attacker every 3 s for 12 s, and times one HTTPS page
    from the visitor every second meanwhile; returns the rows of the table."""
    db, cert, key = (os.path.join(tmp, name) for name in ("tls.db", "tls.pem", "tls.key"))
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
                    "-nodes", "-keyout", key, "-out", cert, "-days", "90", "-subj", "/CN=jyoti.test",
                    "-addext", "subjectAltName=DNS:jyoti.test"], check=True, capture_output=True)
    subprocess.run([binary, "create-admin", "--email", ADMIN_EMAIL, "--db", db, "--create"],
                   input=ADMIN_PASSWORD + "\n", text=True, check=True, stdout=subprocess.DEVNULL)
    now = int(time.time())
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO tls_certificates (domains, chain_pem, key_pem, not_before, not_after, issued_by)"
                     " VALUES ('jyoti.test', ?, ?, ?, ?, 'bench')",
                     (open(cert).read(), open(key).read(), now - 86400, now + 80 * 86400))
    nowhere = socket.socket()
    nowhere.bind(("127.0.0.1", 0))
    proc = subprocess.Popen([binary, "--bind", "0.0.0.0", "--port", "0", "--http-port", "0", "--db", db,
                             "--domain", "jyoti.test", "--acme-directory",
                             f"https://127.0.0.1:{nowhere.getsockname()[1]}/dir"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    nowhere.close()
    port = int(proc.stdout.readline().split(" and ")[0].rsplit(":", 1)[1])
    context = ssl.create_default_context(cafile=cert)

    def page():
        started = time.perf_counter()
        try:
            raw = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(VISITOR, 0))
            with context.wrap_socket(raw, server_hostname="jyoti.test") as tls:
                tls.sendall(b"GET / HTTP/1.1\r\nHost: jyoti.test\r\nConnection: close\r\n\r\n")
                ok = tls.recv(64).startswith(b"HTTP/1.1 200")
        except OSError:
            ok = False
        return ok, time.perf_counter() - started

    try:
        quiet = page()
        held, probes, stop = [], [], threading.Event()

        def flood():
            for _ in range(4):
                for _ in range(500):
                    try:
                        held.append(socket.create_connection(("127.0.0.1", port), timeout=5,
                                                             source_address=(ATTACKER, 0)))
                    except OSError:
                        pass
                if stop.wait(3):
                    return

        attacker = threading.Thread(target=flood)
        attacker.start()
        time.sleep(1)
        for _ in range(8):
            probes.append(page())
            time.sleep(1)
        stop.set()
        attacker.join()
        worst = max(seconds for _, seconds in probes)
        failed = sum(not ok for ok, _ in probes)
        for sock in held:
            sock.close()
        return [
            ("HTTPS page /, quiet", f"{quiet[1] * 1000:.0f} ms", "" if quiet[0] else "FAILED"),
            ("silent TLS connections held by one address", f"{len(held)}", ""),
            ("slowest of 8 HTTPS pages from another address meanwhile",
             f"{worst * 1000:.0f} ms ({failed} failed)",
             "ok" if worst < 2 and not failed else "OVER the 2 s budget"),
        ]
    finally:
        proc.terminate()
        proc.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "jyoti"))
    parser.add_argument("--stalled", type=int, default=1000)
    parser.add_argument("--logins", type=int, default=100)
    args = parser.parse_args()
    if not os.path.exists(args.bin):
        subprocess.run(["cargo", "build", "--release"], cwd=ROOT, check=True)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "bench.db")
        subprocess.run([args.bin, "create-admin", "--email", ADMIN_EMAIL, "--db", db, "--create"],
                       input=ADMIN_PASSWORD + "\n", text=True, check=True, stdout=subprocess.DEVNULL)
        proc, addr = start(args.bin, db)
        try:
            json_call(addr, "POST", "/api/auth/register",
                      {"firstname": "V", "email": VISITOR_EMAIL, "password": VISITOR_PASSWORD})
            baseline_page = http(addr, "GET", "/")[3]
            baseline_login = json_call(addr, "POST", "/api/auth/login",
                                       {"email": VISITOR_EMAIL, "password": VISITOR_PASSWORD})[2]

            stalled = stall(addr, args.stalled)
            attack = [threading.Thread(target=json_call, args=(addr, "POST", "/api/auth/login",
                      {"email": VISITOR_EMAIL, "password": f"wrong guess {n}"}, None, ATTACKER))
                      for n in range(args.logins)]
            for thread in attack:
                thread.start()
            time.sleep(0.2)
            page = max(http(addr, "GET", "/")[3] for _ in range(3))
            login_status, _, login = json_call(addr, "POST", "/api/auth/login",
                                               {"email": VISITOR_EMAIL, "password": VISITOR_PASSWORD})
            for thread in attack:
                thread.join()
            rows += [
                ("stalled connections opened by one address", f"{len(stalled)}", ""),
                ("page /, quiet", f"{baseline_page * 1000:.0f} ms", ""),
                ("login, quiet", f"{baseline_login * 1000:.0f} ms", ""),
                ("page / from another address, under attack", f"{page * 1000:.0f} ms",
                 "ok" if page < 2 else "OVER the 2 s budget"),
                ("correct login from another address, under attack", f"{login * 1000:.0f} ms ({login_status})",
                 "ok" if login < 2 and login_status == 200 else "OVER the 2 s budget"),
            ]
            for sock in stalled:
                sock.close()

            token = json.loads(json_call(addr, "POST", "/api/auth/login",
                                         {"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})[1])["token"]
            big = png(4000, 5000, 1)
            before = peak_rss_mb(proc.pid)
            status = upload(addr, token, big)
            one = peak_rss_mb(proc.pid)
            three = [threading.Thread(target=upload, args=(addr, token, png(4000, 5000, n))) for n in (2, 3, 4)]
            for thread in three:
                thread.start()
            for thread in three:
                thread.join()
            after = peak_rss_mb(proc.pid)
            # A phone's 50-megapixel JPEG, decoded at half size (needs Pillow to make the file).
            try:
                from PIL import Image
                photo = io.BytesIO()
                width, height = 8160, 6120
                Image.frombytes("RGB", (width, height), bytes((x * 7 + y) % 256 for y in range(1) for x in range(width * 3)) * height
                                ).save(photo, "JPEG", quality=70)
                phone = photo.getvalue()
                with open(f"/proc/{proc.pid}/clear_refs", "w") as clear:
                    clear.write("5")  # the peak so far is forgotten: this row is the phone photo's alone
                phone_status = upload(addr, token, phone, "phone.jpg", "image/jpeg")
                phone_peak = peak_rss_mb(proc.pid)
                rows.append((f"peak memory after a 50-megapixel phone JPEG ({len(phone) // 1024} KB, {phone_status})",
                             f"{phone_peak:.0f} MB", "ok" if phone_peak < 150 else "OVER the 150 MB budget"))
            except ImportError:
                rows.append(("a 50-megapixel phone JPEG", "not measured", "pip install pillow to make the photo"))
            rows += [
                ("peak memory before uploads", f"{before:.0f} MB", ""),
                (f"peak memory after one 20-megapixel upload ({len(big) // 1024} KB, {status})", f"{one:.0f} MB",
                 "ok" if one < 150 else "OVER the 150 MB budget"),
                ("peak memory after three uploads at once", f"{after:.0f} MB",
                 "ok" if after < 150 else "OVER the 150 MB budget"),
                ("answers with status 500", f"{sum(s >= 500 and s != 503 for s in statuses)}", ""),
            ]
        finally:
            proc.terminate()
            proc.wait()
        rows += https_under_flood(args.bin, tmp)

    print_table(rows)


if __name__ == "__main__":
    sys.exit(main())
