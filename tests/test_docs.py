"""The documents' examples work as written.

Every ```python block of README.md and the Markdown files under docs/ (docs/experiments/LOG.md
included) runs, the blocks of one file in order in
one namespace (a later block may use an earlier one's names), except the README's: each of
those stands alone (a reader pastes one at a time), and one that makes a widget ends with it
(pasted into a cell, it shows the widget). A line ``EXPR  # → VALUE``
also checks that ``repr(EXPR)`` is ``VALUE``, so a comment that shows output shows the real
one. Shell blocks are not run; the README's first commands are checked to exist.
"""

from __future__ import annotations

import ast
import os
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from battleline import Game

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.M | re.S)
SHOWN = re.compile(r"^(?P<code>[^#\n]*?\S)\s+# → (?P<want>.+?)\s*$")


def blocks(path: Path, language: str) -> list[tuple[int, str]]:
    """``(line number, code)`` of every fenced block in that language."""
    text = path.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 2, m.group(2)) for m in FENCE.finditer(text)
            if m.group(1) == language]


def with_checks(code: str) -> str:
    """The block, with each ``EXPR  # → VALUE`` line turned into a check of that value."""
    out = []
    for line in code.splitlines():
        m = SHOWN.match(line)
        if m:
            try:
                ast.parse(m.group("code").strip(), mode="eval")
            except SyntaxError:
                pass
            else:
                indent = line[: len(line) - len(line.lstrip())]
                line = f"{indent}__shows__(({m.group('code').strip()}), {m.group('want')!r})"
        out.append(line)
    return "\n".join(out) + "\n"


def _shows(value, want: str) -> None:
    assert repr(value) == want, f"the comment shows {want}, the code gives {value!r}"


