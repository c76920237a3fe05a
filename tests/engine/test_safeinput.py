"""The bounded reader of outside data and the checks on names and titles (issue 14)."""

import json

import pytest

from rituels.engine import safeinput
from rituels.engine.history import replay
from rituels.engine.record import RecordError, check_record, parse_record_text
from rituels.engine.safeinput import (MAX_DEPTH, InputError, clean_title, printable, read_json,
                                      text_problem, too_deep)

from .helpers import played_record


def test_deep_text_is_refused_before_it_is_parsed(monkeypatch):
    def parse(text):
        raise AssertionError("json.loads was called on a deep text")
    monkeypatch.setattr(safeinput.json, "loads", parse)
    for text in ("[" * 100_000 + "]" * 100_000, '{"a":' * 5000 + "1" + "}" * 5000, "[" * 5000):
        with pytest.raises(InputError) as err:
            read_json(text, max_chars=10**6)
        assert err.value.code == "library.input.too_deep"


def test_depth_counts_structure_not_brackets_in_strings():
    assert not too_deep(json.dumps({"name": "[[[[[[[[[[[[[[[[[[[[[[[[[[" + '\\"{{{{{{{{{{{{{{{{{{{'}),
                        MAX_DEPTH)
    nested = json.dumps(json.loads("[" * MAX_DEPTH + "]" * MAX_DEPTH))
    assert not too_deep(nested, MAX_DEPTH) and read_json(nested, max_chars=100)
    assert too_deep("[" + nested + "]", MAX_DEPTH)
    assert too_deep("[{}" * 17 + "]" * 17, 16) and not too_deep("[{}" * 15 + "]" * 15, 16)


def test_size_type_and_syntax_are_refused_with_their_code():
    for text, code in (("x" * 101, "library.input.too_big"), (None, "library.input.not_json"),
                       ("{", "library.input.not_json"), (b"\xff", "library.input.not_json")):
        with pytest.raises(InputError) as err:
            read_json(text, max_chars=100)
        assert err.value.code == code


@pytest.mark.parametrize("name", ["a\ud800b", "\udfff", "Ada\x00", "tab\there", "Ada\u202eevil",
                                  "\u2066x", "\ue000", "\U000e0001x\U0010fffe"])
def test_names_with_forbidden_characters_are_refused(name):
    assert text_problem(name)
    record = played_record("cthulhu-dice", 2, upto=0)
    record["seats"][0]["name"] = name
    with pytest.raises(RecordError) as err:
        check_record(record)
    assert err.value.code == "library.input.bad_name"


def test_names_are_normalised_and_letters_of_every_script_pass():
    record = played_record("cthulhu-dice", 3, upto=0)
    record["seats"][0]["name"] = "  Zoe\u0301   de\u00a0la  Nuit "
    record["seats"][1]["name"] = "محمد 李小龙"
    record["seats"][2]["name"] = "Ada 🐙\u200d"
    seats = check_record(record)["seats"]
    assert seats[0]["name"] == "Zoé de la Nuit"
    assert seats[1]["name"] == "محمد 李小龙" and seats[2]["name"] == "Ada 🐙\u200d"


def test_titles_are_cut_to_sixty_and_unusable_ones_dropped():
    assert clean_title("  Le   grand   soir ") == "Le grand soir"
    assert clean_title("é" * 1379) == "é" * 60
    assert clean_title("x" * 100_000) == "x" * 60
    assert clean_title("a\ud800") == "" and clean_title(["x"]) == ""
    record = played_record("cthulhu-dice", 2, upto=0)
    record["meta"] = {"title": "t" * 228, "started": "\x07", "deep": [[1]], "n": 3}
    assert check_record(record)["meta"] == {"title": "t" * 60, "n": 3}


def test_a_notation_with_other_scripts_digits_is_an_unreadable_action():
    record = played_record("cthulhu-dice", 2, seed=3, upto=6)
    i, action = next((i, a) for i, a in enumerate(record["actions"]) if any(c.isdigit() for c in a))
    for digit in ("²", "\u0663", "\uff15", "\U0001d7d8"):
        broken = dict(record, actions=list(record["actions"]))
        broken["actions"][i] = "".join(digit if c.isdigit() else c for c in action)
        with pytest.raises(RecordError) as err:
            replay(broken)
        assert err.value.index == i and err.value.code in ("record.notation", "record.illegal")


def test_a_stored_record_goes_through_the_same_door():
    with pytest.raises(RecordError) as err:
        parse_record_text('{"a":' * 5000 + "1" + "}" * 5000)
    assert err.value.code == "library.input.too_deep"


def test_printable_replaces_lone_surrogates_only():
    assert printable("Zoé 🐙") == "Zoé 🐙"
    assert printable("a\ud800b") == "a\ufffdb"
