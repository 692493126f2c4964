"""verl reward functions with plancert's exact grading.

Point verl at this file and one of its functions:

    custom_reward_function.path=examples/plancert_verl.py
    custom_reward_function.name=compute_score            # once per response (the naive reward manager)

    custom_reward_function.name=compute_score_batch      # once per batch,
    reward_model.reward_manager=batch                    # with verl's BatchRewardManager

The data comes from "plancert export --format verl": reward_model.ground_truth
and extra_info.id are the record id, extra_info.hash its content hash (a
suite whose record of that id differs raises plancert.Error: the dataset
was exported from another suite). Each function returns, per response,
{"score", "all_pass", "avg_pass", "error_kind"}: verl trains on "score" and
keeps the other keys as reward extra info (error_kind is "" for a response
that passes every item).

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


def _reward():
    return os.environ.get("PLANCERT_REWARD") or None


def _record_id(ground_truth, extra_info):
    """The record id of a row: ground_truth, which extra_info["id"] (when
    present) must agree with."""
    rid = ground_truth
    if isinstance(extra_info, dict) and extra_info.get("id"):
        if ground_truth and extra_info["id"] != ground_truth:
            raise ValueError("ground_truth %r and extra_info.id %r differ" % (ground_truth, extra_info["id"]))
        rid = extra_info["id"]
    if not isinstance(rid, str) or not rid:
        raise ValueError("no record id: ground_truth is %r (export the dataset with plancert export --format verl)" % (rid,))
    return rid


def _hash(extra_info):
    """The row's record content hash (extra_info["hash"]), or None: a suite
    whose record differs raises plancert.Error instead of grading."""
    if isinstance(extra_info, dict):
        return extra_info.get("hash") or None
    return None


def _result(res):
    return {
        "score": float(res["reward"]),
        "all_pass": int(res["all_pass"]),
        "avg_pass": float(res["avg_pass"]),
        "error_kind": res["error_kind"],
    }


def compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs):
    """verl's custom reward function: the reward of one response.

    Returns {"score", "all_pass", "avg_pass", "error_kind"}. Other keyword
    arguments (custom_reward_function's reward_kwargs) are ignored. An
    unknown record id raises plancert.Error (a RuntimeError): a wrong id is
    a setup error, never a reward of 0.
    """
    rid = _record_id(ground_truth, extra_info)
    return _result(plancert.from_env().score(rid, solution_str, _reward(), hash=_hash(extra_info)))


def compute_score_batch(data_sources, solution_strs, ground_truths, extra_infos=None, **kwargs):
    """verl's batch reward function (reward_model.reward_manager=batch):
    the rewards of a batch, graded in parallel, one dict per response as
    compute_score returns."""
    if extra_infos is None:
        extra_infos = [None] * len(solution_strs)
    if not (len(data_sources) == len(solution_strs) == len(ground_truths) == len(extra_infos)):
        raise ValueError(
            "%d data sources, %d solutions, %d ground truths, %d extra infos"
            % (len(data_sources), len(solution_strs), len(ground_truths), len(extra_infos))
        )
    ids = [_record_id(gt, ei) for gt, ei in zip(ground_truths, extra_infos)]
    hashes = [_hash(ei) for ei in extra_infos]
    results = plancert.from_env().score_batch(ids, [str(s) for s in solution_strs], _reward(), hashes=hashes)
    return [_result(r) for r in results]
