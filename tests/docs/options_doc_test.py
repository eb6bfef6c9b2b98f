"""docs/options.md lists exactly the library's options schema: every option,
in the schema's order, with its spellings, type, default, values, dialects,
help and old spellings as fuzzycron.option_schema() gives them (the built
Python package on PYTHONPATH; FUZZYCRON_ROOT is the checkout)."""
import os
import sys
from pathlib import Path

import fuzzycron

ROOT = Path(os.environ.get("FUZZYCRON_ROOT", Path(__file__).resolve().parents[2]))
COLUMNS = ["name", "CLI", "JSON / Python / C", "JS / Java", "Go", "type", "default", "values", "dialects",
           "help", "old spellings"]
# The fields Go has for the common options; any other option goes in Extra by name.
GO_FIELDS = {"dialect": "Dialect", "zone": "Zone", "dst": "DST", "seed": "Seed", "host": "Host",
             "hash-scheme": "HashScheme", "offset-window": "OffsetWindow", "balance-lock": "Balance"}
ALL_DIALECTS = ["standard", "quartz", "jenkins", "furiko", "kubernetes", "croniter", "cron-parser", "spring"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def table(text):
    """The rows of the table whose header is COLUMNS, as dicts."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("|") and cells(line) == COLUMNS:
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append(dict(zip(COLUMNS, cells(row))))
            return rows
    raise AssertionError("docs/options.md has no table with the columns " + " | ".join(COLUMNS))


def plain(cell):
    return cell.replace("`", "")


def none_or(cell):
    return "" if cell == "—" else plain(cell)


def listed(cell):
    return [] if cell == "—" else [v.strip() for v in plain(cell).split(",")]


def kebab(snake):
    return snake.replace("_", "-")


def camel(snake):
    head, *rest = snake.split("_")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


def doc_rows():
    return table((ROOT / "docs" / "options.md").read_text(encoding="utf-8"))


def test_the_table_is_the_schema():
    schema = fuzzycron.option_schema()
    rows = doc_rows()
    assert [plain(r["name"]) for r in rows] == [kebab(o["name"]) for o in schema]
    for o, r in zip(schema, rows):
        name = kebab(o["name"])
        assert plain(r["JSON / Python / C"]) == o["name"], name
        assert plain(r["JS / Java"]) == camel(o["name"]), name
        flags = [f.strip() for f in plain(r["CLI"]).split(",")]
        assert "--" + name in flags, name
        if o["type"] == "flag":
            assert "--no-" + name in flags, name
        assert plain(r["Go"]) == GO_FIELDS.get(name, f'Extra["{name}"]'), name
        assert r["type"] == o["type"], name
        assert none_or(r["default"]) == o["default"], name
        assert listed(r["values"]) == list(o["values"]), name
        dialects = ALL_DIALECTS if r["dialects"] == "all" else listed(r["dialects"])
        assert dialects == list(o["dialects"]), name
        assert r["help"] == o["help"], name
        assert listed(r["old spellings"]) == [s for s in o["old_names"].split(",") if s], name


def test_the_comparison_can_fail(tmp_path, monkeypatch):
    # A table that forgets an option, or states another default, is not the schema.
    text = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `day-or` |"))
    for changed in (text.replace(row + "\n", ""), text.replace(row, row.replace("| `true` |", "| `false` |", 1))):
        (tmp_path / "docs").mkdir(exist_ok=True)
        (tmp_path / "docs" / "options.md").write_text(changed, encoding="utf-8")
        monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
        try:
            test_the_table_is_the_schema()
        except AssertionError:
            continue
        raise AssertionError("a changed table passed")
