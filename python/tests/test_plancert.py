"""Tests of the plancert package and the verl and TRL examples, in process.

Run by "make test-python" (which builds bin/plancert and the shared
library first) with the system python3:

    cd python && python3 -m unittest discover -s tests -v

A suite of every task is generated with bin/plancert (PLANCERT_BIN names
another binary); its reference answers and perturbed ones are graded here
and compared with "plancert score --out", the Go grader's own scores.
"""

import json
import math
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.dirname(HERE)
REPO = os.path.dirname(PYTHON_DIR)
sys.path.insert(0, PYTHON_DIR)
sys.path.insert(0, os.path.join(REPO, "examples"))

import plancert  # noqa: E402
import plancert_trl  # noqa: E402
import plancert_verl  # noqa: E402

MODES = (None, "avgpass", "feasible")
TMP = None
SUITE = None
RESPONSES = []  # (id, response) of every responder, in order
GO_SCORES = {}  # mode -> the Go grader's score of each of RESPONSES


def binary():
    path = os.environ.get("PLANCERT_BIN") or os.path.join(REPO, "bin", "plancert")
    if not os.path.exists(path):
        raise RuntimeError("%s is not built: run make build (or make test-python)" % path)
    return path


def run(*args):
    subprocess.run([binary()] + list(args), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def setUpModule():
    global TMP, SUITE
    TMP = tempfile.mkdtemp(prefix="plancert-python-")
    SUITE = os.path.join(TMP, "suite.jsonl")
    run("gen", "--n", "32", "--seed", "7", "--out", SUITE)
    files = []
    for name, extra in (("reference", []), ("perturbed", ["--k", "1"]), ("perturbed", ["--k", "3"]), ("greedy", [])):
        out = os.path.join(TMP, "%s-%d.jsonl" % (name, len(files)))
        run("respond", "--suite", SUITE, "--responder", name, "--out", out, *extra)
        files.append(out)
    # Texts the responders do not write: none, prose, a NUL byte, a
    # reference behind an end token.
    ref = read_jsonl(files[0])
    odd = [{"id": ref[0]["id"], "response": ""}, {"id": ref[1]["id"], "response": "I cannot plan this."},
           {"id": ref[2]["id"], "response": "\x00" + ref[2]["response"]},
           {"id": ref[3]["id"], "response": ref[3]["response"] + "<|im_end|>"}]
    odd_file = os.path.join(TMP, "odd.jsonl")
    with open(odd_file, "w", encoding="utf-8") as f:
        for o in odd:
            f.write(json.dumps(o) + "\n")
    files.append(odd_file)
    everything = os.path.join(TMP, "responses.jsonl")
    with open(everything, "w", encoding="utf-8") as out:
        for path in files:
            for line in read_jsonl(path):
                RESPONSES.append((line["id"], line["response"]))
                out.write(json.dumps({"id": line["id"], "response": line["response"]}) + "\n")
    for mode in MODES:
        scores = os.path.join(TMP, "scores-%s.jsonl" % mode)
        subprocess.run([binary(), "score", "--suite", SUITE, "--responses", everything, "--out", scores,
                        "--reward", mode or "allpass"], check=True, stdout=subprocess.DEVNULL)
        GO_SCORES[mode] = read_jsonl(scores)[: len(RESPONSES)]


def tearDownModule():
    shutil.rmtree(TMP, ignore_errors=True)


class SuiteTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.suite = plancert.load(SUITE)

    def test_references_pass(self):
        refs = RESPONSES[: len(self.suite)]
        self.assertEqual([rid for rid, _ in refs], list(self.suite.ids))
        for rid, resp in refs:
            res = self.suite.score(rid, resp)
            self.assertEqual((res["all_pass"], res["avg_pass"], res["reward"], res["error_kind"]), (1, 1.0, 1.0, ""), rid)

    def test_same_as_go(self):
        """Every score, alone, in a batch and from the record itself, is
        the Go grader's (plancert score --out), in every mode."""
        ids = [rid for rid, _ in RESPONSES]
        texts = [resp for _, resp in RESPONSES]
        for mode in MODES:
            want = GO_SCORES[mode]
            kinds = set()
            for i, (rid, resp) in enumerate(RESPONSES):
                got = self.suite.score(rid, resp, mode)
                self.assertEqual(got, want[i], "mode %s response %d (%s)" % (mode, i, rid))
                kinds.add(got["error_kind"])
            self.assertGreaterEqual(len(kinds), 4, kinds)
            for workers in (None, 1, 3):
                self.assertEqual(self.suite.score_batch(ids, texts, mode, workers=workers), want, "batch, mode %s" % mode)
            for i in range(0, len(RESPONSES), 5):
                rid, resp = RESPONSES[i]
                self.assertEqual(plancert.score(self.suite[rid], resp, mode), want[i], "plancert.score %d" % i)
                self.assertEqual(plancert.score(json.dumps(self.suite[rid]), resp, mode), want[i])
                self.assertEqual(plancert.score(json.dumps(self.suite[rid]).encode(), resp, mode), want[i])

    def test_mapping(self):
        with open(SUITE, encoding="utf-8") as f:
            lines = [json.loads(line) for line in f]
        self.assertEqual(len(self.suite), len(lines))
        self.assertEqual(list(self.suite), [r["id"] for r in lines])
        self.assertEqual(list(self.suite.records()), lines)
        self.assertIn(lines[3]["id"], self.suite)
        self.assertNotIn("no/such/id", self.suite)
        self.assertEqual(self.suite[lines[3]["id"]], lines[3])
        self.assertIsNone(self.suite.get("no/such/id"))
        with self.assertRaises(KeyError):
            self.suite["no/such/id"]
        self.assertIn("32 records", repr(self.suite))

    def test_errors(self):
        rid = self.suite.ids[0]
        with self.assertRaisesRegex(plancert.Error, r'^plancert: no record of the suite has the id "no/such/id"$'):
            self.suite.score("no/such/id", "x")
        with self.assertRaisesRegex(plancert.Error, r'^plancert: ids\[1\]: no record of the suite has the id "nope"$'):
            self.suite.score_batch([rid, "nope"], ["x", "y"])
        with self.assertRaisesRegex(plancert.Error, r'reward "best" is not allpass, avgpass or feasible'):
            self.suite.score(rid, "x", "best")
        with self.assertRaisesRegex(plancert.Error, r'reward "best" is not allpass, avgpass or feasible'):
            self.suite.score_batch([rid], ["x"], "best")
        with self.assertRaises(TypeError):
            self.suite.score(rid, None)
        with self.assertRaises(TypeError):
            self.suite.score_batch([rid], [b"x"])
        with self.assertRaises(ValueError):
            self.suite.score_batch([rid], [])
        with self.assertRaisesRegex(plancert.Error, r'^plancert: the record: field "task": missing or empty$'):
            plancert.score({"id": "x"}, "x")
        with self.assertRaisesRegex(plancert.Error, r'^plancert: the record: field "checklist": want an array, got a string$'):
            plancert.score(dict(self.suite[rid], checklist="x"), "x")
        if self.suite[rid].get("hash"):  # a record changed after it was written
            with self.assertRaisesRegex(plancert.Error, r'^plancert: the record: field "hash": the record says sha256:'):
                plancert.score(dict(self.suite[rid], prompt="changed"), "x")
        with self.assertRaisesRegex(plancert.Error, r"^plancert: the record: not valid JSON"):
            plancert.score("{", "x")
        with self.assertRaises(TypeError):
            plancert.score(7, "x")

    def test_lone_surrogate(self):
        """A lone surrogate grades as U+FFFD, alone, in a batch and in a
        record, as the server reads its escape."""
        rid, ref = RESPONSES[2]
        for resp in ("\ud800" + ref, ref.replace('"', '"\udc00', 1)):
            one = self.suite.score(rid, resp)
            self.assertEqual(one, self.suite.score(rid, resp.replace("\ud800", "\ufffd").replace("\udc00", "\ufffd")))
            self.assertEqual(self.suite.score_batch([rid], [resp]), [one])
            self.assertEqual(plancert.score(self.suite[rid], resp), one)
        rec = dict(self.suite[rid], prompt="\ud800")
        rec.pop("hash", None)  # an edited record keeps no content hash
        self.assertEqual(plancert.score(rec, ref), plancert.score(json.dumps(rec), ref))

    def test_load_errors(self):
        with open(SUITE, encoding="utf-8") as f:
            lines = f.read().splitlines()
        bad = os.path.join(TMP, "bad.jsonl")
        with open(bad, "w", encoding="utf-8") as f:
            f.write(lines[0] + "\n\n" + lines[1].replace('"task":"', '"task":"x', 1) + "\n")
        with self.assertRaisesRegex(plancert.Error, r'^plancert: %s: line 3: field "task": no task "x' % re.escape(bad)):
            plancert.load(bad)
        empty = os.path.join(TMP, "empty.jsonl")
        open(empty, "w").close()
        with self.assertRaisesRegex(plancert.Error, r"the suite has no records"):
            plancert.load(empty)
        with self.assertRaises(FileNotFoundError):
            plancert.load(os.path.join(TMP, "missing.jsonl"))

    def test_crlf_bom_blank_lines(self):
        with open(SUITE, "rb") as f:
            lines = f.read().splitlines()
        odd = os.path.join(TMP, "odd-suite.jsonl")
        with open(odd, "wb") as f:
            f.write(b"\xef\xbb\xbf" + lines[0] + b"\r\n\r\n   \n" + b"\r\n".join(lines[1:5]) + b"\r\n")
        s = plancert.load(odd)
        self.assertEqual(list(s.ids), list(self.suite.ids[:5]))
        for rid in s:
            self.assertEqual(s[rid], self.suite[rid])

    def test_close_and_pickle(self):
        s = plancert.load(SUITE)
        rid, resp = RESPONSES[0]
        copy = pickle.loads(pickle.dumps(s))
        self.assertEqual(copy.ids, s.ids)
        self.assertEqual(copy.score(rid, resp), s.score(rid, resp))
        with s:
            pass
        with self.assertRaisesRegex(plancert.Error, r"^plancert: the suite .* is closed$"):
            s.score(rid, resp)
        s.close()  # twice is fine
        self.assertEqual(copy.score(rid, resp)["all_pass"], 1)
        copy.close()

    def test_threads(self):
        """Threads grade at once (the GIL is released) with the same
        scores."""
        want = GO_SCORES["avgpass"]
        errors = []

        def work(k):
            for i in range(k, len(RESPONSES), 4):
                rid, resp = RESPONSES[i]
                if self.suite.score(rid, resp, "avgpass") != want[i]:
                    errors.append(i)
                if plancert.score(self.suite[rid], resp, "avgpass") != want[i]:
                    errors.append(i)

        threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])


