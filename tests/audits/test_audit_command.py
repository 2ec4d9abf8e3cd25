"""`manage.py audit`: one verdict a line, in order, strict JSON, then the summary; a bad line
never stops the run; exit 0 / 1 / 2 as `rule`."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from tests.rulings.conftest import strict_json

# RULING_API.md's push example: a pair of sixes pushes (mississippi-stud.txt: 6-10 push)
PUSH = {"game": "mississippi-stud", "hole": "6h 6s", "board": "Ac 9d Kc", "bets": [1, 1, 1, 1]}


def run(tmp_path, text: str | bytes, *args: str, name: str = "shift.jsonl"):
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    out, err = io.StringIO(), io.StringIO()
    code = 0
    try:
        call_command("audit", str(path), *args, stdout=out, stderr=err)
    except SystemExit as exc:
        code = exc.code
    return code, [strict_json(line) for line in out.getvalue().splitlines()], err.getvalue()


def lines(*objects) -> str:
    return "".join((o if isinstance(o, str) else json.dumps(o)) + "\n" for o in objects)


def test_all_audited_exits_0_with_a_summary_line(tmp_path):
    code, out, _ = run(tmp_path, lines({**PUSH, "paid": 0}, {**PUSH, "paid": 4}), "--json")
    assert code == 0
    assert [o["verdict"] for o in out[:2]] == ["correct", "overpaid"]
    summary = out[2]["summary"]
    assert (summary["hands"], summary["overpaid"], summary["overpaid_total"]) == (2, 1, 4)
    assert list(summary["versions"]) == ["mississippi-stud"]


def test_a_bad_line_is_numbered_and_the_run_goes_on(tmp_path):
    text = lines({**PUSH, "paid": 0}, "{not json", {**PUSH, "hole": "6h 6h", "paid": 0}, "")
    text += b"\xff\n".decode("latin-1") + lines({**PUSH, "paid": 4, "id": "last"})
    code, out, err = run(tmp_path, text.encode("latin-1"))
    assert code == 1
    assert [o["verdict"] for o in out] == ["correct", "error", "error", "error", "overpaid"]
    assert [o.get("line") for o in out] == [None, 2, 3, 5, None]
    assert out[2]["error"]["field"] == "hole"
    assert out[4]["id"] == "last"
    assert "5 hands" in err  # the summary in words, on standard error


def test_nan_and_lone_surrogates_never_reach_the_output(tmp_path):
    text = '{"game": "mississippi-stud", "hole": "6h 6s", "board": "Ac 9d Kc", '
    text += '"bets": [1, 1, 1, 1], "paid": NaN, "id": "\\ud800"}\n'
    code, out, _ = run(tmp_path, text)
    assert code == 1 and out[0]["verdict"] == "error"  # strict_json read every line
    assert "id" not in out[0]


def test_csv_by_its_extension(tmp_path):
    text = "game,dealer,hole,board,ante,bet3,bet4,bet5,paid\n"
    text += "mississippi-stud,Ann,6h 6s,Ac 9d Kc,1,1,1,1,4\n"
    code, out, _ = run(tmp_path, "\ufeff" + text, "--json", name="shift.csv")
    assert code == 0 and out[0]["verdict"] == "overpaid"
    assert list(out[1]["summary"]["by_dealer"]) == ["Ann"]


def test_misuse_exits_2(tmp_path, db):
    with pytest.raises(CommandError) as missing:
        call_command("audit", str(tmp_path / "none.jsonl"))
    assert missing.value.returncode == 2
    (tmp_path / "shift.jsonl").write_text(lines({**PUSH, "paid": 0}))
    with pytest.raises(CommandError) as unknown:
        call_command("audit", str(tmp_path / "shift.jsonl"), "--house", "nowhere")
    assert unknown.value.returncode == 2


def test_a_house_says_which_version_it_used(tmp_path, demo):
    code, out, _ = run(tmp_path, lines({**PUSH, "paid": 0}), "--json", "--house", demo.slug)
    assert code == 0
    (label,) = out[1]["summary"]["versions"]["mississippi-stud"]
    assert label.startswith(f"{demo} · Mississippi Stud v")


def test_an_output_that_is_not_utf8_gets_json_escapes_and_never_a_traceback(tmp_path):
    # PYTHONIOENCODING=ascii (an old locale): the verdicts had a fallback, the summary did not
    path = tmp_path / "shift.jsonl"
    zoe, lone = {**PUSH, "paid": 4, "dealer": "Zoë"}, {**PUSH, "paid": 0, "dealer": "Al\ud800"}
    path.write_text(lines(zoe) + json.dumps(lone) + "\n")  # json.dumps escapes the surrogate
    for args in (["--json"], []):
        out, err = (io.TextIOWrapper(io.BytesIO(), encoding="ascii") for _ in range(2))
        with pytest.raises(SystemExit):  # exit 1: the lone surrogate's line is an error
            call_command("audit", str(path), *args, stdout=out, stderr=err)
        out.flush(), err.flush()
        written = [strict_json(line) for line in out.buffer.getvalue().decode().splitlines()]
        assert [w.get("verdict") for w in written[:2]] == ["overpaid", "error"]
        assert written[1]["error"]["field"] == "dealer"
        if args:
            # and a name JSON cannot write counts as no name, so the summary is still one
            assert set(written[2]["summary"]["by_dealer"]) == {"Zoë", ""}
        else:
            assert "dealer Zo\\xeb: 1 hands" in err.buffer.getvalue().decode()


def test_a_log_whose_lines_end_with_cr_alone_is_named_so(tmp_path):
    # the csv module's own words were "new-line character seen in unquoted field - do you need
    # to open the file in newline mode?"
    from trainer.engine.audit import CR_LINE_ENDS

    csv_text = "game,dealer,hole,board,ante,bet3,bet4,bet5,paid\r"
    csv_text += "mississippi-stud,Ann,6h 6s,Ac 9d Kc,1,1,1,1,4\r"
    code, out, _ = run(tmp_path, csv_text, name="shift.csv")
    assert code == 1 and out[0]["error"]["message"] == CR_LINE_ENDS
    jsonl = "\r".join(json.dumps({**PUSH, "paid": paid}) for paid in (0, 4)) + "\r"
    code, out, _ = run(tmp_path, jsonl)
    message = f"Line 1 cannot be read as a hand. {CR_LINE_ENDS}"
    assert code == 1 and out[0]["error"]["message"] == message
