"""Grading speed: the plancert package in process against plancert serve.

    make bench-python                      # 1,000 records of every task, seed 1
    cd python && python3 bench.py --n 1000 --repeat 3

Generates a suite (or takes --suite), answers it with the reference
responder, checks that every answer scores 1 both ways, then times grading
every reference answer:

  in process   Suite.score per response, Suite.score_batch once, and
               plancert.score(record dict, response) per response
  server       plancert serve on a free port: one POST /v1/score per
               response (urllib, a new connection each, as
               plancert.Client sends them; and http.client over one
               kept-alive connection), and one POST of the whole batch

The ways are timed in --repeat interleaved rounds (each round runs every
way once, so that a change of the machine's load falls on all alike) after
one untimed round (the server loads every instance before it listens; the
first round does the same in process). Prints a Markdown table with the
fastest and the median run of each, and the CPU time per response (this
process, the library's threads included, plus the server's, from /proc):
on a loaded machine wall times vary from run to run, CPU times much less.
Standard library only.
"""

import argparse
import http.client
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import plancert  # noqa: E402


def binary():
    return os.environ.get("PLANCERT_BIN") or os.path.join(HERE, "..", "bin", "plancert")


def server_cpu(pid):
    """The CPU time (user + system, seconds) process pid has used, from
    /proc (None where there is none)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def timed(ways, repeat, pid):
    """The wall times of every way over repeat rounds that each run every
    way once (interleaved, so that a change of the machine's load falls on
    all alike), after one untimed round; and the CPU time of each (this
    process, Go's threads in it included, plus the server's), summed over
    the rounds."""
    wall = {name: [] for name, _ in ways}
    cpu = {name: 0.0 for name, _ in ways}
    for r in range(repeat + 1):
        for name, f in ways:
            c0, s0 = time.process_time(), server_cpu(pid)
            t = time.perf_counter()
            f()
            t = time.perf_counter() - t
            c1, s1 = time.process_time(), server_cpu(pid)
            if r > 0:
                wall[name].append(t)
                cpu[name] += (c1 - c0) + ((s1 - s0) if s0 is not None and s1 is not None else 0)
    return wall, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1000, help="records to generate (default 1000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--suite", help="a suite file to use instead of generating one")
    ap.add_argument("--repeat", type=int, default=5, help="timed rounds (default 5)")
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="plancert-bench-")
    try:
        run(args, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run(args, tmp):
    suite_path = args.suite or os.path.join(tmp, "suite.jsonl")
    if not args.suite:
        subprocess.run([binary(), "gen", "--n", str(args.n), "--seed", str(args.seed), "--out", suite_path],
                       check=True, stderr=subprocess.DEVNULL)
    ref_path = os.path.join(tmp, "reference.jsonl")
    subprocess.run([binary(), "respond", "--suite", suite_path, "--responder", "reference", "--out", ref_path],
                   check=True, stderr=subprocess.DEVNULL)
    with open(ref_path, encoding="utf-8") as f:
        refs = [json.loads(line) for line in f if line.strip()]
    ids = [r["id"] for r in refs]
    texts = [r["response"] for r in refs]
    n = len(refs)

    t = time.perf_counter()
    suite = plancert.load(suite_path)
    load_s = time.perf_counter() - t
    records = [suite[i] for i in ids]

    def per_response():
        return [suite.score(i, r) for i, r in zip(ids, texts)]

    def batch():
        return suite.score_batch(ids, texts)

    def by_record():
        return [plancert.score(rec, r) for rec, r in zip(records, texts)]

    t = time.perf_counter()
    cold = per_response()
    cold_s = time.perf_counter() - t
    assert all(s["all_pass"] == 1 for s in cold), "a reference answer does not pass in process"
    assert batch() == cold and by_record() == cold, "the in-process ways disagree"

    proc = subprocess.Popen([binary(), "serve", "--suite", suite_path, "--addr", "127.0.0.1:0"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        url = None
        for line in proc.stderr:
            m = re.search(r"listening on (http://\S+)", line)
            if m:
                url = m.group(1)
                break
        if url is None:
            sys.exit("bench: plancert serve did not start")
        client = plancert.Client(url)
        u = urllib.parse.urlsplit(url)
        conn = http.client.HTTPConnection(u.hostname, u.port)

        def server_urllib():
            return [client.score(i, r) for i, r in zip(ids, texts)]

        def server_keepalive():
            out = []
            for i, r in zip(ids, texts):
                body = json.dumps({"items": [{"id": i, "response": r}]})
                conn.request("POST", "/v1/score", body, {"Content-Type": "application/json"})
                out.append(json.loads(conn.getresponse().read())["results"][0])
            return out

        def server_batch():
            return client.score_batch(ids, texts)

        got = server_batch()
        assert all(s["all_pass"] == 1 for s in got), "a reference answer does not pass on the server"
        ways = [
            ("in process, Suite.score per response", per_response),
            ("in process, plancert.score(record dict) per response", by_record),
            ("server, one POST per response (urllib, a new connection each)", server_urllib),
            ("server, one POST per response (one kept-alive connection)", server_keepalive),
            ("in process, Suite.score_batch of all", batch),
            ("server, one POST of all", server_batch),
        ]
        runs, cpu = timed(ways, args.repeat, proc.pid)
        conn.close()
    finally:
        proc.terminate()
        proc.wait(timeout=60)
        proc.stderr.close()

    try:
        load = "%.1f" % os.getloadavg()[0]
    except OSError:
        load = "?"
    print("%d reference answers of %s (%d records, loaded in %.0f ms, first pass in process %.0f ms); %s, %d CPUs, "
          "load average %s; %d interleaved runs"
          % (n, os.path.basename(suite_path), len(suite), load_s * 1000, cold_s * 1000,
             platform.python_implementation() + " " + platform.python_version(), os.cpu_count() or 0, load, args.repeat))
    print()
    print("| grading | fastest run | median run | per response (median) | CPU per response |")
    print("|---|---:|---:|---:|---:|")
    for name, _ in ways:
        r = runs[name]
        med = statistics.median(r)
        print("| %s | %.0f ms | %.0f ms | %.0f µs | %.0f µs |"
              % (name, min(r) * 1000, med * 1000, med / n * 1e6, cpu[name] / len(r) / n * 1e6))


if __name__ == "__main__":
    main()