def python(code, env=None):
    """Runs code in a fresh python3 with this package on its path."""
    e = dict(os.environ, PYTHONPATH=PYTHON_DIR, PYTHONDONTWRITEBYTECODE="1")
    e.update(env or {})
    return subprocess.run([sys.executable, "-c", code], env=e, cwd=TMP, capture_output=True, text=True, timeout=120)


class ProcessTest(unittest.TestCase):
    def test_fork(self):
        """A process forked after the library was loaded gets an error,
        not a hang; one forked before loads its own."""
        code = """
import os, sys, plancert
def child(f):
    pid = os.fork()
    if pid == 0:
        try:
            f()
            os._exit(0)
        except plancert.Error as e:
            print(e)
            os._exit(3)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
print("before", child(lambda: plancert.load(sys.argv[1])))
s = plancert.load(sys.argv[1])
print("after", child(lambda: s.score(s.ids[0], "x")))
print("parent", s.score(s.ids[0], "x")["error_kind"])
"""
        p = subprocess.run([sys.executable, "-c", code, SUITE], env=dict(os.environ, PYTHONPATH=PYTHON_DIR),
                           capture_output=True, text=True, timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr)
        out = p.stdout.splitlines()
        self.assertEqual(out[0], "before 0")
        self.assertRegex(out[1], r"^plancert: this process \(pid \d+\) was forked from process \d+ after that one had loaded")
        self.assertEqual(out[2:], ["after 3", "parent format"])

    def test_no_library(self):
        p = python("import plancert\nplancert.load(%r)" % SUITE, {"PLANCERT_LIB": os.path.join(TMP, "nope.so")})
        self.assertIn("plancert.Error: plancert: PLANCERT_LIB is %s, which does not exist" % os.path.join(TMP, "nope.so"), p.stderr)
        bare = os.path.join(TMP, "bare")
        shutil.copytree(os.path.join(PYTHON_DIR, "plancert"), os.path.join(bare, "plancert"),
                        ignore=shutil.ignore_patterns("*.so", "*.h", "__pycache__"))
        p = python("import plancert\nprint(plancert.Client())\nplancert.score('{}', 'x')", {"PYTHONPATH": bare, "PLANCERT_LIB": ""})
        self.assertIn("plancert.Client('http://127.0.0.1:8000')", p.stdout)
        self.assertIn('is not built: run "make python"', p.stderr)


