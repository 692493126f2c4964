"""TRL reward function that asks a plancert reward server for the scores.

    from trl import GRPOConfig, GRPOTrainer
    from plancert_trl import plancert_reward

    dataset = load_dataset("json", data_files="export/train.jsonl", split="train")
    trainer = GRPOTrainer(model=..., reward_funcs=plancert_reward,
                          args=GRPOConfig(...), train_dataset=dataset)

The dataset comes from "plancert export --format jsonl": a "prompt" column of
chat messages and an "id" column, which TRL passes to the reward function
as the keyword argument id (one per completion). One POST /v1/score grades
the whole batch. Standard library only.

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


def _text(completion):
    """The text of a completion: a string, or chat messages (the last one)."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, list) and completion:
        last = completion[-1]
        if isinstance(last, dict):
            return str(last.get("content", ""))
    raise TypeError("completion is neither a string nor a list of messages: %r" % (completion,))


def plancert_reward(prompts, completions, **kwargs):
    """A reward function for TRL's GRPOTrainer: one float per completion.

    kwargs["id"] holds the record id of each completion (the dataset's id
    column). Raises RuntimeError when the server refuses the batch or names
    an unknown id.
    """
    ids = kwargs.get("id")
    if ids is None:
        raise KeyError("no 'id' column: export the dataset with plancert export --format jsonl")
    if len(ids) != len(completions):
        raise ValueError("%d ids for %d completions" % (len(ids), len(completions)))
    body = {"items": [{"id": i, "response": _text(c)} for i, c in zip(ids, completions)]}
    mode = os.environ.get("PLANCERT_REWARD", "")
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
    rewards = []
    for res in answer["results"]:
        if res.get("error"):
            raise RuntimeError("plancert server: %s" % res["error"])
        rewards.append(float(res["reward"]))
    return rewards
