"""Fuzzing the two doors through which outside data enters: share links and record files.

Thousands of mutated inputs (bit flips, truncations, insertions, random bytes, re-checksummed
body edits, JSON edits) go through ``link.decode`` and ``SaveStore.import_``. Each one must
either raise the declared error type (RecordError, of which LinkError is a kind) or open a
complete, consistent game; a failed import must leave the storage untouched (never a partly
applied state). Seeded, so a failure is reproducible.
"""

import base64
import json
import random
import zlib

import pytest

from rituels.app.saves import SaveStore
from rituels.app.storage import MemoryStorage
from rituels.engine import GAME_IDS
from rituels.engine.link import LinkError, decode, encode
from rituels.engine.history import replay
from rituels.engine.record import RecordError

from .helpers import played_record

LINK_CASES = 6000
FILE_CASES = 4500
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def corpus() -> list[dict]:
    """Short and mid-game records of every game written so far (long games would only make
    the run slower: every path of the decoder is reached by short ones)."""
    records = []
    for game_id in GAME_IDS:
        try:
            full = played_record(game_id, seed=11)
        except pytest.skip.Exception:
            continue
        for upto in (0, 5, 40):
            records.append(dict(full, actions=full["actions"][:upto]))
        if len(full["actions"]) <= 80:  # a whole short game: the end-of-game paths too
            records.append(full)
    assert records, "no game is available to fuzz with"
    return records


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    data = bytearray(data)
    kind = rng.randrange(5)
    if kind == 0 and data:                      # flip 1-3 bits
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
    elif kind == 1:                             # truncate
        del data[rng.randrange(len(data) + 1):]
    elif kind == 2:                             # insert random bytes
        i = rng.randrange(len(data) + 1)
        data[i:i] = rng.randbytes(rng.randint(1, 4))
    elif kind == 3 and data:                    # overwrite a run with random bytes
        i = rng.randrange(len(data))
        data[i:i + 4] = rng.randbytes(4)
    else:                                       # delete a run
        i = rng.randrange(len(data) + 1)
        del data[i:i + rng.randint(1, 4)]
    return bytes(data)


def mutate_link(rng: random.Random, payload: str) -> str:
    kind = rng.randrange(6)
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    if kind == 0:                               # damage the text itself
        chars = list(payload)
        for _ in range(rng.randint(1, 3)):
            op, i = rng.randrange(3), rng.randrange(len(chars) + 1)
            if op == 0:
                chars.insert(i, rng.choice(B64 + "=%é #"))
            elif op == 1 and i < len(chars):
                chars[i] = rng.choice(B64)
            else:
                del chars[i:i + 1]
        return "".join(chars)
    if kind == 1:                               # damage the bytes
        return b64(mutate_bytes(rng, raw))
    if kind == 2:                               # random garbage of a plausible length
        return "".join(rng.choice(B64) for _ in range(rng.randint(0, len(payload) + 8)))
    # A deliberate tamperer: edit the body and fix the checksum, so the frame check and the
    # replay have to catch it.
    head, body = raw[:2], zlib.decompress(raw[6:], -15)
    if kind == 3 and rng.random() < 0.5:
        head = bytes([head[0], rng.randrange(256)])
    body = mutate_bytes(rng, body)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return b64(head + zlib.crc32(head + body).to_bytes(4, "big")
               + packer.compress(body) + packer.flush())


def random_json(rng: random.Random, depth: int = 0):
    makers = [
        lambda: None, lambda: True, lambda: rng.randint(-3, 40), lambda: rng.random(),
        lambda: "".join(rng.choice("aYvT1eé <&\"") for _ in range(rng.randint(0, 6))),
        lambda: "x" * 41,
        lambda: [random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))],
        lambda: {rng.choice(["name", "bot", "mode", "k"]): random_json(rng, depth + 1)},
    ]
    return makers[rng.randrange(8 if depth < 2 else 6)]()


def edit_json(rng: random.Random, record: dict) -> dict:
    """One structural edit somewhere in the record (values, keys, actions, seats)."""
    record = json.loads(json.dumps(record))
    kind = rng.randrange(7)
    actions = record["actions"]
    if kind == 0:
        record[rng.choice(list(record))] = random_json(rng)
    elif kind == 1:
        record.pop(rng.choice(list(record)))
    elif kind == 2 and actions:
        actions[rng.randrange(len(actions))] = rng.choice([random_json(rng), "Y", "v1", "zz", ""])
    elif kind == 3 and len(actions) > 1:
        i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
        actions[i], actions[j] = actions[j], actions[i]
    elif kind == 4:
        seat = rng.choice(record["seats"])
        seat[rng.choice(["name", "bot", "extra"])] = random_json(rng)
    elif kind == 5:
        record["format"] = rng.choice([0, 2, 99, "1", 1.0, None, -1, True])
    else:
        record["options"][rng.choice(list(record["options"]) + ["zzz"])] = random_json(rng)
    return record


def mutate_file(rng: random.Random, text: str) -> str:
    if rng.random() < 0.45:
        return json.dumps(edit_json(rng, json.loads(text)), ensure_ascii=False)
    return mutate_bytes(rng, text.encode()).decode("utf-8", errors="replace")


def test_mutated_links_only_raise_link_errors_and_never_half_open():
    rng = random.Random(20261129)
    payloads = [encode(r) for r in corpus()]
    opened = refused = 0
    for _ in range(LINK_CASES):
        text = mutate_link(rng, rng.choice(payloads))
        try:
            record, info = decode(text)
        except LinkError as exc:
            assert exc.code.startswith(("library.link_error.", "library.input.", "record.")) \
                and str(exc)
            refused += 1
            continue
        # Opened: it must be a whole game that replays to the very state handed over.
        again = replay(record)
        assert len(record["actions"]) == info.actions
        assert again.state.to_json() == info.state.to_json()
        opened += 1
    assert opened + refused == LINK_CASES and refused > LINK_CASES * 0.9


def test_mutated_record_files_only_raise_record_errors_and_store_nothing():
    rng = random.Random(1129)
    texts = [json.dumps(r, ensure_ascii=False, indent=1) for r in corpus()]
    storage = MemoryStorage()
    store = SaveStore(storage)
    refused = 0
    for _ in range(FILE_CASES):
        before = dict(storage.data)
        try:
            save_id = store.import_(mutate_file(rng, rng.choice(texts)))
        except RecordError as exc:
            assert str(exc)
            assert storage.data == before, "a refused file changed the storage"
            refused += 1
            continue
        # Imported: the stored game opens completely.
        replay(store.get(save_id))
        store.delete(save_id)
    assert refused > FILE_CASES * 0.3


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000,
                                  '{"a":' * 50_000 + "1" + "}" * 50_000])
def test_absurdly_nested_files_are_refused_cleanly(text):
    storage = MemoryStorage()
    with pytest.raises(RecordError):
        SaveStore(storage).import_(text)
    assert storage.data == {}
