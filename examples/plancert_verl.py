"""verl reward function that asks a plancert reward server for the score.

Point verl at this file and function:

    custom_reward_function.path=examples/plancert_verl.py
    custom_reward_function.name=compute_score

The data comes from "plancert export --format verl": reward_model.ground_truth
and extra_info.id are the record id, which is all the server needs; the
server holds the suite, extracts the answer from the response and runs every
checklist item. Standard library only.

Environment:
    PLANCERT_URL     the server, default http://127.0.0.1:8000
    PLANCERT_REWARD  allpass (default), avgpass or feasible
    PLANCERT_TIMEOUT seconds per request, default 60
"""

import json
import os
import urllib.error
import urllib.request


def _url():
    return os.environ.get("PLANCERT_URL", "http://127.0.0.1:8000").rstrip("/")


def score_batch(ids, responses, reward=None):
    """Grades responses[i] against record ids[i] with POST /v1/score.

    Returns the server's results, one dict per item in order (the fields of
    a plancert score: reward, all_pass, avg_pass, items, error_kind, ...).
    Raises RuntimeError when the server refuses the request or names an
    unknown id: a wrong id is a setup error, not a reward of 0.
    """
    body = {"items": [{"id": i, "response": r} for i, r in zip(ids, responses)]}
    mode = reward or os.environ.get("PLANCERT_REWARD", "")
    if mode:
        body["reward"] = mode
    req = urllib.request.Request(
        _url() + "/v1/score",
        data=json.dumps(body).encode("utf-8"),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    timeout = float(os.environ.get("PLANCERT_TIMEOUT", "60"))
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            answer = json.load(resp)
    except urllib.error.HTTPError as e:
        detail = e.read().decode("utf-8", "replace")
        raise RuntimeError("plancert server: HTTP %d: %s" % (e.code, detail)) from None
    results = answer["results"]
    for res in results:
        if res.get("error"):
            raise RuntimeError("plancert server: %s" % res["error"])
    return results


def compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs):
    """verl's custom reward function: the reward of one response.

    ground_truth is the record id (extra_info["id"] is used when present,
    and must agree). Other keyword arguments (custom_reward_function's
    reward_kwargs) are ignored. Returns a float in [0, 1].
    """
    rid = ground_truth
    if isinstance(extra_info, dict) and extra_info.get("id"):
        if ground_truth and extra_info["id"] != ground_truth:
            raise ValueError("ground_truth %r and extra_info.id %r differ" % (ground_truth, extra_info["id"]))
        rid = extra_info["id"]
    return float(score_batch([rid], [solution_str])[0]["reward"])
