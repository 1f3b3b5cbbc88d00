"""The command lines: helpful --help, JSON on stdout with progress on stderr."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from battleline.standard.bots import LEVELS

SRC = str(Path(__file__).resolve().parents[1] / "src")
COMMANDS = ["battleline", "battleline.arena", "battleline.bench", "battleline.standard.puzzles"]


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True,
                          timeout=timeout, env=env)


def entries_without_help(text: str) -> list[str]:
    """The arguments listed under 'positional arguments:' or 'options:' with no words."""
    missing, section = [], False
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line in ("positional arguments:", "options:", "optional arguments:"):
            section = True
            continue
        if not line.strip():
            section = False
            continue
        if not section or not re.match(r"^  \S", line):
            continue
        has_words = re.search(r"\S\s{2,}\S", line.strip())
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if not has_words and not re.match(r"^\s{4,}\S", nxt):
            missing.append(line.strip())
    return missing


@pytest.mark.parametrize("module", COMMANDS)
def test_help_explains_every_argument_in_plain_text(module):
    out = run(module, "--help")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    for markup in ("``", ":func:", ":class:", ":mod:", ":meth:"):
        assert markup not in text, f"raw markup {markup} in {module} --help"
    assert entries_without_help(text) == [], text


def test_help_of_the_demo_says_what_demo_and_seed_do():
    text = run("battleline", "--help").stdout
    assert re.search(r"demo\s+.*(formations|claims|random game)", text), text
    assert re.search(r"--seed SEED\s+\S.*random game", text), text


@pytest.mark.slow
def test_arena_help_lists_the_bots():
    text = run("battleline.arena", "--help").stdout
    for name in [*LEVELS, *LEVELS.values(), "module:Class"]:
        assert name in text, name


def test_puzzles_check_help():
    text = run("battleline.standard.puzzles", "check", "--help").stdout
    assert entries_without_help(text) == [] and "JSON" in text


@pytest.mark.slow
def test_arena_json_goes_to_stdout_and_progress_to_stderr():
    out = run("battleline.arena", "easy", "easy", "--games", "20", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["games"] == 20
    assert "20/20" in out.stderr and "game" in out.stderr
