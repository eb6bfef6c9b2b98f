#!/usr/bin/env python3
"""Turns the `// Example:` blocks of the public headers into one GoogleTest
source each, so the header's own text is what runs (tests/docs/CMakeLists.txt
calls this at configure time and again whenever a header changes).

An example is the comment lines after `// Example:` that keep its indentation
and start with `//` and two spaces or more. They are C++ statements; a
statement's trailing comment may state its value:

    resolve("H 3 * * *", o);  // == "12 3 * * *"
    s.after.peak;             // < 8            (also != <= > >=)
    parse("61 * * * *");      // throws "minute: 61 is out of range" at column 1

A comment line of its own that states a value applies to the statement before
it (for values too long for one line). Any other comment is prose and is left
out. An example that states nothing is refused: it would check nothing.

Each source carries `#line` directives, so a compiler error or a failed check
names the header's own line. A malformed example becomes an `#error` there.

Usage: header_examples.py OUT_DIR HEADER...   (writes OUT_DIR/*.cc and
OUT_DIR/sources.cmake, rewriting only files whose text changed).
"""

import os
import re
import sys

OPEN = re.compile(r"^(\s*)// Example:\s*$")
CHECK = re.compile(r"^(==|!=|<=|>=|<|>)\s*(.+)$")
THROWS = re.compile(r'^throws\s+("(?:[^"\\]|\\.)*")(?:\s+at column\s+(\d+))?\s*$')
GTEST = {"==": "EXPECT_EQ", "!=": "EXPECT_NE", "<": "EXPECT_LT", "<=": "EXPECT_LE", ">": "EXPECT_GT", ">=": "EXPECT_GE"}


class Malformed(Exception):
    def __init__(self, line, what):
        super().__init__(what)
        self.line = line


def blocks(lines):
    """(first line number, [(line number, text)]) for each example, 1-based."""
    i = 0
    while i < len(lines):
        m = OPEN.match(lines[i])
        i += 1
        if not m:
            continue
        prefix = m.group(1) + "//"
        body = []
        while i < len(lines) and lines[i].startswith(prefix + "  "):
            body.append((i + 1, lines[i][len(prefix):]))
            i += 1
        indent = min((len(t) - len(t.lstrip()) for _, t in body), default=0)
        yield i - len(body), [(n, t[indent:]) for n, t in body]


class Scanner:
    """Splits code from a trailing // comment, across lines (raw strings span them)."""

    def __init__(self):
        self.raw_end = None  # the )delim" that closes an open raw string

    def split(self, text):
        code, i = [], 0
        while i < len(text):
            if self.raw_end is not None:
                j = text.find(self.raw_end, i)
                if j < 0:
                    code.append(text[i:])
                    return "".join(code), None
                code.append(text[i:j + len(self.raw_end)])
                i = j + len(self.raw_end)
                self.raw_end = None
                continue
            c = text[i]
            raw = re.match(r'R"([^(\s]*)\(', text[i:])
            if raw:
                self.raw_end = ")" + raw.group(1) + '"'
                code.append(raw.group(0))
                i += len(raw.group(0))
            elif c in "\"'":
                j = i + 1
                while j < len(text) and text[j] != c:
                    j += 2 if text[j] == "\\" else 1
                code.append(text[i:j + 1])
                i = j + 1
            elif text.startswith("//", i):
                return "".join(code), text[i + 2:].strip()
            else:
                code.append(c)
                i += 1
        return "".join(code), None


def statement_check(first, lines, claim):
    """The C++ for one statement (its lines from line `first`) and its claim."""
    text = "\n".join(lines).rstrip()
    where = f'#line {first} "{{path}}"\n'
    if claim is None:
        return where + text + "\n"
    if not text.endswith(";"):
        raise Malformed(first, "a stated value needs an expression statement ending in ';'")
    expr = text[:-1]
    m = THROWS.match(claim)
    if m:
        column = f"\n  EXPECT_EQ(e.column(), {m.group(2)});" if m.group(2) else ""
        return (f"try {{\n{where}static_cast<void>({expr});\n"
                f"  ADD_FAILURE() << \"no exception\";\n}} catch (const ::fuzzycron::Error& e) {{\n"
                f"  EXPECT_NE(e.message().find({m.group(1)}), std::string::npos) << e.message();{column}\n}}\n")
    m = CHECK.match(claim)
    return f"{where}{GTEST[m.group(1)]}(({expr}), ({m.group(2)}));\n"


