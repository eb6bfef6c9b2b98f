#!/usr/bin/env python3
"""No link leaves the repository: every relative Markdown link in README.md,
CHANGELOG.md and docs/*.md names a file or directory inside the checkout
(http(s) and mailto links are allowed; an #anchor alone points into the page).

Usage: links_test.py ROOT   (also runs under pytest with FUZZYCRON_ROOT)."""
import os
import re
import sys
from pathlib import Path

# [text](target) and [text](target "title"); images too. Code spans and fenced
# blocks are left out first, so a `[x](y)` in an example is not a link.
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.M | re.S)
CODE = re.compile(r"`+[^`\n]*`+")


def pages(root: Path):
    yield root / "README.md"
    yield root / "CHANGELOG.md"
    yield from sorted((root / "docs").glob("*.md"))


def links(text: str):
    text = FENCE.sub("", text)
    text = CODE.sub("", text)
    yield from LINK.findall(text)
    yield from REFERENCE.findall(text)


def problems(root: Path):
    root = root.resolve()
    found = []
    for page in pages(root):
        if not page.exists():
            found.append(f"{page.relative_to(root)}: missing")
            continue
        for target in links(page.read_text(encoding="utf-8")):
            if re.match(r"^(https?|mailto):", target):
                continue
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                found.append(f"{page.relative_to(root)}: {target}: a scheme other than http(s)")
                continue
            path = target.split("#", 1)[0].split("?", 1)[0]
            if not path:
                continue  # an anchor in the same page
            if path.startswith("/"):
                found.append(f"{page.relative_to(root)}: {target}: an absolute path")
                continue
            resolved = (page.parent / path).resolve()
            if resolved != root and root not in resolved.parents:
                found.append(f"{page.relative_to(root)}: {target}: outside the repository")
            elif not resolved.exists():
                found.append(f"{page.relative_to(root)}: {target}: no such file")
    return found


def test_no_link_leaves_the_repository():
    root = Path(os.environ.get("FUZZYCRON_ROOT", Path(__file__).resolve().parents[2]))
    assert problems(root) == []


def test_the_checker_sees_a_bad_link(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text("[spec](../shared/SPEC.md) [ok](docs/a.md) `[no](../x)`\n")
    (tmp_path / "CHANGELOG.md").write_text("[web](https://example.com) [gone](docs/b.md#x)\n")
    (tmp_path / "docs" / "a.md").write_text("[up](../README.md) [abs](/etc/passwd) [same](#here)\n")
    found = problems(tmp_path)
    assert found == ["README.md: ../shared/SPEC.md: outside the repository",
                     "CHANGELOG.md: docs/b.md#x: no such file",
                     "docs/a.md: /etc/passwd: an absolute path"], found


if __name__ == "__main__":
    import tempfile
    with tempfile.TemporaryDirectory() as scratch:
        test_the_checker_sees_a_bad_link(Path(scratch))
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2])
    bad = problems(root)
    for b in bad:
        print(b)
    print(f"{len(bad)} links leave the repository or point nowhere")
    sys.exit(1 if bad else 0)