class Server:
    """A "plancert serve" with args on a free port of 127.0.0.1, stopped
    (SIGTERM, then waited for) at the end of the with block."""

    def __init__(self, *args):
        self.proc = subprocess.Popen([binary(), "serve", "--addr", "127.0.0.1:0"] + list(args),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.url = None
        timer = threading.Timer(60, self.proc.kill)  # a server that never listens fails the test, never hangs it
        timer.start()
        try:
            for line in self.proc.stderr:
                m = re.search(r"listening on (http://\S+)", line)
                if m:
                    self.url = m.group(1)
                    break
        finally:
            timer.cancel()
        if self.url is None:
            self.stop()
            raise AssertionError("plancert serve %s did not start" % " ".join(args))
        # Read the rest of its standard error, so that its logs never block it.
        self._drain = threading.Thread(target=self.proc.stderr.read, daemon=True)
        self._drain.start()

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=60)
        self.proc.stderr.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


class ServerTest(unittest.TestCase):
    """plancert.Client asks plancert serve and gets the same scores."""

    def test_client(self):
        with Server("--suite", SUITE) as srv:
            url = srv.url
            client = plancert.Client(url)
            ids = [rid for rid, _ in RESPONSES]
            texts = [resp for _, resp in RESPONSES]
            got = client.score_batch(ids, texts, "avgpass")
            for g, w in zip(got, GO_SCORES["avgpass"]):
                self.assertEqual(g["passed"] + g["failed"], len(w["items"]))
                del g["passed"], g["failed"]
                self.assertEqual(g, w)
            self.assertEqual(client.score(ids[0], texts[0]), dict(GO_SCORES[None][0], passed=len(GO_SCORES[None][0]["items"]), failed=0))
            with self.assertRaisesRegex(plancert.Error, r'no record of the suite has the id "no/such/id"'):
                client.score("no/such/id", "x")
            with self.assertRaisesRegex(plancert.Error, r"HTTP 400"):
                client.score(ids[0], "x", "best")
            h = self_hash = plancert.load(SUITE)[ids[0]]["hash"]
            self.assertEqual(client.score(ids[0], texts[0], hash=h)["reward"], GO_SCORES[None][0]["reward"])
            with self.assertRaisesRegex(plancert.Error, r"HTTP 409.*" + re.escape(self_hash)):
                client.score(ids[0], texts[0], hash="sha256:" + "0" * 32)
            # Without --generate, no problems and no curriculum.
            with self.assertRaisesRegex(plancert.Error, r"HTTP 404.*generation is off"):
                plancert.Curriculum(url).problems(task="meeting-planning", n=1)