def is_claim(comment):
    return comment is not None and bool(CHECK.match(comment) or comment.startswith("throws"))


def example_body(body):
    """The test body of one example; raises Malformed."""
    out, pending, scanner = [], [], Scanner()
    held = None  # a finished statement without a claim: the next comment line may state one
    claims = 0
    for number, text in body:
        code, comment = scanner.split(text)
        if not code.strip() and scanner.raw_end is None and not pending:
            if is_claim(comment):
                if held is None:
                    raise Malformed(number, "a stated value with no statement before it")
                if comment.startswith("throws") and not THROWS.match(comment):
                    raise Malformed(number, 'write: throws "PART OF THE MESSAGE" [at column N]')
                out.append(statement_check(*held, comment))
                held, claims = None, claims + 1
            continue  # prose
        if held is not None:
            out.append(statement_check(*held, None))
            held = None
        if not pending:
            first = number
        pending.append(code.rstrip())
        if scanner.raw_end is not None or not code.rstrip().endswith((";", "{", "}")):
            continue  # the statement goes on
        if is_claim(comment):
            if comment.startswith("throws") and not THROWS.match(comment):
                raise Malformed(number, 'write: throws "PART OF THE MESSAGE" [at column N]')
            out.append(statement_check(first, pending, comment))
            claims += 1
        else:
            held = (first, list(pending))
        pending = []
    if pending:
        raise Malformed(first, "an unfinished statement")
    if held is not None:
        out.append(statement_check(*held, None))
    if claims == 0:
        raise Malformed(body[0][0] - 1 if body else 0, "an example that states no value checks nothing")
    return "".join(out)


def source(header, path, name, body, opening):
    stem = os.path.basename(header)
    try:
        code = example_body(body).replace("{path}", path)
    except Malformed as e:
        code = f'#line {e.line or opening} "{path}"\n#error "{e}"\n'
    return (f"// Generated by tests/docs/header_examples.py from the example at {stem}:{opening}:\n"
            f"// edit the header, not this file.\n"
            f"#include \"fuzzycron/{stem}\"\n\n"
            "#include <gtest/gtest.h>\n\n#include <chrono>\n#include <string>\n#include <vector>\n\n"
            "#include \"fuzzycron/diagnostic.h\"\n#include \"fuzzycron/options.h\"\n#include \"fuzzycron/tools.h\"\n\n"
            "namespace fuzzycron {\nnamespace {\n\nusing namespace std::chrono_literals;\n\n"
            f"TEST(HeaderExamples, {name}) {{\n{code}}}\n\n}}  // namespace\n}}  // namespace fuzzycron\n")


def write_if_changed(path, text):
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main(out_dir, headers):
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for header in sorted(headers):
        with open(header, encoding="utf-8") as f:
            found = list(blocks(f.read().split("\n")))
        stem = os.path.splitext(os.path.basename(header))[0]
        for index, (opening, body) in enumerate(found, 1):
            name = stem if len(found) == 1 else f"{stem}_{index}"
            path = os.path.abspath(header)
            file = os.path.join(out_dir, name + ".cc")
            write_if_changed(file, source(header, path, name, body, opening))
            written.append(file)
    for old in os.listdir(out_dir):  # examples that are gone
        if old.endswith(".cc") and os.path.join(out_dir, old) not in written:
            os.remove(os.path.join(out_dir, old))
    listing = "set(header_example_sources\n" + "".join(f'  "{w}"\n' for w in written) + ")\n"
    write_if_changed(os.path.join(out_dir, "sources.cmake"), listing)
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
