"""plancert's exact grading in Python, in process.

    import plancert

    suite = plancert.load("out/suite.jsonl")
    result = suite.score(record_id, response)              # one response
    results = suite.score_batch(ids, responses)            # many, graded in parallel
    result = plancert.score(suite[record_id], response)    # a record (a dict) on its own

A result is the score of "plancert verify --json": id, parsed, items (id,
pass, detail per checklist item), all_pass, avg_pass, reward, objective,
error_kind and integrity_alarm. reward is None (allpass), "avgpass" or
"feasible".

Grading runs in this process through libplancert, a C shared library built
from plancert's Go graders ("make python"): no server, no subprocess. The
GIL is released while a response is graded, so threads grade in parallel.
Client grades through a running "plancert serve" instead, with the same
methods; Curriculum asks a "plancert serve --generate" for fresh problems at
the difficulty its curriculum sets, and tells it the results graded here.
Standard library only.
"""

import json
import os
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

from . import _lib
from ._lib import Error, library_path

Error.__module__ = "plancert"

__all__ = ["Error", "Suite", "Client", "Curriculum", "load", "score", "from_env", "library_path", "REWARD_MODES"]

# The reward modes; None is the first.
REWARD_MODES = ("allpass", "avgpass", "feasible")


def _bom_trim(line):
    return line[3:] if line.startswith(b"\xef\xbb\xbf") else line


class Suite:
    """A suite loaded in process: its records by id, graded by id.

    len(suite) is the number of records; iterating gives their ids in file
    order; suite[id] is the record as a dict (decoded when asked for);
    "id in suite" says whether a record has that id. A Suite pickles as its
    path: unpickling loads the file again in the receiving process.
    """

    def __init__(self, path):
        path = os.fspath(path)
        with open(path, "rb") as f:
            data = f.read()
        name = _lib.utf8(path).replace(b"\0", b"")
        answer = _lib.call("plancert_load_suite", name, data, len(data))
        self.path = path
        self._handle = answer["handle"]
        self.ids = tuple(answer["ids"])
        lines = data.split(b"\n")
        self._lines = {}
        for rid, n in zip(self.ids, answer["lines"]):
            line = lines[n - 1]
            self._lines[rid] = _bom_trim(line) if n == 1 else line
        self._decoded = {}
        self._close_lock = threading.Lock()

    def __len__(self):
        return len(self.ids)

    def __iter__(self):
        return iter(self.ids)

    def __contains__(self, rid):
        return rid in self._lines

    def __getitem__(self, rid):
        rec = self._decoded.get(rid)
        if rec is None:
            try:
                line = self._lines[rid]
            except KeyError:
                raise KeyError(rid) from None
            rec = json.loads(line)
            self._decoded[rid] = rec
        return rec

    def get(self, rid, default=None):
        """The record of id rid as a dict, or default."""
        return self[rid] if rid in self._lines else default

    def records(self):
        """The records as dicts, in file order."""
        return (self[rid] for rid in self.ids)

    def _live(self):
        h = self._handle
        if h is None:
            raise Error("plancert: the suite %s is closed" % self.path)
        return h

    def _check_hash(self, i, rid, want):
        """Raises Error when the row's content hash want (a dataset row's
        "hash") is not the hash of this suite's record rid: the dataset was
        exported from another suite, so grading would be silently wrong."""
        if not want or rid not in self._lines:
            return
        have = self[rid].get("hash") or ""
        if have and have != want:
            raise Error(
                "plancert: %sthe record %s has the hash %s in %s, but the row says %s: the dataset was not exported from this suite"
                % ("ids[%d]: " % i if i is not None else "", json.dumps(rid), have, self.path, want)
            )

    def score(self, rid, response, reward=None, hash=None):
        """Grades response against the record of id rid; returns the score
        dict. An unknown id raises Error, and so does a hash (the row's
        content hash, when given) that is not the record's."""
        self._check_hash(None, rid, hash)
        rid_b, resp_b = _lib.text(rid, "the record id"), _lib.text(response, "the response")
        return _lib.call(
            "plancert_score_id", self._live(), rid_b, len(rid_b), resp_b, len(resp_b), _lib.reward_bytes(reward)
        )

    def score_batch(self, ids, responses, reward=None, workers=None, hashes=None):
        """Grades responses[i] against the record of id ids[i], on workers
        threads of the library (None: one per CPU); returns the score dicts
        in order. An unknown id, or a hashes[i] (the rows' content hashes,
        when given; None or "" skips a row) that is not its record's, raises
        Error naming it (and grades nothing)."""
        ids, responses = list(ids), list(responses)
        if len(ids) != len(responses):
            raise ValueError("plancert: %d ids for %d responses" % (len(ids), len(responses)))
        if hashes is not None:
            hashes = list(hashes)
            if len(hashes) != len(ids):
                raise ValueError("plancert: %d hashes for %d ids" % (len(hashes), len(ids)))
            for i, (rid, h) in enumerate(zip(ids, hashes)):
                self._check_hash(i, rid, h)
        for i, (rid, resp) in enumerate(zip(ids, responses)):
            if not isinstance(rid, str):
                raise TypeError("plancert: ids[%d] must be a str, got %s" % (i, type(rid).__name__))
            if not isinstance(resp, str):
                raise TypeError("plancert: responses[%d] must be a str, got %s" % (i, type(resp).__name__))
            if rid not in self._lines:
                raise Error("plancert: ids[%d]: no record of the suite has the id %s" % (i, json.dumps(rid)))
        if reward is not None:
            _lib.reward_bytes(reward)
        req = {"items": [{"id": rid, "response": resp} for rid, resp in zip(ids, responses)], "reward": reward or ""}
        if workers is not None:
            req["workers"] = int(workers)
        # ASCII JSON (\u escapes) encodes faster than UTF-8 JSON.
        body = json.dumps(req, separators=(",", ":")).encode("ascii")
        answer = _lib.call("plancert_score_batch", self._live(), body, len(body))
        results = answer["results"]
        for i, res in enumerate(results):
            if res.get("error"):
                raise Error("plancert: ids[%d]: %s" % (i, res["error"]))
        return results

    def close(self):
        """Frees the suite in the library (also done when it is collected);
        grading it afterwards raises Error."""
        with self._close_lock:
            h, self._handle = self._handle, None
        if h is not None:
            _lib.call("plancert_free_suite", h)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            if getattr(self, "_handle", None) is not None and not _lib._forked:
                self.close()
        except Exception:
            pass

    def __reduce__(self):
        return (load, (self.path,))

    def __repr__(self):
        return "plancert.Suite(%r, %d records)" % (self.path, len(self.ids))