def reference(rec):
    return "```json\n" + json.dumps(rec["reference"]["plan"]) + "\n```"


class CurriculumTest(unittest.TestCase):
    """plancert.Curriculum against plancert serve --generate: fresh
    problems at the task's level, which goes up while the references keep
    passing (graded by the server, or in process and told with feedback)."""

    def test_curriculum(self):
        task = "meeting-planning"
        with Server("--generate", "--max-generate", "4") as srv:
            cur = plancert.Curriculum(srv.url, seed=10)
            self.assertEqual(cur.state(task)["tasks"][task]["level"], 1)
            self.assertEqual(len(cur.state()["tasks"]), 32)
            # Round 1: graded by the server (POST /v1/score) counts on its own.
            recs = cur.problems(task=task, n=2)
            self.assertEqual([r["level"] for r in recs], [1, 1])
            self.assertEqual([r["task"] for r in recs], [task, task])
            got = plancert.Client(srv.url).score_batch([r["id"] for r in recs], [reference(r) for r in recs],
                                                       hashes=[r["hash"] for r in recs])
            self.assertEqual([g["all_pass"] for g in got], [1, 1])
            st = cur.state(task)["tasks"][task]
            self.assertEqual((st["level"], st["m"], st["graded"], st["solved"]), (1, 5, 2, 2))
            # Round 2: graded in process, told with feedback (hashes remembered).
            recs = cur.problems(task=task, n=2)
            results = [plancert.score(r, reference(r)) for r in recs]
            answer = cur.feedback(results)
            self.assertEqual((answer["n"], answer["counted"], answer["unknown"], answer["stale"]), (2, 2, 0, 0))
            self.assertEqual(answer["tasks"][task]["level"], 2)
            self.assertEqual(cur.state(task)["tasks"][task]["level"], 2)
            # The next batch is of level 2; stale feedback (level 1) moves nothing.
            (rec,) = list(cur.stream(task=task, batch=1, batches=1))
            self.assertEqual(rec["level"], 2)
            answer = cur.feedback(results)
            self.assertEqual((answer["counted"], answer["stale"]), (2, 2))
            # With a level: the records of plancert gen, whatever the curriculum.
            recs = cur.problems(task=task, n=2, seed=3, level=1)
            out = os.path.join(TMP, "gen-level1.jsonl")
            run("gen", "--task", task, "--level", "1", "--n", "2", "--seed", "3", "--out", out)
            self.assertEqual(recs, read_jsonl(out))
            # Errors are plancert.Error with the server's message.
            with self.assertRaisesRegex(plancert.Error, r"HTTP 409.*nothing was counted"):
                cur.feedback([{"id": recs[0]["id"], "hash": "sha256:" + "0" * 32, "all_pass": 1}])
            with self.assertRaisesRegex(plancert.Error, r'HTTP 400.*"level": 9 is outside 1..5'):
                cur.problems(task=task, n=1, level=9)
            with self.assertRaisesRegex(plancert.Error, r'HTTP 413.*"n": 5 is over the limit of 4'):
                cur.problems(task=task, n=5)
            with self.assertRaisesRegex(ValueError, r'results\[0\] has no "id" and "all_pass"'):
                cur.feedback([{"id": "x"}])