@pytest.mark.parametrize("path", [p for p in DOCUMENTS if blocks(p, "python")],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_python_examples_run(path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # an example that saves a file saves it here
    namespace = {"__name__": "__docs__", "__shows__": _shows}
    for line, code in blocks(path, "python"):
        exec(compile(with_checks(code), f"{path.relative_to(ROOT)}:{line}", "exec"), namespace)


README_WIDGETS = ("BattleLineWidget(", "AncientBattlesWidget(")


@pytest.mark.parametrize("line,code", blocks(ROOT / "README.md", "python"), ids=lambda x: str(x)[:12])
def test_each_readme_block_stands_alone_and_a_widget_block_ends_with_the_widget(line, code, tmp_path, monkeypatch):
    """Issue 33 item 22: pasted alone, each README block runs (the refusal(...) snippet
    needed ``g`` from the block above), and a block that makes a widget ends with it (the
    Ancient one ended with ``battle.view["phase"]``, which shows 'deploy', not the widget)."""
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "__readme__", "__shows__": _shows}
    exec(compile(with_checks(code), f"README.md:{line}", "exec"), namespace)
    if any(w in code for w in README_WIDGETS):
        last = ast.parse(code).body[-1]
        assert isinstance(last, ast.Expr), f"README.md:{line}: the block does not end with an expression"
        shown = eval(compile(ast.Expression(last.value), "<last>", "eval"), namespace)
        import anywidget
        assert isinstance(getattr(shown, "widget", shown), anywidget.AnyWidget), \
            f"README.md:{line}: the block ends with {shown!r}, not the widget"


def test_the_checks_catch_a_wrong_comment():
    namespace = {"__shows__": _shows}
    exec(with_checks("x = 1 + 1\nx  # → 2\n"), namespace)
    with pytest.raises(AssertionError, match="shows 3"):
        exec(with_checks("x  # → 3\n"), namespace)


def test_the_readmes_first_commands_exist():
    commands = [c for _, block in blocks(ROOT / "README.md", "bash") for c in block.splitlines()
                if c.strip()][:2]
    assert len(commands) == 2
    pyproject = (ROOT / "pyproject.toml").read_text()
    # the tools of the environment running the tests, even when it is not on PATH (a venv's
    # python run by its full path): its scripts lie beside its interpreter
    tools = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    for command in commands:
        for part in command.split("#")[0].split("&&"):
            argv = shlex.split(part)
            assert shutil.which(argv[0], path=tools), f"{argv[0]} is not installed"
            for arg in argv[1:]:
                if "/" in arg and not arg.startswith("-"):
                    assert (ROOT / arg).exists(), f"{arg} is not in the repository"
                if arg.startswith(".["):
                    for extra in arg[2:-1].split(","):
                        assert re.search(rf"^{extra} = \[", pyproject, re.M), f"no extra {extra!r}"


def test_notation_example_position_reads_and_round_trips():
    text = (ROOT / "docs" / "notation.md").read_text()
    block = re.search(r"```\n(battleline position 1\n.*?)```", text, re.S).group(1)
    g = Game.from_position(block)
    assert Game.from_position(g.position()).position() == g.position()
    assert g.claimed_by(2) == 0 and g.mud_at(3) and g.fog_at(2)


def test_svg_picture_shows_every_card_on_the_table():
    g = Game(seed=2)
    for _ in range(30):
        moves = [m for m in g.legal_moves() if m.kind != "claim"]
        g.play(moves[0])
    svg = g._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    for f in range(1, 10):
        for p in (0, 1):
            for c in g.cards_at(f, p):
                assert f"<title>{c.name}</title>" in svg


def test_text_drawing_names_the_player_to_move():
    g = Game(seed=5, first=1)
    assert "south to play" in str(g)


@pytest.mark.parametrize("path", [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_documents_stand_alone(path):
    """Every file a document names is in the repository, and none cites the project's
    private notes (the rulings are stated in docs/rules.md itself)."""
    text = path.read_text(encoding="utf-8")
    for name in ("RULINGS.md", "seeds/", "/work/"):
        assert name not in text, f"{path.name} points outside the repository: {name}"
    named = [ROOT / t.split("::")[0] for t in
             re.findall(r"`((?:docs|examples|src|js|tests|\.ci)/[^`\s]*)`", text)]
    named += [path.parent / t for t in re.findall(r"\]\((?!https?:|#)([^)\s#]+)", text)]
    for target in named:
        assert target.exists(), f"{path.name} names {target.relative_to(ROOT)}, which is not in the repository"


def test_the_readme_tells_vs_code_users_what_the_widget_needs():
    """VS Code's Jupyter extension shows anywidget widgets only with ipywidgets 8 in the kernel's
    environment; the README's notebook section says so, quoting the error a user sees, and the
    version it asks for is the one the package itself requires."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Playing in a notebook", 1)[1].split("\n## ", 1)[0]
    assert "VS Code" in section
    assert "No version of module anywidget is registered" in section
    asked = re.findall(r"ipywidgets>=(\d+)", section)
    required = re.search(r"dependencies = \[[^\]]*\"ipywidgets>=(\d+)\"",
                         (ROOT / "pyproject.toml").read_text(encoding="utf-8")).group(1)
    assert asked and set(asked) == {required} == {"8"}


def test_the_readmes_first_commands_are_for_ordinary_users():
    """Issue 33 items 19 and 21: one command to play, one to test, both for a fresh machine
    and an ordinary user: no ``--allow-root``; JupyterLab opened on the folder, not on a
    notebook in examples/ (which would make examples/ the server's root, where every new
    notebook is then saved); the light quick tier first, the whole suite (.ci/run: Ray, a
    browser toolchain, 1.3 GB) after, for CI and contributors."""
    play, test = [c for _, block in blocks(ROOT / "README.md", "bash") for c in block.splitlines() if c.strip()][:2]
    play, test = play.split("#")[0], test.split("#")[0]
    assert "--allow-root" not in play and "jupyter lab" in play and ".ipynb" not in play
    assert 'pip install -e ".[test]"' in test and 'pytest -m "not slow"' in test and ".ci/run" not in test
    quick = (ROOT / "README.md").read_text(encoding="utf-8").split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert "bash .ci/run" in quick and "contributors" in quick


def test_the_readme_states_the_quick_tiers_cost_in_cpu_time():
    """"In a few minutes" was 19-20 minutes of wall clock on a busy machine (307 s of CPU)."""
    quick = (ROOT / "README.md").read_text(encoding="utf-8").split("## Quick start", 1)[1].split("\n## ", 1)[0]
    words = " ".join(quick.split())
    assert "about 5 minutes of CPU time" in words and "more wall clock on a busy machine" in words
    assert "a few minutes" not in words