def load(path):
    """Reads a suite, JSONL records as "plancert gen" writes them, into a
    Suite. A bad record raises Error naming the file, the line and the
    field."""
    return Suite(path)


def score(record, response, reward=None):
    """Grades response against record, a dict (one record of a suite, as
    json.loads reads its line) or its JSON text; returns the score dict. A
    record that does not read raises Error naming the field. Records are
    kept in the library by content, so grading the same record again does
    not read it again; grading by id (Suite.score) saves encoding it."""
    if isinstance(record, dict):
        data = json.dumps(record, separators=(",", ":")).encode("ascii")
    elif isinstance(record, str):
        data = _lib.utf8(record)
    elif isinstance(record, (bytes, bytearray)):
        data = bytes(record)
    else:
        raise TypeError("plancert: record must be a dict, a str or bytes, got %s" % type(record).__name__)
    resp = _lib.text(response, "the response")
    return _lib.call("plancert_score", data, len(data), resp, len(resp), _lib.reward_bytes(reward))


class Client:
    """Grades through a running "plancert serve" (POST /v1/score), with
    Suite's score and score_batch. A refused request or an unknown id
    raises Error. Results have the fields of Suite's, plus passed and
    failed (the numbers of checklist items)."""

    def __init__(self, url="http://127.0.0.1:8000", timeout=60.0):
        self.url = url.rstrip("/")
        self.timeout = float(timeout)

    def score(self, rid, response, reward=None, hash=None):
        return self.score_batch([rid], [response], reward, hashes=None if hash is None else [hash])[0]

    def score_batch(self, ids, responses, reward=None, workers=None, hashes=None):
        """workers is ignored: the server grades with its own. hashes (the
        rows' content hashes) go with the items; the server answers 409,
        raised as Error, when one is not its record's."""
        ids, responses = list(ids), list(responses)
        if len(ids) != len(responses):
            raise ValueError("plancert: %d ids for %d responses" % (len(ids), len(responses)))
        items = [{"id": i, "response": r} for i, r in zip(ids, responses)]
        if hashes is not None:
            hashes = list(hashes)
            if len(hashes) != len(ids):
                raise ValueError("plancert: %d hashes for %d ids" % (len(hashes), len(ids)))
            for item, h in zip(items, hashes):
                if h:
                    item["hash"] = h
        body = {"items": items}
        if reward:
            body["reward"] = reward
        answer = _request(self.url, "/v1/score", body, self.timeout)
        results = answer["results"]
        for i, res in enumerate(results):
            if res.get("error"):
                raise Error("plancert server: ids[%d]: %s" % (i, res["error"]))
        return results

    def __repr__(self):
        return "plancert.Client(%r)" % self.url