def env(**kw):
    """The examples' environment: in process on the test suite."""
    base = {"PLANCERT_SUITE": SUITE, "PLANCERT_URL": "", "PLANCERT_REWARD": ""}
    base.update(kw)
    return mock.patch.dict(os.environ, base)


class VerlTest(unittest.TestCase):
    def test_compute_score(self):
        for mode in MODES:
            with env(PLANCERT_REWARD=mode or ""):
                for i, (rid, resp) in enumerate(RESPONSES):
                    got = plancert_verl.compute_score("plancert/x", resp, rid, {"id": rid, "index": i, "num_turns": None})
                    w = GO_SCORES[mode][i]
                    self.assertEqual(got, {"score": w["reward"], "all_pass": w["all_pass"], "avg_pass": w["avg_pass"],
                                           "error_kind": w["error_kind"]})
                    self.assertIsInstance(got["score"], float)

    def test_compute_score_batch(self):
        """Called as verl's BatchRewardManager calls it: keyword arguments,
        extra_infos with rollout_reward_scores, reward_kwargs."""
        ids = [rid for rid, _ in RESPONSES]
        for mode in MODES:
            with env(PLANCERT_REWARD=mode or ""):
                got = plancert_verl.compute_score_batch(
                    data_sources=["plancert/x"] * len(ids), solution_strs=[r for _, r in RESPONSES], ground_truths=ids,
                    extra_infos=[{"id": rid, "rollout_reward_scores": {}} for rid in ids], some_reward_kwarg=1)
                want = [{"score": w["reward"], "all_pass": w["all_pass"], "avg_pass": w["avg_pass"],
                         "error_kind": w["error_kind"]} for w in GO_SCORES[mode]]
                self.assertEqual(got, want)
                # Every dict has the same keys: verl appends each key's
                # values into lists, one per response.
                self.assertEqual({tuple(sorted(g)) for g in got}, {("all_pass", "avg_pass", "error_kind", "score")})

    def test_errors(self):
        rid = RESPONSES[0][0]
        with env():
            with self.assertRaisesRegex(ValueError, "differ"):
                plancert_verl.compute_score("plancert/x", "x", rid, {"id": "other"})
            with self.assertRaisesRegex(ValueError, "no record id"):
                plancert_verl.compute_score("plancert/x", "x", None, {})
            with self.assertRaisesRegex(RuntimeError, 'no record of the suite has the id "no/such/id"'):
                plancert_verl.compute_score("plancert/x", "x", "no/such/id")
            with self.assertRaises(ValueError):
                plancert_verl.compute_score_batch(["a"], ["x", "y"], [rid, rid], None)
            # A row exported from another suite: its hash is not the record's.
            h = plancert.load(SUITE)[rid]["hash"]
            self.assertEqual(plancert_verl.compute_score("plancert/x", RESPONSES[0][1], rid, {"id": rid, "hash": h})["score"],
                             GO_SCORES[None][0]["reward"])
            with self.assertRaisesRegex(plancert.Error, "not exported from this suite"):
                plancert_verl.compute_score("plancert/x", "x", rid, {"id": rid, "hash": "sha256:" + "0" * 32})
            with self.assertRaisesRegex(plancert.Error, r"ids\[1\]: .*not exported from this suite"):
                plancert_verl.compute_score_batch(["plancert/x"] * 2, ["x", "y"], [rid, rid],
                                                  [{"id": rid, "hash": h}, {"id": rid, "hash": "sha256:" + "1" * 32}])
        with env(PLANCERT_SUITE=""):
            with self.assertRaisesRegex(plancert.Error, "set PLANCERT_SUITE"):
                plancert_verl.compute_score("plancert/x", "x", rid)


