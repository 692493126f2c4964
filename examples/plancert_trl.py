"""TRL reward function with plancert's exact grading.

    from trl import GRPOConfig, GRPOTrainer
    from plancert_trl import plancert_reward

    dataset = load_dataset("json", data_files="export/train.jsonl", split="train")
    trainer = GRPOTrainer(model=..., reward_funcs=plancert_reward,
                          args=GRPOConfig(...), train_dataset=dataset)

The dataset comes from "plancert export --format jsonl": a "prompt" column of
chat messages, an "id" column and a "data_source" column ("plancert/<family>"),
which TRL passes to the reward function as keyword arguments (one value per
completion). Each batch is graded at once, in parallel.

The dataset may mix plancert rows with others graded by other reward
functions: a row whose data_source does not start with "plancert/" (or,
without a data_source column, whose id is None or empty) gets the reward
None, which TRL leaves out of that function's rewards. A plancert row with
an id the suite does not have raises plancert.Error (a RuntimeError): a
wrong id is a setup error, never a reward of 0.

With TRL >= 1.0, which passes log_metric and log_extra to reward functions,
every call logs the metrics plancert/all_pass, plancert/avg_pass and
plancert/parsed (means over the batch's plancert rows; NaN when it has none,
so that every process logs the same names), and the completion-table
columns plancert_error_kind and plancert_avg_pass (None on other rows).

The grading runs in this process through the plancert Python package
(python/plancert, built by "make python"; this file adds ../python to the
path when plancert is not importable), on the suite PLANCERT_SUITE names;
or, when PLANCERT_URL is set, through that running "plancert serve".
Standard library only.

Environment:
    PLANCERT_SUITE   the suite file, graded in this process
    PLANCERT_URL     a plancert serve to ask instead (e.g. http://127.0.0.1:8000)
    PLANCERT_REWARD  allpass (default), avgpass or feasible
    PLANCERT_TIMEOUT seconds per server request, default 60
"""

import os
import sys

try:
    import plancert
except ImportError:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
    import plancert


def _text(completion):
    """The text of a completion: a string, or chat messages (the last one)."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, list) and completion:
        last = completion[-1]
        if isinstance(last, dict):
            return str(last.get("content", ""))
    raise TypeError("completion is neither a string nor a list of messages: %r" % (completion,))


def _is_plancert(source):
    return isinstance(source, str) and (source == "plancert" or source.startswith("plancert/"))


def _rows(n, ids, sources):
    """The indices of the rows plancert grades."""
    if sources is not None and len(sources) != n:
        raise ValueError("%d data sources for %d completions" % (len(sources), n))
    if ids is not None and len(ids) != n:
        raise ValueError("%d ids for %d completions" % (len(ids), n))
    rows = []
    for i in range(n):
        rid = ids[i] if ids is not None else None
        if sources is not None:
            if not _is_plancert(sources[i]):
                continue
            if not isinstance(rid, str) or not rid:
                raise ValueError("row %d: data_source %r but no record id (%r)" % (i, sources[i], rid))
        elif not isinstance(rid, str) or not rid:
            continue
        rows.append(i)
    return rows


def plancert_reward(prompts, completions, log_metric=None, log_extra=None, **kwargs):
    """A reward function for TRL's GRPOTrainer: one float per completion,
    None for the rows that are not plancert's.

    kwargs["id"] holds the record id of each completion (the dataset's id
    column) and kwargs["data_source"], when the dataset has that column,
    tells plancert rows from others. kwargs["hash"], when present, is each
    record's content hash: a suite whose record differs raises
    plancert.Error instead of grading.
    """
    ids, sources = kwargs.get("id"), kwargs.get("data_source")
    if ids is None and sources is None:
        raise KeyError("no 'id' column: export the dataset with plancert export --format jsonl")
    n = len(completions)
    rows = _rows(n, ids, sources)
    results = {}
    if rows:
        hashes = kwargs.get("hash")
        graded = plancert.from_env().score_batch(
            [ids[i] for i in rows],
            [_text(completions[i]) for i in rows],
            os.environ.get("PLANCERT_REWARD") or None,
            hashes=[hashes[i] for i in rows] if hashes is not None else None,
        )
        results = dict(zip(rows, graded))
    if log_metric is not None:
        for name, key in (("all_pass", "all_pass"), ("avg_pass", "avg_pass"), ("parsed", "parsed")):
            vals = [float(r[key]) for r in results.values()]
            log_metric("plancert/" + name, sum(vals) / len(vals) if vals else float("nan"))
    if log_extra is not None:
        log_extra("plancert_error_kind", [results[i]["error_kind"] if i in results else None for i in range(n)])
        log_extra("plancert_avg_pass", [results[i]["avg_pass"] if i in results else None for i in range(n)])
    return [float(results[i]["reward"]) if i in results else None for i in range(n)]