def _request(url, path, body=None, timeout=60.0, busy_wait=0.0):
    """The JSON answer of POST url+path with the JSON body (GET when body
    is None). A refused request raises Error with the status and the
    server's message. A 429 (the server generates as much as it may) is
    asked again after its Retry-After, for up to busy_wait seconds."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    deadline = time.monotonic() + busy_wait
    while True:
        req = urllib.request.Request(
            url + path, data=data, headers={"Content-Type": "application/json"}, method="GET" if data is None else "POST"
        )
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as e:
            detail = e.read().decode("utf-8", "replace")
            if e.code == 429:
                try:
                    wait = float(e.headers.get("Retry-After") or 1)
                except ValueError:
                    wait = 1.0
                if time.monotonic() + wait <= deadline:
                    time.sleep(wait)
                    continue
            try:
                detail = json.loads(detail)["error"]  # the server's message, not its JSON
            except (ValueError, KeyError, TypeError):
                pass
            raise Error("plancert server: HTTP %d: %s" % (e.code, detail)) from None
        except urllib.error.URLError as e:
            raise Error("plancert server %s: %s" % (url, e.reason)) from None


class Curriculum:
    """Fresh certified problems from a running "plancert serve --generate",
    at the difficulty its curriculum sets per task, for a trainer's data
    loader:

        cur = plancert.Curriculum("http://127.0.0.1:8000")
        for rec in cur.stream(task="meeting-planning", batch=16):
            ...  # rec["prompt"], rec["id"], rec["hash"]: a record as gen writes it

    The server moves a task's level and tier counts from the results it
    grades (POST /v1/score, /get_reward: a plancert.Client or the verl/TRL
    reward functions with PLANCERT_URL); results graded elsewhere (in
    process, by Suite or plancert.score) go back with feedback(). Without
    a level, each task is drawn at its current level: the curriculum only
    learns from problems of that level (see "plancert serve --help").

    seed is the first seed of the batches that problems() draws without
    one, and step how much it grows per batch: give the k-th of K
    processes (data loader workers, ranks) seed=base+k, step=K so that no
    two ask for the same batch. timeout is per request, in seconds (a
    request the server has not generated in its own --generate-timeout is
    an Error); busy_wait is how long a request waits and asks again while
    the server answers 429 (it generates as many batches as it may).
    """

    # How many handed-out records' hashes feedback() remembers.
    _HASHES = 1 << 16

    def __init__(self, url="http://127.0.0.1:8000", seed=1, step=1, timeout=300.0, busy_wait=600.0):
        self.url = url.rstrip("/")
        self.timeout = float(timeout)
        self.busy_wait = float(busy_wait)
        self._seed, self._step = int(seed), int(step)
        if self._step < 1:
            raise ValueError("plancert: step must be at least 1, got %d" % self._step)
        self._hashes = {}
        self._lock = threading.Lock()

    def problems(self, task=None, family=None, n=8, seed=None, level=None, tiers=None):
        """n fresh certified records (dicts, as "plancert gen" writes them)
        of task, or of the tasks of family (neither: every task), index i
        of the family's task i mod T. With level (1..5) they are the
        records of "plancert gen --level level --n n --seed seed"; without,
        each task's are at its curriculum level (and tier counts, unless
        tiers, three counts basic/medium/hard, is given). seed None takes
        the next seed of this Curriculum (see the class). A refused request
        (a bad field, n over the server's --max-generate, a generation out
        of time, a server without --generate) raises Error."""
        if seed is None:
            with self._lock:
                seed, self._seed = self._seed, self._seed + self._step
        body = {"n": int(n), "seed": int(seed)}
        if task is not None:
            body["task"] = task
        if family is not None:
            body["family"] = family
        if level is not None:
            body["level"] = int(level)
        if tiers is not None:
            body["tiers"] = [int(c) for c in tiers]
        records = _request(self.url, "/v1/problems", body, self.timeout, self.busy_wait)["records"]
        with self._lock:
            for rec in records:
                self._hashes.pop(rec["id"], None)
                self._hashes[rec["id"]] = rec.get("hash", "")
            while len(self._hashes) > self._HASHES:
                del self._hashes[next(iter(self._hashes))]
        return records

    def stream(self, task=None, family=None, batch=8, level=None, tiers=None, batches=None):
        """The records of problems() one by one, a batch of batch at a time
        (each drawn when the one before is used up, so at the state the
        results counted so far set), for batches batches (None: without
        end). A torch IterableDataset or datasets.IterableDataset wraps it
        (docs/training.md)."""
        k = 0
        while batches is None or k < batches:
            for rec in self.problems(task=task, family=family, n=batch, level=level, tiers=tiers):
                yield rec
            k += 1

    def feedback(self, results):
        """Tells the server results graded elsewhere: each a dict with "id"
        and "all_pass" (a score dict of Suite.score or plancert.score is
        one), and optionally "hash" (else the hash of the record of that id
        that problems() handed out, when it remembers it). Returns the
        server's answer: n, counted, stale, unknown and the state of each
        task counted. A hash that is not the server's record's raises
        Error (409), and nothing is counted."""
        items = []
        with self._lock:
            for i, res in enumerate(results):
                try:
                    rid, ap = res["id"], res["all_pass"]
                except (KeyError, TypeError):
                    raise ValueError("plancert: results[%d] has no \"id\" and \"all_pass\": %r" % (i, res)) from None
                item = {"id": rid, "all_pass": 1 if ap in (1, True) else 0 if ap in (0, False) else ap}
                h = res.get("hash") or self._hashes.get(rid)
                if h:
                    item["hash"] = h
                items.append(item)
        return _request(self.url, "/v1/curriculum/feedback", {"results": items}, self.timeout)

    def state(self, task=None):
        """The curriculum as the server has it: {"params": ..., "tasks":
        {task: {"level", "p", "m", "counts", "graded", "solved",
        "stale"}}}, every task's or task's alone."""
        path = "/v1/curriculum"
        if task is not None:
            path += "?task=" + urllib.parse.quote(task)
        return _request(self.url, path, None, self.timeout)

    def __repr__(self):
        return "plancert.Curriculum(%r)" % self.url


_env_lock = threading.Lock()
_env_grader = {}


def from_env():
    """The grader the environment names, made once per process: a Client
    of PLANCERT_URL (with PLANCERT_TIMEOUT seconds, default 60) when it is
    set, else the Suite of the file PLANCERT_SUITE. Neither set raises
    Error."""
    url, path = os.environ.get("PLANCERT_URL", ""), os.environ.get("PLANCERT_SUITE", "")
    key = (url, path, os.environ.get("PLANCERT_TIMEOUT", ""))
    g = _env_grader.get(key)
    if g is not None:
        return g
    with _env_lock:
        g = _env_grader.get(key)
        if g is None:
            if url:
                g = Client(url, float(os.environ.get("PLANCERT_TIMEOUT") or 60))
            elif path:
                g = load(path)
            else:
                raise Error(
                    "plancert: set PLANCERT_SUITE to the suite file (graded in this process) "
                    "or PLANCERT_URL to a running plancert serve"
                )
            _env_grader[key] = g
    return g