class TRLTest(unittest.TestCase):
    def test_rewards(self):
        ids = [rid for rid, _ in RESPONSES]
        texts = [r for _, r in RESPONSES]
        for mode in MODES:
            with env(PLANCERT_REWARD=mode or ""):
                want = [w["reward"] for w in GO_SCORES[mode]]
                self.assertEqual(plancert_trl.plancert_reward(["p"] * len(ids), texts, id=ids), want)
                msgs = [[{"role": "assistant", "content": t}] for t in texts]
                self.assertEqual(plancert_trl.plancert_reward(["p"] * len(ids), msgs, id=ids, completion_ids=[[1]] * len(ids)), want)

    def test_mixed_dataset(self):
        """Rows of other data sources get None; the metrics and columns
        are logged on every call, over plancert's rows."""
        n = 12
        rows = RESPONSES[len(RESPONSES) - n:]
        ids, texts, sources = [], [], []
        for k, (rid, resp) in enumerate(rows):
            ids.append(rid)
            texts.append(resp)
            sources.append("plancert/scheduling")
            if k % 3 == 0:
                ids.append(None)
                texts.append("42")
                sources.append("openai/gsm8k")
        metrics, extra = [], {}
        with env():
            got = plancert_trl.plancert_reward(
                ["p"] * len(ids), texts, id=ids, data_source=sources, trainer_state=object(),
                log_metric=lambda name, value: metrics.append((name, value)),
                log_extra=lambda column, values: extra.__setitem__(column, values))
        want = iter(GO_SCORES[None][len(RESPONSES) - n:])
        scored = []
        for rid, src, g in zip(ids, sources, got):
            if src.startswith("plancert/"):
                w = next(want)
                scored.append(w)
                self.assertEqual(g, w["reward"])
            else:
                self.assertIsNone(g)
        self.assertEqual([m[0] for m in metrics], ["plancert/all_pass", "plancert/avg_pass", "plancert/parsed"])
        self.assertAlmostEqual(metrics[0][1], sum(w["all_pass"] for w in scored) / n)
        self.assertAlmostEqual(metrics[1][1], sum(w["avg_pass"] for w in scored) / n)
        self.assertAlmostEqual(metrics[2][1], sum(w["parsed"] for w in scored) / n)
        self.assertEqual(sorted(extra), ["plancert_avg_pass", "plancert_error_kind"])
        kinds = [k for k, s in zip(extra["plancert_error_kind"], sources) if s.startswith("plancert/")]
        self.assertEqual(kinds, [w["error_kind"] for w in scored])
        self.assertEqual([k for k, s in zip(extra["plancert_error_kind"], sources) if not s.startswith("plancert/")], [None] * 4)
        self.assertEqual(len(extra["plancert_avg_pass"]), len(ids))

        # A batch without plancert rows: all None, NaN metrics (every
        # process logs the same names), no grading.
        metrics.clear()
        with env(PLANCERT_SUITE=""):
            got = plancert_trl.plancert_reward(["p", "p"], ["1", "2"], id=[None, None], data_source=["a", "b"],
                                               log_metric=lambda name, value: metrics.append((name, value)))
        self.assertEqual(got, [None, None])
        self.assertEqual(len(metrics), 3)
        self.assertTrue(all(math.isnan(v) for _, v in metrics))
        # Without a data_source column, rows without an id are not plancert's.
        with env():
            got = plancert_trl.plancert_reward(["p"] * 3, [texts[0], "x", texts[1]], id=[ids[0], None, ""])
        self.assertEqual(got, [GO_SCORES[None][len(RESPONSES) - n]["reward"], None, None])

    def test_errors(self):
        with env():
            with self.assertRaisesRegex(KeyError, "no 'id' column"):
                plancert_trl.plancert_reward(["p"], ["x"])
            with self.assertRaisesRegex(ValueError, r"row 0: data_source 'plancert/scheduling' but no record id"):
                plancert_trl.plancert_reward(["p"], ["x"], id=[None], data_source=["plancert/scheduling"])
            with self.assertRaisesRegex(RuntimeError, 'no record of the suite has the id "no/such/id"'):
                plancert_trl.plancert_reward(["p"], ["x"], id=["no/such/id"])
            with self.assertRaises(ValueError):
                plancert_trl.plancert_reward(["p"], ["x", "y"], id=["a"])
            # The hash column: rows of another source are skipped, a hash
            # that is not the record's raises.
            rid = RESPONSES[0][0]
            h = plancert.load(SUITE)[rid]["hash"]
            got = plancert_trl.plancert_reward(["p"] * 2, [RESPONSES[0][1], "x"], id=[rid, None], hash=[h, None],
                                               data_source=["plancert/x", "other"])
            self.assertEqual(got, [GO_SCORES[None][0]["reward"], None])
            with self.assertRaisesRegex(plancert.Error, "not exported from this suite"):
                plancert_trl.plancert_reward(["p"], ["x"], id=[rid], hash=["sha256:" + "0" * 32])


if __name__ == "__main__":
    unittest.main()
